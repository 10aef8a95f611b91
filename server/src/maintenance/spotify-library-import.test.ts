import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoCatalogue } from '../streaming/demo/demo-catalogue';
import { DemoStreamingService } from '../streaming/demo/demo-service';
import { startFakeMusicBrainz } from '../testing/fake-musicbrainz';
import { startFakeSpotify } from '../testing/fake-spotify';
import { fixtureStreamingService } from '../testing/fixture-catalogue';
import { bearer, createTestApp, signInWithSpotify, type TestApp } from '../testing/test-app';
import { type DatabaseKind, testDatabaseKindsWithReaders } from '../testing/test-database';

describe.each(testDatabaseKindsWithReaders)(
  'importing a Spotify library on %s (a loopback fake)',
  (kind) => {
    const scene = sceneFor(() => ({ catalogue: fixtureStreamingService() }), kind);

    it('reads the saved albums with the user’s own token, renewed when it has run out, and adds them all', async () => {
      const { fake, testApp } = scene();
      const token = await signInWithSpotify(testApp.app);
      // The access token from sign-in has run out; the import must renew it first.
      await testApp.db
        .updateTable('users')
        .set({ streaming_token_expires_at: new Date(0).toISOString() })
        .execute();
      const refreshesBefore = fake.seen.refreshes;
      const job = await importedLibrary(testApp, token);
      expect(job).toMatchObject({ status: 'finished', total: 6, done: 6, added: 6 });
      expect(fake.seen.refreshes).toBe(refreshesBefore + 1);
      expect(
        fake.seen.apiCalls.some((call) => call.startsWith('GET /v1/me/albums?limit=50&offset=0')),
      ).toBe(true);
      const albums = await testApp.app.inject({ url: '/api/v1/albums', headers: bearer(token) });
      expect(albums.headers['x-total-count']).toBe('6');
    });
  },
);

describe('importing a Spotify library of albums the service gives whole (a loopback fake)', () => {
  const scene = sceneFor(() => ({ catalogue: fixtureStreamingService() }));

  it('takes albums whole from the saved pages, asks for each artist once and leaves MusicBrainz to the look-up of genres', async () => {
    const { fake, musicBrainz, testApp } = scene();
    const token = await signInWithSpotify(testApp.app);
    const job = await importedLibrary(testApp, token);

    // Spotify gives no genres in 2026: album and artist genres come back empty.
    expect(job).toMatchObject({
      status: 'finished',
      added: 6,
      message:
        'Added 6 albums; 0 already in your collection; 6 without genres, for Look up genres.',
    });
    const calls = fake.seen.apiCalls.map((call) => call.split('?')[0] ?? '');
    // Only the album of 60 tracks, more than a saved album carries, is asked for, and its rest.
    const albumCalls = calls.filter((call) => call.startsWith('GET /v1/albums/'));
    expect(albumCalls).toHaveLength(2);
    expect(albumCalls[1]).toMatch(/^GET \/v1\/albums\/[A-Za-z0-9]+\/tracks$/);
    const artistCalls = calls.filter((call) => call.startsWith('GET /v1/artists/'));
    expect(artistCalls.length).toBeGreaterThanOrEqual(6);
    expect(new Set(artistCalls).size).toBe(artistCalls.length);
    expect(musicBrainz.queries).toHaveLength(0);

    const found = await testApp.app.inject({
      url: '/api/v1/albums?q=complete%20sessions',
      headers: bearer(token),
    });
    const detail = await testApp.app.inject({
      url: `/api/v1/albums/${found.json()[0].id}`,
      headers: bearer(token),
    });
    expect(detail.json().tracks).toHaveLength(60);

    // The look-up of genres is where MusicBrainz is asked, for all six.
    const lookUp = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/maintenance/fixes/look-up-genres',
      headers: bearer(token),
    });
    expect(lookUp.statusCode).toBe(202);
    expect(lookUp.json().total).toBe(6);
  });
});

