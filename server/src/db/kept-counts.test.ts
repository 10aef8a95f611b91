import { describe, expect, it } from 'vitest';
import { buildAlbum, buildFolder, importFile, tagAlbum } from '../testing/factories';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKindsWithReaders } from '../testing/test-database';

/** Counts kept beside what they count must follow every write, cascaded deletes included. */
describe.each(testDatabaseKindsWithReaders)('kept album counts on %s', (kind) => {
  const testApp = useTestApp(kind);
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, token: string) =>
    testApp().app.inject({ method, url, headers: bearer(token) });

  async function collection() {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Counter'));
    const shelf = await buildFolder(app, token, { name: 'Shelf' });
    const albums = [];
    for (const name of ['One', 'Two', 'Three']) {
      const album = await buildAlbum(app, token, { name, artist: 'Counted', genres: ['Drone'] });
      await tagAlbum(app, token, album.id, 'Kept');
      await call('POST', `/api/v1/albums/${album.id}/folders/${shelf.id}`, token);
      albums.push(album);
    }
    return { token, shelf, albums };
  }

  async function counts(token: string, shelfId: number) {
    const folder = (await call('GET', `/api/v1/folders/${shelfId}`, token)).json();
    const tag = (await call('GET', '/api/v1/tags/kept', token)).json();
    const genre = (await call('GET', '/api/v1/genres/drone', token)).json();
    const artist = await call('GET', '/api/v1/artists/counted', token);
    const albums = await call('GET', '/api/v1/albums', token);
    return {
      folder: folder.album_count,
      tag: tag.album_count,
      genre: genre.album_count,
      artist: artist.statusCode === 200 ? artist.json().album_count : 0,
      albums: albums.headers['x-total-count'],
    };
  }

  it('counts each album once in its folder, tag, genre, artist and collection', async () => {
    const { token, shelf } = await collection();
    expect(await counts(token, shelf.id)).toEqual({
      folder: 3,
      tag: 3,
      genre: 3,
      artist: 3,
      albums: '3',
    });
  });

  it('takes a deleted album out of every count', async () => {
    const { token, shelf, albums } = await collection();
    await call('DELETE', `/api/v1/albums/${albums[0]?.id}`, token);
    expect(await counts(token, shelf.id)).toEqual({
      folder: 2,
      tag: 2,
      genre: 2,
      artist: 2,
      albums: '2',
    });
    for (const album of albums.slice(1)) await call('DELETE', `/api/v1/albums/${album.id}`, token);
    expect(await counts(token, shelf.id)).toMatchObject({ folder: 0, artist: 0, albums: '0' });
  });

  it('follows removals from a folder and a tag, and a subfolder’s albums into the total', async () => {
    const { app } = testApp();
    const { token, shelf, albums } = await collection();
    const [first] = albums;
    if (!first) throw new Error('no album');
    await call('DELETE', `/api/v1/albums/${first.id}/folders/${shelf.id}`, token);
    await call('DELETE', `/api/v1/albums/${first.id}/tags/kept`, token);
    const inner = await buildFolder(app, token, { name: 'Inner', parent_id: shelf.id });
    await call('POST', `/api/v1/albums/${first.id}/folders/${inner.id}`, token);
    const folders = (await call('GET', '/api/v1/folders', token)).json();
    expect(
      folders.map((f: { name: string; album_count: number; total_count: number }) => [
        f.name,
        f.album_count,
        f.total_count,
      ]),
    ).toEqual([
      ['Shelf', 2, 3],
      ['Inner', 1, 1],
    ]);
    expect((await call('GET', '/api/v1/tags/kept', token)).json().album_count).toBe(2);
  });

  it('matches a recount after an import that adds many rows in each statement, and after a delete of everything', async () => {
    const { app, db } = testApp();
    const token = await signIn(app, uniqueName('Importer'));
    const day = (d: number) => `2026-0${1 + (d % 3)}-1${d % 9}T10:00:00.000Z`;
    const collection = {
      format: 'gatefold-export',
      version: 1,
      exported_at: day(0),
      tags: ['Calm', 'Loud', 'Late'].map((name) => ({ name, color: '#3b82f6' })),
      folders: [
        {
          key: 0,
          parent_key: null,
          name: 'Top',
          description: null,
          image_url: null,
          sort_order: 0,
        },
        { key: 1, parent_key: 0, name: 'Inner', description: null, image_url: null, sort_order: 0 },
      ],
      albums: Array.from({ length: 40 }, (_, n) => ({
        spotify_id: `kept${n}`,
        name: `Album ${n}`,
        artist: `Artist ${n % 7}`,
        release_date: null,
        total_tracks: 1,
        image_url: null,
        spotify_url: null,
        added_at: day(n),
        tags: ['Calm', 'Loud', 'Late'].slice(0, n % 4),
        genres: [`Genre ${n % 5}`, `Genre ${(n + 1) % 5}`],
        folder_keys: [n % 2, ...(n % 3 === 0 ? [1 - (n % 2)] : [])],
        tracks: [],
      })),
    };
    const imported = await importFile(app, token, collection);
    expect(imported.status).toBe('finished');
    const userId = (await call('GET', '/api/v1/auth/me', token)).json().id;

    const recount = async () => ({
      user: await db
        .selectFrom('users')
        .select((eb) => [
          'album_count',
          eb
            .selectFrom('albums')
            .whereRef('albums.user_id', '=', 'users.id')
            .select(eb.fn.countAll().as('n'))
            .as('recounted'),
        ])
        .where('id', '=', userId)
        .execute(),
      tags: await db
        .selectFrom('tags')
        .select((eb) => [
          'name',
          'album_count',
          eb
            .selectFrom('album_tags')
            .whereRef('album_tags.tag_id', '=', 'tags.id')
            .select(eb.fn.countAll().as('n'))
            .as('recounted'),
          eb
            .selectFrom('tag_uses_by_day')
            .whereRef('tag_uses_by_day.tag_id', '=', 'tags.id')
            .select((sub) => sub.fn.sum('uses').as('n'))
            .as('by_day'),
        ])
        .where('user_id', '=', userId)
        .orderBy('name')
        .execute(),
      genres: await db
        .selectFrom('genres')
        .select((eb) => [
          'name',
          'album_count',
          eb
            .selectFrom('album_genres')
            .whereRef('album_genres.genre_id', '=', 'genres.id')
            .select(eb.fn.countAll().as('n'))
            .as('recounted'),
        ])
        .where('user_id', '=', userId)
        .orderBy('name')
        .execute(),
      folders: await db
        .selectFrom('folders')
        .select((eb) => [
          'name',
          'album_count',
          eb
            .selectFrom('folder_albums')
            .whereRef('folder_albums.folder_id', '=', 'folders.id')
            .select(eb.fn.countAll().as('n'))
            .as('recounted'),
        ])
        .where('user_id', '=', userId)
        .orderBy('name')
        .execute(),
      artists: await db
        .selectFrom('artists')
        .select((eb) => [
          'name',
          'album_count',
          'first_album_date',
          'latest_album_date',
          eb
            .selectFrom('album_artists')
            .whereRef('album_artists.artist_id', '=', 'artists.id')
            .select(eb.fn.countAll().as('n'))
            .as('recounted'),
          eb
            .selectFrom('album_artists')
            .innerJoin('albums', 'albums.id', 'album_artists.album_id')
            .whereRef('album_artists.artist_id', '=', 'artists.id')
            .select((sub) => sub.fn.max('albums.added_at').as('d'))
            .as('latest'),
        ])
        .where('user_id', '=', userId)
        .orderBy('name')
        .execute(),
    });
    const agrees = (rows: { album_count: unknown; recounted: unknown }[]) =>
      rows.every((row) => Number(row.album_count) === Number(row.recounted));

    const after = await recount();
    expect(Number(after.user[0]?.album_count)).toBe(40);
    expect(agrees(after.user)).toBe(true);
    expect(after.tags.map((t) => [t.name, Number(t.album_count), Number(t.by_day)])).toEqual([
      ['Calm', 30, 30],
      ['Late', 10, 10],
      ['Loud', 20, 20],
    ]);
    expect(after.genres).toHaveLength(5);
    expect(agrees(after.genres)).toBe(true);
    expect(after.folders.map((f) => [f.name, Number(f.album_count)])).toEqual([
      ['Inner', 27],
      ['Top', 27],
    ]);
    expect(agrees(after.folders)).toBe(true);
    expect(after.artists).toHaveLength(7);
    expect(agrees(after.artists)).toBe(true);
    expect(after.artists.every((a) => a.latest_album_date === a.latest)).toBe(true);

    await db.deleteFrom('albums').where('user_id', '=', userId).execute();
    const emptied = await recount();
    expect(Number(emptied.user[0]?.album_count)).toBe(0);
    for (const rows of [emptied.tags, emptied.genres, emptied.folders, emptied.artists]) {
      expect(rows.every((row) => Number(row.album_count) === 0)).toBe(true);
    }
    expect(emptied.tags.every((t) => Number(t.by_day ?? 0) === 0)).toBe(true);
  });
});
