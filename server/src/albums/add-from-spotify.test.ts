import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMusicBrainz } from '../testing/fake-musicbrainz';
import { startFakeSpotify } from '../testing/fake-spotify';
import { fixtureStreamingService } from '../testing/fixture-catalogue';
import { bearer, createTestApp, signInWithSpotify, type TestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';

describe.each(testDatabaseKinds)('adding from Spotify (a loopback fake) on %s', (kind) => {
  let fake: Awaited<ReturnType<typeof startFakeSpotify>>;
  let musicBrainz: Awaited<ReturnType<typeof startFakeMusicBrainz>>;
  let testApp: TestApp;
  let token: string;
  const catalogue = fixtureStreamingService();

  beforeAll(async () => {
    fake = await startFakeSpotify({ catalogue });
    musicBrainz = await startFakeMusicBrainz([
      { name: 'Modal Jazz', count: 7 },
      { name: 'Jazz', count: 12 },
      { name: 'unloved', count: 0 },
    ]);
    testApp = await createTestApp(kind, { ...fake.environment, MUSICBRAINZ_URL: musicBrainz.url });
    token = await signInWithSpotify(testApp.app);
  });
  afterAll(async () => {
    await testApp.destroy();
    await fake.close();
    await musicBrainz.close();
  });

  const idOf = async (query: string) =>
    (await catalogue.searchAlbums(query, { limit: 1, offset: 0 })).items[0]?.id ?? '';
  const post = (spotifyId: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v1/albums',
      headers: bearer(token),
      payload: { spotify_id: spotifyId },
    });
  const stored = async () => {
    const { db } = testApp;
    const [albums, tracks, artists] = await Promise.all([
      db.selectFrom('albums').select('id').execute(),
      db.selectFrom('tracks').select('id').execute(),
      db.selectFrom('artists').select('id').execute(),
    ]);
    return { albums: albums.length, tracks: tracks.length, artists: artists.length };
  };

  it('searches through Spotify and pages a request for 20 in calls of ten', async () => {
    const response = await testApp.app.inject({
      url: '/api/v1/albums/spotify/search?query=year:1950-2030&limit=20',
      headers: bearer(token),
    });
    expect(response.json().albums.total).toBe(6);
    const searches = fake.seen.apiCalls.filter((call) => call.startsWith('GET /v1/search'));
    expect(searches.every((call) => /limit=(10|[1-9])(&|$)/.test(call))).toBe(true);
  });

  it('takes genres from MusicBrainz tags when Spotify has none, most used first', async () => {
    const response = await post(await idOf('kind of blue'));
    expect(response.statusCode).toBe(201);
    expect(response.json().genres.map((genre: { name: string }) => genre.name)).toEqual([
      'jazz',
      'modal jazz',
    ]);
    expect(musicBrainz.queries.at(-1)).toBe('releasegroup:"Kind of Blue" AND artist:"Miles Davis"');
    expect(musicBrainz.userAgents.at(-1)).toMatch(/^Gatefold\/1\.0 \( http/);
  });

  it('stores nothing when Spotify fails on a later page of tracks', async () => {
    const before = await stored();
    // The album itself arrives; the second page of its tracks is refused.
    fake.fail({ delayMs: 0 }, { status: 400 });
    const response = await post(await idOf('complete sessions'));
    expect(response.statusCode).toBe(502);
    expect(await stored()).toEqual(before);
  });

  it('stores all 60 tracks of an album whose tracks come in pages', async () => {
    const album = (await post(await idOf('complete sessions'))).json();
    expect(album.tracks).toHaveLength(60);
    expect(album.tracks.at(-1)).toMatchObject({ disc_number: 2, track_number: 25 });
  });

  it('stores nothing when Spotify fails while the album is fetched', async () => {
    const before = await stored();
    fake.fail({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    const response = await post(await idOf('homogenic'));
    expect(response.statusCode).toBe(502);
    expect(response.json().detail).toMatch(/streaming service failed/);
    expect(await stored()).toEqual(before);
  });
});