describe('importing a Spotify library of several pages (a loopback fake)', () => {
  const scene = sceneFor(() => {
    // 120 albums by 12 artists: three pages of saved albums, each naming most of the artists.
    const albums = Array.from({ length: 120 }, (_, n) => ({
      name: `Album ${n}`,
      artists: [`Artist ${n % 12}`],
      release_date: '2001',
      label: 'Label',
      country: 'GB',
      genres: ['rock'],
      popularity: 50,
      album_type: 'album' as const,
      tracks: [{ disc: 1, number: 1, name: 'Only track', duration: '3:00' }],
    }));
    const url = 'http://127.0.0.1:9';
    const catalogue = new DemoStreamingService(new DemoCatalogue(albums, url), url);
    return { catalogue, librarySize: albums.length };
  });

  it('asks for each page of the library and each artist once, and for nothing past the end', async () => {
    const { fake, testApp } = scene();
    const token = await signInWithSpotify(testApp.app);
    const job = await importedLibrary(testApp, token);
    expect(job).toMatchObject({ status: 'finished', total: 120, done: 120, added: 120 });
    const calls = fake.seen.apiCalls.map((call) => call.split('&market')[0] ?? '');
    expect(calls.filter((call) => call.startsWith('GET /v1/me/albums'))).toEqual([
      'GET /v1/me/albums?limit=50&offset=0',
      'GET /v1/me/albums?limit=50&offset=50',
      'GET /v1/me/albums?limit=50&offset=100',
    ]);
    expect(calls.filter((call) => call.startsWith('GET /v1/artists/'))).toHaveLength(12);
    expect(calls.filter((call) => call.startsWith('GET /v1/albums/'))).toHaveLength(0);
  });
});

describe('refreshing a collection imported from Spotify (a loopback fake)', () => {
  const scene = sceneFor(() => ({ catalogue: fixtureStreamingService() }));

  it('asks MusicBrainz for nothing, and each album keeps the genres the look-up found', async () => {
    const { musicBrainz, testApp } = scene();
    const token = await signInWithSpotify(testApp.app);
    expect(await importedLibrary(testApp, token)).toMatchObject({ status: 'finished', added: 6 });
    const lookUp = await finishedJob(testApp, token, '/api/v1/maintenance/fixes/look-up-genres');
    expect(lookUp).toMatchObject({ status: 'finished', message: 'Found genres for 6 albums.' });
    const askedMusicBrainz = musicBrainz.queries.length;

    const refresh = await finishedJob(testApp, token, '/api/v1/maintenance/refresh');
    expect(refresh).toMatchObject({ status: 'finished', done: 6, message: 'Refreshed 6 albums.' });
    expect(musicBrainz.queries).toHaveLength(askedMusicBrainz);
    // Spotify names no genres in 2026: each album keeps MusicBrainz's.
    const genres = await testApp.app.inject({ url: '/api/v1/genres', headers: bearer(token) });
    expect(genres.json()).toEqual([expect.objectContaining({ name: 'rock', album_count: 6 })]);
  });
});

type Scene = {
  fake: Awaited<ReturnType<typeof startFakeSpotify>>;
  musicBrainz: Awaited<ReturnType<typeof startFakeMusicBrainz>>;
  testApp: TestApp;
  close(): Promise<void>;
};

/** A scene started before the describe's tests and closed after them; SQLite as the server runs it unless `kind` says. */
function sceneFor(
  spotify: () => Parameters<typeof startFakeSpotify>[0],
  kind: DatabaseKind = 'sqlite-readers',
): () => Scene {
  let scene: Scene | undefined;
  beforeAll(async () => {
    scene = await startScene(spotify(), kind);
  });
  afterAll(() => scene?.close());
  return () => {
    if (!scene) throw new Error('The loopback services have not started.');
    return scene;
  };
}

/** A loopback Spotify and MusicBrainz, and the app asking them. */
async function startScene(
  spotify: Parameters<typeof startFakeSpotify>[0],
  kind: DatabaseKind,
): Promise<Scene> {
  const fake = await startFakeSpotify(spotify);
  const musicBrainz = await startFakeMusicBrainz([{ name: 'Rock', count: 3 }]);
  const testApp = await createTestApp(kind, {
    ...fake.environment,
    MUSICBRAINZ_URL: musicBrainz.url,
    // A loopback MusicBrainz need not be spared as the real one is.
    MUSICBRAINZ_SPACING_MS: '0',
  });
  return {
    fake,
    musicBrainz,
    testApp,
    async close() {
      await testApp.destroy();
      await fake.close();
      await musicBrainz.close();
    },
  };
}

/** The job of a library import started now, once it has stopped running. */
function importedLibrary(testApp: TestApp, token: string) {
  return finishedJob(testApp, token, '/api/v1/maintenance/library-import');
}

/** The job a POST to `url` starts, once it has stopped running. */
async function finishedJob(testApp: TestApp, token: string, url: string) {
  const started = await testApp.app.inject({ method: 'POST', url, headers: bearer(token) });
  expect(started.statusCode).toBe(202);
  let job = started.json();
  for (let attempt = 0; attempt < 200 && job.status === 'running'; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    job = (
      await testApp.app.inject({
        url: `/api/v1/maintenance/jobs/${job.id}`,
        headers: bearer(token),
      })
    ).json();
  }
  return job;
}
