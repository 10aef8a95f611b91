import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoCatalogue } from '../streaming/demo/catalogue-data';
import { DemoCatalogue } from '../streaming/demo/demo-catalogue';
import { buildAlbum } from '../testing/factories';
import { startFakeMusicBrainz } from '../testing/fake-musicbrainz';
import { startFakeSpotify } from '../testing/fake-spotify';
import { fixtureStreamingService } from '../testing/fixture-catalogue';
import { listenOnLoopback } from '../testing/loopback';
import {
  bearer,
  createTestApp,
  signIn,
  signInCookie,
  signInWithSpotify,
  type TestApp,
  uniqueName,
  useTestApp,
} from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';

const catalogue = new DemoCatalogue(loadDemoCatalogue(), 'http://127.0.0.1:3000');
const indexed = (spotifyId: string) => {
  const album = catalogue.albumsById.get(spotifyId);
  if (!album) throw new Error(`not in the catalogue: ${spotifyId}`);
  return album;
};
type Result = {
  spotify_id: string;
  name: string;
  in_collection: boolean;
  collection_id: number | null;
};

describe.each(testDatabaseKinds)('advanced search over the demo catalogue on %s', (kind) => {
  const testApp = useTestApp(kind);
  const user = async () => signIn(testApp().app, uniqueName('Explorer'));
  const search = async (token: string, query: string) => {
    const response = await testApp().app.inject({
      url: `/api/v1/search/spotify/advanced?${query}`,
      headers: bearer(token),
    });
    return response;
  };
  const albums = async (token: string, query: string): Promise<Result[]> => {
    const response = await search(token, query);
    expect(response.statusCode).toBe(200);
    return response.json().albums;
  };

  it('needs a session and at least one valid filter', async () => {
    expect(
      (await testApp().app.inject({ url: '/api/v1/search/spotify/advanced?query=blue' }))
        .statusCode,
    ).toBe(401);
    const token = await user();
    expect((await search(token, 'algorithm=musicbrainz')).statusCode).toBe(422);
    expect((await search(token, 'query=%20&genre=')).statusCode).toBe(422);
    expect((await search(token, 'year=19x')).json().errors[0].field).toBe('year');
    expect((await search(token, 'country=XX')).json().errors[0].field).toBe('country');
    expect((await search(token, 'albumType=mixtape')).statusCode).toBe(422);
    expect((await search(token, 'algorithm=magic&query=x')).statusCode).toBe(422);
  });

  it('discovers by country of origin, genre (all of them) and year range', async () => {
    const token = await user();
    const japanese = await albums(token, 'algorithm=musicbrainz&country=JP');
    expect(japanese.length).toBeGreaterThan(0);
    expect(japanese.every((album) => indexed(album.spotify_id).country === 'JP')).toBe(true);

    const hardBop = await albums(token, 'country=US&genre=jazz,%20hard%20bop');
    expect(hardBop.length).toBeGreaterThan(0);
    for (const album of hardBop) {
      const genres = indexed(album.spotify_id).detail.genres;
      expect(genres.some((genre) => genre.includes('jazz'))).toBe(true);
      expect(genres.some((genre) => genre.includes('hard bop'))).toBe(true);
    }

    const nineties = await albums(token, 'country=GB&year=1990-1999');
    expect(nineties.length).toBeGreaterThan(0);
    expect(
      nineties.every(
        (album) => indexed(album.spotify_id).year >= 1990 && indexed(album.spotify_id).year <= 1999,
      ),
    ).toBe(true);
    const recent = await albums(token, 'country=US&year=2020-');
    expect(recent.every((album) => indexed(album.spotify_id).year >= 2020)).toBe(true);
  });

  it('reports its steps in the search log, with the time taken', async () => {
    const token = await user();
    const body = (await search(token, 'country=JP')).json();
    expect(body.took_ms).toBeGreaterThanOrEqual(0);
    expect(body.total).toBe(body.albums.length);
    const sources = body.log.map((entry: { source: string }) => entry.source);
    expect(sources).toContain('Catalogue');
    expect(body.log.at(-1)).toMatchObject({
      type: 'success',
      message: `Found ${body.total} albums`,
    });
    for (const entry of body.log)
      expect(['info', 'success', 'warning', 'error']).toContain(entry.type);
  });

  it('marks discovered albums already in the collection', async () => {
    const token = await user();
    const [first] = await albums(token, 'country=IS');
    if (!first) throw new Error('no Icelandic album in the catalogue');
    const added = await testApp().app.inject({
      method: 'POST',
      url: `/api/v1/search/spotify/add-album/${first.spotify_id}`,
      headers: bearer(token),
    });
    const again = await albums(token, 'country=IS');
    expect(again.find((album) => album.spotify_id === first.spotify_id)).toMatchObject({
      in_collection: true,
      collection_id: added.json().album_id,
    });
  });

  it('recommends albums by artists the user does not collect before those it does', async () => {
    const token = await user();
    const results = await albums(token, 'algorithm=recommendation&query=blue');
    expect(results.length).toBeGreaterThan(1);
    const last = results.at(-1);
    if (!last) throw new Error('no results');
    await testApp().app.inject({
      method: 'POST',
      url: `/api/v1/search/spotify/add-album/${results[0]?.spotify_id}`,
      headers: bearer(token),
    });
    const reranked = await albums(token, 'algorithm=recommendation&query=blue');
    expect(reranked.at(-1)?.spotify_id).toBe(results[0]?.spotify_id);
  });

  it('knows an artist the user collects however its name is written', async () => {
    const token = await user();
    const order = async () =>
      (await albums(token, 'algorithm=recommendation&genre=electronic')).map((album) => album.name);
    const before = await order();
    expect(before.length).toBeGreaterThan(2);
    expect(before.at(-1)).not.toBe('Homogenic');
    // Björk, upper case and decomposed, as a file written on a Mac may hold it.
    await buildAlbum(testApp().app, token, { name: 'Debut', artist: 'BJO\u0308RK' });
    const after = await order();
    expect(after.at(-1)).toBe('Homogenic');
    expect(after.slice(0, -1)).toEqual(before.filter((name) => name !== 'Homogenic'));
    const log = (await search(token, 'algorithm=recommendation&genre=electronic')).json().log;
    expect(log).toContainEqual(
      expect.objectContaining({ message: expect.stringMatching(/^1 of \d+ artists already in/) }),
    );
  });

  it('remembers the user’s searches: latest first, and the most repeated', async () => {
    const token = await user();
    await albums(token, 'country=JP');
    await albums(token, 'country=US&genre=jazz');
    await albums(token, 'country=JP');
    const recent = (
      await testApp().app.inject({ url: '/api/v1/search/recent', headers: bearer(token) })
    ).json();
    expect(recent.map((search: { filters: object }) => search.filters)).toEqual([
      { country: 'JP' },
      { country: 'US', genre: 'jazz' },
    ]);
    const popular = (
      await testApp().app.inject({ url: '/api/v1/search/popular', headers: bearer(token) })
    ).json();
    expect(popular[0]).toMatchObject({
      algorithm: 'musicbrainz',
      filters: { country: 'JP' },
      times: 2,
    });
    const stranger = (
      await testApp().app.inject({ url: '/api/v1/search/recent', headers: bearer(await user()) })
    ).json();
    expect(stranger).toEqual([]);
  });
});

