import { describe, expect, it } from 'vitest';
import { countingApp } from '../testing/counting-app';
import { buildAlbum, buildFolder, newSpotifyId, tagAlbum } from '../testing/factories';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { type createTestDatabase, testDatabaseKinds } from '../testing/test-database';

describe.each(testDatabaseKinds)('albums on %s', (kind) => {
  const testApp = useTestApp(kind);
  const user = async () => signIn(testApp().app, uniqueName('Listener'));
  const get = (url: string, token: string) => testApp().app.inject({ url, headers: bearer(token) });

  it('refuses every album call without a session', async () => {
    const { app } = testApp();
    for (const [method, url] of [
      ['GET', '/api/v1/albums'],
      ['POST', '/api/v1/albums'],
      ['GET', '/api/v1/albums/1'],
      ['PUT', '/api/v1/albums/1'],
      ['DELETE', '/api/v1/albums/1'],
      ['POST', '/api/v1/albums/1/tags/jazz'],
      ['POST', '/api/v1/albums/1/folders/1'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().detail).toBeTruthy();
    }
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ release_date: '1973-13-01' }, 'release_date'],
    [{ release_date: '1973-02-30' }, 'release_date'],
    [{ image_url: 'javascript:alert(1)' }, 'image_url'],
    [{ spotify_id: 'has spaces' }, 'spotify_id'],
    [{ total_tracks: -1 }, 'total_tracks'],
  ])('refuses an album with %o and stores nothing', async (fields, field) => {
    const token = await user();
    const response = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/albums',
      headers: bearer(token),
      payload: { spotify_id: newSpotifyId(), name: 'Blue', artist: 'Joni Mitchell', ...fields },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    expect((await get('/api/v1/albums', token)).json()).toEqual([]);
  });

  it('stores an album with its tracks in disc and track order, artists and genres', async () => {
    const token = await user();
    const album = await buildAlbum(testApp().app, token, {
      name: 'The Köln Concert',
      artist: 'Keith Jarrett',
      release_date: '1975-11',
      artists: [{ name: 'Keith Jarrett', spotify_id: 'keith1' }],
      genres: ['Jazz', 'Piano'],
      tracks: [
        {
          name: 'Part IIc',
          artist: 'Keith Jarrett',
          track_number: 2,
          disc_number: 2,
          duration_ms: 415_000,
        },
        {
          name: 'Part I',
          artist: 'Keith Jarrett',
          track_number: 1,
          disc_number: 1,
          duration_ms: 1_560_000,
        },
        {
          name: 'Part IIa',
          artist: 'Keith Jarrett',
          track_number: 1,
          disc_number: 2,
          duration_ms: 880_000,
        },
      ],
    });
    expect(album.tracks.map((t) => t.name)).toEqual(['Part I', 'Part IIa', 'Part IIc']);
    expect(album.genres.map((g) => g.name)).toEqual(['Jazz', 'Piano']);
    expect(album.total_tracks).toBe(3);
    expect(album.release_date).toBe('1975-11');
    expect(album.folders).toEqual([]);
    const detail = (await get(`/api/v1/albums/${album.id}`, token)).json();
    expect(detail).toEqual(album);
  });

  it('stores track names and artists exactly as given, whatever characters they hold', async () => {
    const token = await user();
    const odd = ['NULL', '{a,b}', 'Say "hi"', 'back\\slash', "O'Brien", 'Ágætis, byrjun'];
    const album = await buildAlbum(testApp().app, token, {
      name: 'Odd Names',
      artist: 'Various',
      tracks: odd.map((name, index) => ({
        name,
        artist: odd[odd.length - 1 - index] ?? '',
        track_number: index + 1,
        disc_number: 1,
        duration_ms: 1_000 * (index + 1),
        ...(index % 2 === 0
          ? { spotify_id: `track${index}`, spotify_url: `https://open.spotify.com/track/t${index}` }
          : {}),
      })),
    });
    const detail = (await get(`/api/v1/albums/${album.id}`, token)).json();
    expect(detail.tracks.map((track: { name: string }) => track.name)).toEqual(odd);
    expect(detail.tracks.map((track: { artist: string }) => track.artist)).toEqual(
      [...odd].reverse(),
    );
    expect(detail.tracks.map((track: { duration_ms: number }) => track.duration_ms)).toEqual(
      odd.map((_, index) => 1_000 * (index + 1)),
    );
    expect(detail.tracks.map((track: { spotify_url: string | null }) => track.spotify_url)).toEqual(
      odd.map((_, index) => (index % 2 === 0 ? `https://open.spotify.com/track/t${index}` : null)),
    );
  });

  it('answers 409 with the stored album’s id when the same album is added twice', async () => {
    const token = await user();
    const spotify_id = newSpotifyId();
    const first = await buildAlbum(testApp().app, token, { spotify_id, name: 'Blue' });
    const again = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/albums',
      headers: bearer(token),
      payload: { spotify_id, name: 'Blue', artist: 'Joni Mitchell' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      album_id: first.id,
      detail: expect.stringContaining('Blue'),
    });
    expect((await get('/api/v1/albums', token)).json()).toHaveLength(1);
  });

  it('adds albums of one new artist side by side without a failure or a duplicate artist', async () => {
    const token = await user();
    const adds = Array.from({ length: 5 }, (_, i) =>
      testApp().app.inject({
        method: 'POST',
        url: '/api/v1/albums',
        headers: bearer(token),
        payload: {
          spotify_id: newSpotifyId(),
          name: `Session ${i}`,
          artist: 'Brand New Band',
          genres: ['Fresh'],
        },
      }),
    );
    const statuses = (await Promise.all(adds)).map((response) => response.statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const artists = (await get('/api/v1/artists', token)).json();
    expect(artists).toHaveLength(1);
    expect(artists[0].album_count).toBe(5);
  });

  it('stores one album when the same one is added twice at once', async () => {
    const token = await user();
    const payload = { spotify_id: newSpotifyId(), name: 'Twice', artist: 'Echo' };
    const both = await Promise.all(
      [1, 2].map(() =>
        testApp().app.inject({
          method: 'POST',
          url: '/api/v1/albums',
          headers: bearer(token),
          payload,
        }),
      ),
    );
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect((await get('/api/v1/albums', token)).json()).toHaveLength(1);
  });

  it('keeps first_added_at when an album is removed and added again', async () => {
    const token = await user();
    const spotify_id = newSpotifyId();
    const first = await buildAlbum(testApp().app, token, { spotify_id });
    await testApp().app.inject({
      method: 'DELETE',
      url: `/api/v1/albums/${first.id}`,
      headers: bearer(token),
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await buildAlbum(testApp().app, token, { spotify_id });
    expect(again.first_added_at).toBe(first.first_added_at);
    expect(again.added_at > first.added_at).toBe(true);
  });

  it('hides another user’s album behind 404 for every call', async () => {
    const { app } = testApp();
    const owner = await user();
    const stranger = await user();
    const album = await buildAlbum(app, owner);
    const calls = [
      app.inject({ url: `/api/v1/albums/${album.id}`, headers: bearer(stranger) }),
      app.inject({
        method: 'PUT',
        url: `/api/v1/albums/${album.id}`,
        headers: bearer(stranger),
        payload: { name: 'Mine' },
      }),
      app.inject({
        method: 'DELETE',
        url: `/api/v1/albums/${album.id}`,
        headers: bearer(stranger),
      }),
      app.inject({
        method: 'POST',
        url: `/api/v1/albums/${album.id}/tags/x`,
        headers: bearer(stranger),
      }),
      app.inject({
        method: 'POST',
        url: `/api/v1/albums/${album.id}/genres/x`,
        headers: bearer(stranger),
      }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(404);
    expect((await get(`/api/v1/albums/${album.id}`, owner)).json().name).toBe(album.name);
    expect((await get('/api/v1/albums', stranger)).json()).toEqual([]);
  });

  it('corrects name, artist, release date and image, and refuses a bad date without changing anything', async () => {
    const token = await user();
    const album = await buildAlbum(testApp().app, token, {
      name: 'Abey Road',
      release_date: '1969',
    });
    const put = (payload: object) =>
      testApp().app.inject({
        method: 'PUT',
        url: `/api/v1/albums/${album.id}`,
        headers: bearer(token),
        payload,
      });
    const bad = await put({ name: 'Abbey Road', release_date: '1969-9' });
    expect(bad.statusCode).toBe(422);
    expect((await get(`/api/v1/albums/${album.id}`, token)).json().name).toBe('Abey Road');
    const fixed = await put({
      name: 'Abbey Road',
      artist: 'The Beatles',
      release_date: '1969-09-26',
      image_url: 'https://i.scdn.co/image/abbey',
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({
      name: 'Abbey Road',
      artist: 'The Beatles',
      release_date: '1969-09-26',
      image_url: 'https://i.scdn.co/image/abbey',
    });
    expect((await put({})).statusCode).toBe(422);
  });

  it('deletes an album from its tags but keeps the tags', async () => {
    const token = await user();
    const album = await buildAlbum(testApp().app, token);
    await tagAlbum(testApp().app, token, album.id, 'Keepers');
    const deleted = await testApp().app.inject({
      method: 'DELETE',
      url: `/api/v1/albums/${album.id}`,
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await get(`/api/v1/albums/${album.id}`, token)).statusCode).toBe(404);
    const tag = (await get('/api/v1/tags/keepers', token)).json();
    expect(tag).toMatchObject({ name: 'Keepers', album_count: 0 });
  });

  describe('listing', () => {
    async function seedShelf() {
      const token = await user();
      const { app } = testApp();
      const add = (name: string, artist: string, release_date: string | null) =>
        buildAlbum(app, token, { name, artist, release_date });
      const blue = await add('Blue', 'Joni Mitchell', '1971-06-22');
      const kind = await add('Kind of Blue', 'Miles Davis', '1959-08-17');
      const abbey = await add('abbey road', 'The Beatles', '1969');
      const nevermind = await add('Nevermind', 'Nirvana', null);
      const ok = await add('OK Computer', 'Radiohead', '1997-05');
      await tagAlbum(app, token, nevermind.id, 'Grunge');
      return { token, blue, kind, abbey, nevermind, ok };
    }
    const names = async (url: string, token: string) =>
      (await get(url, token)).json().map((album: { name: string }) => album.name);

    it('sorts by each of the eight sorts, Recently Added by default', async () => {
      const { token } = await seedShelf();
      expect(await names('/api/v1/albums', token)).toEqual([
        'OK Computer',
        'Nevermind',
        'abbey road',
        'Kind of Blue',
        'Blue',
      ]);
      expect(await names('/api/v1/albums?sort=added-asc', token)).toEqual([
        'Blue',
        'Kind of Blue',
        'abbey road',
        'Nevermind',
        'OK Computer',
      ]);
      expect(await names('/api/v1/albums?sort=name-asc', token)).toEqual([
        'abbey road',
        'Blue',
        'Kind of Blue',
        'Nevermind',
        'OK Computer',
      ]);
      expect(await names('/api/v1/albums?sort=name-desc', token)).toEqual([
        'OK Computer',
        'Nevermind',
        'Kind of Blue',
        'Blue',
        'abbey road',
      ]);
      expect(await names('/api/v1/albums?sort=artist-asc', token)).toEqual([
        'Blue',
        'Kind of Blue',
        'Nevermind',
        'OK Computer',
        'abbey road',
      ]);
      expect(await names('/api/v1/albums?sort=artist-desc', token)).toEqual([
        'abbey road',
        'OK Computer',
        'Nevermind',
        'Kind of Blue',
        'Blue',
      ]);
      expect(await names('/api/v1/albums?sort=year-asc', token)).toEqual([
        'Kind of Blue',
        'abbey road',
        'Blue',
        'OK Computer',
        'Nevermind',
      ]);
      expect(await names('/api/v1/albums?sort=year-desc', token)).toEqual([
        'OK Computer',
        'Blue',
        'abbey road',
        'Kind of Blue',
        'Nevermind',
      ]);
      expect((await get('/api/v1/albums?sort=newest', token)).statusCode).toBe(422);
    });

    it('sorts names by their folded form, so an accented name sits with its letter', async () => {
      const token = await user();
      for (const name of ['Zebra', 'Ágætis byrjun', 'alpha', 'Ébène', 'Banana'])
        await buildAlbum(testApp().app, token, { name });
      expect(await names('/api/v1/albums?sort=name-asc', token)).toEqual([
        'Ágætis byrjun',
        'alpha',
        'Banana',
        'Ébène',
        'Zebra',
      ]);
      expect(await names('/api/v1/albums?sort=name-desc&limit=2', token)).toEqual([
        'Zebra',
        'Ébène',
      ]);
    });

    it('lists an album’s tags, genres and folders by name regardless of case and accents', async () => {
      const { app } = testApp();
      const token = await user();
      const names = ['Zydeco', 'Électro', 'alpha'];
      const album = await buildAlbum(app, token, { genres: names });
      for (const name of names) {
        await tagAlbum(app, token, album.id, name);
        const folder = await buildFolder(app, token, { name });
        await app.inject({
          method: 'POST',
          url: `/api/v1/albums/${album.id}/folders/${folder.id}`,
          headers: bearer(token),
        });
      }
      const detail = (await get(`/api/v1/albums/${album.id}`, token)).json();
      const listed = (await get('/api/v1/albums', token)).json()[0];
      const inOrder = ['alpha', 'Électro', 'Zydeco'];
      for (const labels of [detail.tags, detail.genres, detail.folders, listed.tags, listed.genres])
        expect(labels.map((label: { name: string }) => label.name)).toEqual(inOrder);
    });

    it('sorts artists by their folded form, then each artist’s albums oldest first', async () => {
      const token = await user();
      const albums = [
        { name: 'Zappa album', artist: 'Zappa', release_date: '1970' },
        { name: 'La Vie en rose', artist: 'Édith Piaf', release_date: '1947' },
        { name: 'Earlier Piaf', artist: 'ÉDITH PIAF', release_date: '1946' },
        { name: 'Abba album', artist: 'ABBA', release_date: '1976' },
        { name: 'Eagles album', artist: 'eagles', release_date: '1976' },
      ];
      for (const album of albums) await buildAlbum(testApp().app, token, album);
      expect(await names('/api/v1/albums?sort=artist-asc', token)).toEqual([
        'Abba album',
        'Eagles album',
        'Earlier Piaf',
        'La Vie en rose',
        'Zappa album',
      ]);
      expect(await names('/api/v1/albums?sort=artist-desc&limit=3', token)).toEqual([
        'Zappa album',
        'Earlier Piaf',
        'La Vie en rose',
      ]);
    });

    it('pages with limit and offset and sends the full count in X-Total-Count', async () => {
      const { token } = await seedShelf();
      const page = await get('/api/v1/albums?sort=name-asc&limit=2&offset=2', token);
      expect(page.headers['x-total-count']).toBe('5');
      expect(page.json().map((a: { name: string }) => a.name)).toEqual([
        'Kind of Blue',
        'Nevermind',
      ]);
      expect((await get('/api/v1/albums?limit=201', token)).statusCode).toBe(422);
      expect((await get('/api/v1/albums?offset=-1', token)).statusCode).toBe(422);
    });

    it('filters case-insensitively on name, artist or tag names', async () => {
      const { token } = await seedShelf();
      expect(await names('/api/v1/albums?q=BLUE&sort=name-asc', token)).toEqual([
        'Blue',
        'Kind of Blue',
      ]);
      expect(await names('/api/v1/albums?q=radio', token)).toEqual(['OK Computer']);
      expect(await names('/api/v1/albums?q=grun', token)).toEqual(['Nevermind']);
      const filtered = await get('/api/v1/albums?q=blue', token);
      expect(filtered.headers['x-total-count']).toBe('2');
    });

    it('takes LIKE wildcards in the filter literally', async () => {
      const { token } = await seedShelf();
      expect(await names('/api/v1/albums?q=%25', token)).toEqual([]);
      expect(await names('/api/v1/albums?q=_', token)).toEqual([]);
    });

    it('carries each album’s tags and genres in the list', async () => {
      const { token, nevermind } = await seedShelf();
      const listed = (await get('/api/v1/albums', token)).json();
      const found = listed.find((album: { id: number }) => album.id === nevermind.id);
      expect(found.tags).toEqual([{ id: expect.any(Number), name: 'Grunge', color: '#3B82F6' }]);
      expect(found.genres).toEqual([]);
    });
  });
});

describe.each(testDatabaseKinds)('the album list’s query count on %s', (kind) => {
  it('is the same for a list of 5 albums and of 500, one statement beside the session, none for a page of the app’s size asked again', async () => {
    const { app, db, counter, close } = await countingApp(kind);
    try {
      const small = await signIn(app, 'Small');
      const large = await signIn(app, 'Large');
      for (const [token, count] of [
        [small, 5],
        [large, 500],
      ] as const) {
        const { id } = (
          await app.inject({ url: '/api/v1/auth/me', headers: bearer(token) })
        ).json();
        await seedAlbums(db, id, count);
      }
      const measure = async (token: string, url = '/api/v1/albums?limit=200') => {
        const before = counter.count;
        const response = await app.inject({ url, headers: bearer(token) });
        expect(response.statusCode).toBe(200);
        return counter.count - before;
      };
      const forFive = await measure(small);
      const forFiveHundred = await measure(large);
      expect(forFive).toBe(forFiveHundred);
      // The session (which reads the library's kept count with it) and the page with its albums'
      // tags and genres.
      expect(forFive).toBe(2);
      // A page of the app's size asked again is kept under the version the session read; a
      // page larger than the app asks is read each time.
      await measure(large, '/api/v1/albums?limit=24');
      expect(await measure(large, '/api/v1/albums?limit=24')).toBe(1);
      expect(await measure(large)).toBe(2);
      // A filter asked again is the kept result, under the version the session read.
      await measure(large, '/api/v1/albums?q=album');
      expect(await measure(large, '/api/v1/albums?q=album')).toBe(1);
      // An album whole: the session, then the album with its labels, tracks and folders.
      const [first] = (
        await app.inject({ url: '/api/v1/albums?limit=1', headers: bearer(large) })
      ).json<{ id: number }[]>();
      expect(await measure(large, `/api/v1/albums/${first?.id}`)).toBe(2);
    } finally {
      await close();
    }
  });
});

/** Albums, each tagged and with a genre, written straight to the database for speed. */
async function seedAlbums(
  db: Awaited<ReturnType<typeof createTestDatabase>>['db'],
  userId: number,
  count: number,
) {
  const now = new Date().toISOString();
  const albums = await db
    .insertInto('albums')
    .values(
      Array.from({ length: count }, (_, i) => ({
        user_id: userId,
        spotify_id: newSpotifyId(),
        name: `Album ${i}`,
        artist: `Artist ${i % 17}`,
        search_name: `album ${i}`,
        search_artist: `artist ${i % 17}`,
        search_text: `album ${i} artist ${i % 17}`,
        release_date: String(1950 + (i % 70)),
        total_tracks: 10,
        image_url: null,
        spotify_url: null,
        added_at: now,
        first_added_at: now,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  const tag = await db
    .insertInto('tags')
    .values({
      user_id: userId,
      name: 'Seeded',
      name_key: 'seeded',
      search_text: 'seeded',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const genre = await db
    .insertInto('genres')
    .values({
      user_id: userId,
      name: 'Seeded',
      name_key: 'seeded',
      search_text: 'seeded',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('album_tags')
    .values(albums.map((a) => ({ album_id: a.id, tag_id: tag.id, created_at: now })))
    .execute();
  await db
    .insertInto('album_genres')
    .values(albums.map((a) => ({ album_id: a.id, genre_id: genre.id, source: 'user' as const })))
    .execute();
}
