import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoCatalogue } from '../streaming/demo/demo-catalogue';
import { DemoStreamingService } from '../streaming/demo/demo-service';
import { startFakeMusicBrainz } from '../testing/fake-musicbrainz';
import { startFakeSpotify } from '../testing/fake-spotify';
import { fixtureStreamingService } from '../testing/fixture-catalogue';
import { bearer, createTestApp, signInWithSpotify, type TestApp } from '../testing/test-app';

describe('importing a Spotify library (a loopback fake)', () => {
  let fake: Awaited<ReturnType<typeof startFakeSpotify>>;
  let testApp: TestApp;

  beforeAll(async () => {
    fake = await startFakeSpotify({ catalogue: fixtureStreamingService() });
    testApp = await createTestApp('sqlite', fake.environment);
  });
  afterAll(async () => {
    await testApp.destroy();
    await fake.close();
  });

  it('reads the saved albums with the user’s own token, renewed when it has run out, and adds them all', async () => {
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
});

describe('importing a Spotify library of albums the service gives whole (a loopback fake)', () => {
  let fake: Awaited<ReturnType<typeof startFakeSpotify>>;
  let musicBrainz: Awaited<ReturnType<typeof startFakeMusicBrainz>>;
  let testApp: TestApp;

  beforeAll(async () => {
    fake = await startFakeSpotify({ catalogue: fixtureStreamingService() });
    musicBrainz = await startFakeMusicBrainz([{ name: 'Rock', count: 3 }]);
    testApp = await createTestApp('sqlite', {
      ...fake.environment,
      MUSICBRAINZ_URL: musicBrainz.url,
    });
  });
  afterAll(async () => {
    await testApp.destroy();
    await fake.close();
    await musicBrainz.close();
  });

  it('takes albums whole from the saved pages, asks for each artist once and leaves MusicBrainz to the look-up of genres', async () => {
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
  let fake: Awaited<ReturnType<typeof startFakeSpotify>>;
  let testApp: TestApp;

  beforeAll(async () => {
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
    fake = await startFakeSpotify({ catalogue, librarySize: albums.length });
    testApp = await createTestApp('sqlite', fake.environment);
  });
  afterAll(async () => {
    await testApp.destroy();
    await fake.close();
  });

  it('asks for each page of the library and each artist once, and for nothing past the end', async () => {
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

/** The job of a library import started now, once it has stopped running. */
async function importedLibrary(testApp: TestApp, token: string) {
  const started = await testApp.app.inject({
    method: 'POST',
    url: '/api/v1/maintenance/library-import',
    headers: bearer(token),
  });
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
