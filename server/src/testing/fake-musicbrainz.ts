import http from 'node:http';
import { listenOnLoopback } from './loopback';

/** A loopback stand-in for MusicBrainz's release-group search, in its JSON shape. */
export async function startFakeMusicBrainz(
  tags: { name: string; count: number }[],
  status = 200,
  releases: { artist: string; title: string }[] = [],
) {
  const queries: string[] = [];
  const userAgents: string[] = [];
  /** When each request arrived (ms since the epoch), for tests of the request spacing. */
  const arrivals: number[] = [];
  const server = http.createServer((request, response) => {
    arrivals.push(Date.now());
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    queries.push(url.searchParams.get('query') ?? '');
    userAgents.push(String(request.headers['user-agent']));
    response.writeHead(status, { 'content-type': 'application/json' });
    if (status === 200 && url.pathname === '/ws/2/release') {
      response.end(
        JSON.stringify({
          count: releases.length,
          offset: 0,
          releases: releases.map((release, i) => ({
            id: `release-${i}`,
            score: 100,
            title: release.title,
            'artist-credit': [
              { name: release.artist, artist: { id: `artist-${i}`, name: release.artist } },
            ],
            'release-group': { id: `group-${i}`, 'primary-type': 'Album' },
          })),
        }),
      );
      return;
    }
    if (status !== 200 || url.pathname !== '/ws/2/release-group') {
      response.end(JSON.stringify({ error: 'unavailable' }));
      return;
    }
    response.end(
      JSON.stringify({
        created: new Date().toISOString(),
        count: 1,
        offset: 0,
        'release-groups': [
          {
            id: '8e8f5a8c-0000-4000-8000-000000000000',
            score: 100,
            title: 'Matched',
            'primary-type': 'Album',
            tags,
          },
        ],
      }),
    );
  });
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}/ws/2`,
    queries,
    userAgents,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