describe('discovery searches per user', () => {
  const testApp = useTestApp('sqlite');

  it('allows ten a minute to each user, then answers 429 with a detail', async () => {
    const [first, second] = [
      await signIn(testApp().app, uniqueName('Eager')),
      await signIn(testApp().app, uniqueName('Calm')),
    ];
    const discover = (token: string) =>
      testApp().app.inject({
        url: '/api/v1/search/spotify/advanced?country=JP',
        headers: bearer(token),
      });
    const statuses = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await discover(first)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    expect((await discover(first)).json()).toEqual({
      detail: 'Too many requests. Please wait a moment.',
    });
    expect((await discover(second)).statusCode).toBe(200);
  });
});

describe('a global discovery whose client leaves', () => {
  it('stops asking MusicBrainz at once', async () => {
    const spotify = await startFakeSpotify({ catalogue: fixtureStreamingService() });
    // A MusicBrainz that never answers, and notes when our call to it is given up.
    let released = false;
    const stalling = http.createServer((request) => {
      request.socket.on('close', () => {
        released = true;
      });
    });
    const port = await listenOnLoopback(stalling);
    const testApp = await createTestApp('sqlite', {
      ...spotify.environment,
      MUSICBRAINZ_URL: `http://127.0.0.1:${port}/ws/2`,
    });
    try {
      const token = await signInWithSpotify(testApp.app);
      const origin = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
      const leaving = new AbortController();
      const answer = fetch(
        `${origin}/api/v1/search/spotify/advanced?algorithm=musicbrainz&country=IS`,
        {
          headers: bearer(token),
          signal: leaving.signal,
        },
      ).catch(() => 'left');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(released).toBe(false);
      leaving.abort();
      expect(await answer).toBe('left');
      const started = Date.now();
      while (!released && Date.now() - started < 3000)
        await new Promise((resolve) => setTimeout(resolve, 20));
      // Without the request's signal the call would wait out its own 8-second timeout.
      expect(released).toBe(true);
    } finally {
      await testApp.destroy();
      await spotify.close();
      stalling.closeAllConnections();
      await new Promise<void>((resolve) => stalling.close(() => resolve()));
    }
  });
});

