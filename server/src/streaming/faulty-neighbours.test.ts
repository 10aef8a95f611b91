import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSpotify } from '../testing/fake-spotify';
import type { InjectedFailure } from '../testing/fake-spotify-catalogue';
import { fixtureStreamingService } from '../testing/fixture-catalogue';
import { listenOnLoopback } from '../testing/loopback';
import { bearer, createTestApp, signInWithSpotify } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';

/** Short, so a stalled call is given up quickly here; production waits 10 s. */
const SPOTIFY_TIMEOUT_MS = 400;
/** Three retries of a 5xx with backoff (0.2 + 0.4 + 0.8 s) and room for the calls themselves. */
const DEADLINE_MS = 3_000;

const faults: [name: string, failures: InjectedFailure[], status: number][] = [
  ['stalls', [{ delayMs: SPOTIFY_TIMEOUT_MS * 5 }], 504],
  ['answers 429 with a long Retry-After', [{ status: 429, retryAfter: 120 }], 502],
  ['answers 500 every time', Array(4).fill({ status: 500 }), 502],
  ['sends malformed JSON', [{ malformed: true }], 502],
  ['cuts the body mid-way', [{ cutBody: true }], 502],
];

const catalogue = fixtureStreamingService();
const idOf = async (query: string) =>
  (await catalogue.searchAlbums(query, { limit: 1, offset: 0 })).items[0]?.id ?? '';

const cases = testDatabaseKinds.flatMap((kind) =>
  faults.map(([name, failures, status]) => [name, kind, failures, status] as const),
);

describe.each(cases)('when Spotify %s (%s)', (_name, kind, failures, status) => {
  let spotify: Awaited<ReturnType<typeof startFakeSpotify>>;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let token: string;
  beforeAll(async () => {
    spotify = await startFakeSpotify({ catalogue });
    // A fresh app for each fault: a 429 pauses every Spotify call of its process.
    app = await createTestApp(kind, {
      ...spotify.environment,
      SPOTIFY_TIMEOUT_MS: String(SPOTIFY_TIMEOUT_MS),
    });
    token = await signInWithSpotify(app.app);
  });
  afterAll(async () => {
    await app.destroy();
    await spotify.close();
  });

  const calls: [route: string, method: 'GET' | 'POST', url: () => Promise<string>][] = [
    ['the catalogue search', 'GET', async () => '/api/v1/albums/spotify/search?query=homogenic'],
    ['new releases', 'GET', async () => '/api/v1/search/spotify/new-releases?country=US'],
    [
      'an album add',
      'POST',
      async () => `/api/v1/search/spotify/add-album/${await idOf('homogenic')}`,
    ],
  ];

  it.each(calls)(
    `answers ${status} to %s within its deadline and stores nothing`,
    async (_route, method, url) => {
      const address = await url();
      spotify.fail(...failures);
      const started = Date.now();
      const response = await app.app.inject({ method, url: address, headers: bearer(token) });
      expect(Date.now() - started).toBeLessThan(DEADLINE_MS);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ detail: expect.any(String) });
      const albums = await app.db.selectFrom('albums').select('id').execute();
      const tracks = await app.db.selectFrom('tracks').select('id').execute();
      expect([albums.length, tracks.length]).toEqual([0, 0]);
    },
  );
});

describe.each(testDatabaseKinds)('when MusicBrainz fails in any way (%s)', (kind) => {
  /** A MusicBrainz that answers each request by the next of these behaviours. */
  async function faultyMusicBrainz() {
    const behaviours: ((response: http.ServerResponse) => void)[] = [
      () => {}, // stalls
      (response) => response.writeHead(503).end('{"error":"busy"}'),
      (response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"rel'),
      (response) => {
        response.writeHead(200, { 'content-length': '999' });
        response.write('{"release-groups":[');
        response.socket?.destroy();
      },
    ];
    let next = 0;
    const server = http.createServer((_request, response) => {
      behaviours[next++ % behaviours.length]?.(response);
    });
    const port = await listenOnLoopback(server);
    return {
      url: `http://127.0.0.1:${port}/ws/2`,
      close: () => {
        server.closeAllConnections();
        return new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  }

  it('still adds each album whole, each within the genre look-up timeout', async () => {
    const spotify = await startFakeSpotify({ catalogue });
    const musicBrainz = await faultyMusicBrainz();
    const app = await createTestApp(kind, {
      ...spotify.environment,
      MUSICBRAINZ_URL: musicBrainz.url,
    });
    try {
      const token = await signInWithSpotify(app.app);
      for (const query of ['homogenic', 'kind of blue', 'complete sessions', 'ágætis']) {
        const started = Date.now();
        const response = await app.app.inject({
          method: 'POST',
          url: '/api/v1/albums',
          headers: bearer(token),
          payload: { spotify_id: await idOf(query) },
        });
        // The look-up waits at most 3 s for its turn and answer together.
        expect(Date.now() - started, query).toBeLessThan(4_500);
        expect(response.statusCode, query).toBe(201);
        const album = response.json();
        expect(album.tracks.length, query).toBeGreaterThan(0);
      }
    } finally {
      await app.destroy();
      await spotify.close();
      await musicBrainz.close();
    }
  }, 30_000);
});