describe('global discovery with Spotify: MusicBrainz finds, the catalogue matches', () => {
  let spotify: Awaited<ReturnType<typeof startFakeSpotify>>;
  let musicBrainz: Awaited<ReturnType<typeof startFakeMusicBrainz>>;
  let testApp: TestApp;
  let token: string;

  beforeAll(async () => {
    spotify = await startFakeSpotify({ catalogue: fixtureStreamingService() });
    musicBrainz = await startFakeMusicBrainz([], 200, [
      { artist: 'Björk', title: 'Homogenic' },
      { artist: 'Sigur Rós', title: 'Ágætis byrjun' },
      { artist: 'Nobody Known', title: 'Not in the Catalogue' },
    ]);
    testApp = await createTestApp('sqlite', {
      ...spotify.environment,
      MUSICBRAINZ_URL: musicBrainz.url,
    });
    token = await signInWithSpotify(testApp.app);
  });
  afterAll(async () => {
    await testApp.destroy();
    await spotify.close();
    await musicBrainz.close();
  });

  it('asks MusicBrainz by country, tag and date, and keeps what the catalogue has', async () => {
    const response = await testApp.app.inject({
      url: '/api/v1/search/spotify/advanced?algorithm=musicbrainz&country=IS&genre=art%20pop&year=1990-1999',
      headers: bearer(token),
    });
    const body = response.json();
    expect(body.albums.map((album: Result) => album.name).sort()).toEqual([
      'Homogenic',
      'Ágætis byrjun',
    ]);
    expect(musicBrainz.queries.at(-1)).toBe('country:IS AND date:[1990 TO 1999] AND tag:"art pop"');
    expect(body.log.map((entry: { source: string }) => entry.source)).toEqual(
      expect.arrayContaining(['MusicBrainz', 'Spotify']),
    );
  });
});

describe('a discovery search whose source fails', () => {
  it('answers no results and an error entry in the log', async () => {
    const spotify = await startFakeSpotify({ catalogue: fixtureStreamingService() });
    const testApp = await createTestApp('sqlite', spotify.environment);
    try {
      const login = await testApp.app.inject({ url: '/api/v1/auth/login' });
      const authorize = await fetch(String(login.headers.location), { redirect: 'manual' });
      const callback = new URL(String(authorize.headers.get('location')));
      const done = await testApp.app.inject({
        url: callback.pathname + callback.search,
        headers: signInCookie(login),
      });
      const token =
        new URL(String(done.headers.location), 'http://x').searchParams.get('token') ?? '';
      const response = await testApp.app.inject({
        url: '/api/v1/search/spotify/advanced?country=JP',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ albums: [], total: 0 });
      expect(body.log).toContainEqual(
        expect.objectContaining({ type: 'error', message: 'Search failed' }),
      );
    } finally {
      await testApp.destroy();
      await spotify.close();
    }
  });
});
