import { MAX_BULK_IDS } from '@gatefold/contract/bulk';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  buildAlbum,
  buildFolder,
  importFile,
  shelfExport,
  tagAlbum,
} from '../../testing/factories';
import { bearer, signIn, uniqueName, useTestApp } from '../../testing/test-app';
import { testDatabaseKindsWithReaders } from '../../testing/test-database';

// With reader threads, every bulk change and undo runs on the writing thread (db/writing-thread.ts).
describe.each(testDatabaseKindsWithReaders)('bulk changes on %s', (kind) => {
  const testApp = useTestApp(kind);
  const app = (): FastifyInstance => testApp().app;
  const user = async () => signIn(app(), uniqueName('Listener'));
  const get = (url: string, token: string) => app().inject({ url, headers: bearer(token) });
  const bulk = (token: string, payload: object) =>
    app().inject({ method: 'POST', url: '/api/v1/albums/bulk', headers: bearer(token), payload });
  const undo = (token: string, undoToken: string) =>
    app().inject({
      method: 'POST',
      url: '/api/v1/albums/bulk/undo',
      headers: bearer(token),
      payload: { undo: undoToken },
    });
  const namesOf = async (url: string, token: string) =>
    ((await get(url, token)).json() as { name: string }[]).map((album) => album.name).sort();

  /** A small shelf: two jazz albums of the fifties, one of the sixties, one rock album. */
  async function shelf(token: string) {
    const add = (name: string, release_date: string, genres: string[]) =>
      buildAlbum(app(), token, {
        name,
        artist: `${name} Band`,
        release_date,
        genres,
        tracks: [
          { name: `${name} I`, artist: `${name} Band`, track_number: 1, duration_ms: 200_000 },
          { name: `${name} II`, artist: `${name} Band`, track_number: 2, duration_ms: 300_000 },
        ],
      });
    return {
      kindOfBlue: await add('Kind of Blue', '1959-08-17', ['Jazz']),
      somethinElse: await add("Somethin' Else", '1958', ['Jazz']),
      aLoveSupreme: await add('A Love Supreme', '1965-01', ['Jazz']),
      nevermind: await add('Nevermind', '1991-09-24', ['Rock']),
    };
  }

  it('tags every album matching a query, creating the tag, and undoes it exactly', async () => {
    const token = await user();
    await shelf(token);
    const response = await bulk(token, {
      query: 'genre:jazz year:1950..1959',
      action: 'tag',
      tag: 'Fifties Jazz',
    });
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ matched: 2, affected: 2 });
    expect(result.undo).toEqual(expect.any(String));
    expect(await namesOf('/api/v1/tags/Fifties%20Jazz/albums', token)).toEqual([
      'Kind of Blue',
      "Somethin' Else",
    ]);
    const created = (await get('/api/v1/tags/Fifties%20Jazz', token)).json();
    expect(created).toMatchObject({ color: '#3B82F6', album_count: 2 });

    const undone = await undo(token, result.undo);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ affected: 2 });
    expect((await get('/api/v1/tags/Fifties%20Jazz', token)).statusCode).toBe(404);
  });

  it('counts only the albums it changed, and its undo leaves links made before it', async () => {
    const token = await user();
    const albums = await shelf(token);
    await tagAlbum(app(), token, albums.kindOfBlue.id, 'Favourites');
    const response = await bulk(token, {
      albums: [albums.kindOfBlue.id, albums.nevermind.id],
      action: 'tag',
      tag: 'Favourites',
    });
    expect(response.json()).toMatchObject({ matched: 2, affected: 1 });
    await undo(token, response.json().undo);
    expect(await namesOf('/api/v1/tags/Favourites/albums', token)).toEqual(['Kind of Blue']);
  });

  it('undoes an untag with each link as it was, its day of tagging included', async () => {
    const token = await user();
    const albums = await shelf(token);
    const tag = await tagAlbum(app(), token, albums.kindOfBlue.id, 'Late Night');
    await tagAlbum(app(), token, albums.aLoveSupreme.id, 'Late Night');
    const { db } = testApp();
    await db
      .updateTable('album_tags')
      .set({ created_at: '2024-02-03T04:05:06.000Z' })
      .where('tag_id', '=', tag.id)
      .execute();
    const before = await db
      .selectFrom('album_tags')
      .selectAll()
      .where('tag_id', '=', tag.id)
      .orderBy('album_id')
      .execute();

    const response = await bulk(token, { query: 'genre:jazz', action: 'untag', tag: tag.id });
    expect(response.json()).toMatchObject({ matched: 3, affected: 2 });
    expect(await namesOf('/api/v1/tags/Late%20Night/albums', token)).toEqual([]);

    expect((await undo(token, response.json().undo)).json()).toEqual({ affected: 2 });
    const after = await db
      .selectFrom('album_tags')
      .selectAll()
      .where('tag_id', '=', tag.id)
      .orderBy('album_id')
      .execute();
    expect(after).toEqual(before);
    expect((await get('/api/v1/tags/Late%20Night', token)).json().album_count).toBe(2);
  });

  it('files and unfiles albums in a folder, and undoes each', async () => {
    const token = await user();
    const albums = await shelf(token);
    const folder = await buildFolder(app(), token, { name: 'Crate' });
    const added = await bulk(token, {
      query: 'genre:jazz',
      action: 'add_to_folder',
      folder_id: folder.id,
    });
    expect(added.json()).toMatchObject({ matched: 3, affected: 3 });
    expect((await get(`/api/v1/folders/${folder.id}`, token)).json().album_count).toBe(3);

    const removed = await bulk(token, {
      albums: [albums.kindOfBlue.id],
      action: 'remove_from_folder',
      folder_id: folder.id,
    });
    expect(removed.json()).toMatchObject({ matched: 1, affected: 1 });
    expect((await undo(token, removed.json().undo)).json()).toEqual({ affected: 1 });
    expect((await get(`/api/v1/folders/${folder.id}`, token)).json().album_count).toBe(3);

    expect((await undo(token, added.json().undo)).json()).toEqual({ affected: 3 });
    expect((await get(`/api/v1/folders/${folder.id}`, token)).json().album_count).toBe(0);
  });

  it('narrows a query to the list it was made in', async () => {
    const token = await user();
    const albums = await shelf(token);
    const folder = await buildFolder(app(), token, { name: 'Shelf' });
    for (const album of [albums.kindOfBlue, albums.nevermind])
      await app().inject({
        method: 'POST',
        url: `/api/v1/albums/${album.id}/folders/${folder.id}`,
        headers: bearer(token),
      });
    const response = await bulk(token, {
      query: 'genre:jazz',
      within: { folder_id: folder.id },
      action: 'tag',
      tag: 'Shelved Jazz',
    });
    expect(response.json()).toMatchObject({ matched: 1, affected: 1 });
    expect(await namesOf('/api/v1/tags/Shelved%20Jazz/albums', token)).toEqual(['Kind of Blue']);
  });

  it('refuses to put albums in a smart folder by hand', async () => {
    const token = await user();
    const albums = await shelf(token);
    const smart = await app().inject({
      method: 'POST',
      url: '/api/v1/folders',
      headers: bearer(token),
      payload: { name: 'Jazz', query: 'genre:jazz' },
    });
    const response = await bulk(token, {
      albums: [albums.nevermind.id],
      action: 'add_to_folder',
      folder_id: smart.json().id,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toMatch(/smart folder/i);
  });

  it('deletes albums and brings them back whole with undo', async () => {
    const token = await user();
    const albums = await shelf(token);
    const folder = await buildFolder(app(), token, { name: 'Keepers' });
    await app().inject({
      method: 'POST',
      url: `/api/v1/albums/${albums.kindOfBlue.id}/folders/${folder.id}`,
      headers: bearer(token),
    });
    await tagAlbum(app(), token, albums.kindOfBlue.id, 'Modal');
    await app().inject({
      method: 'POST',
      url: `/api/v1/albums/${albums.kindOfBlue.id}/genres/Cool%20Jazz`,
      headers: bearer(token),
    });
    const before = (await get(`/api/v1/albums/${albums.kindOfBlue.id}`, token)).json();
    const artistsBefore = (await get('/api/v1/artists', token)).json();
    const genresBefore = (await get('/api/v1/genres', token)).json();
    const byArtistBefore = (await get('/api/v1/albums?sort=artist-desc', token)).json();

    const response = await bulk(token, {
      query: 'year:..1960',
      action: 'delete',
    });
    expect(response.json()).toMatchObject({ matched: 2, affected: 2 });
    expect((await get(`/api/v1/albums/${albums.kindOfBlue.id}`, token)).statusCode).toBe(404);
    expect((await get('/api/v1/tags/Modal', token)).json().album_count).toBe(0);
    expect((await get(`/api/v1/folders/${folder.id}`, token)).json().album_count).toBe(0);

    expect((await undo(token, response.json().undo)).json()).toEqual({ affected: 2 });
    expect((await get(`/api/v1/albums/${albums.kindOfBlue.id}`, token)).json()).toEqual(before);
    expect((await get('/api/v1/artists', token)).json()).toEqual(artistsBefore);
    expect((await get('/api/v1/genres', token)).json()).toEqual(genresBefore);
    // Folded again as they come back: sorted by artist and found by name as before.
    expect((await get('/api/v1/albums?sort=artist-desc', token)).json()).toEqual(byArtistBefore);
    const found = (await get('/api/v1/albums?q=KIND%20OF', token)).json();
    expect(found.map((album: { id: number }) => album.id)).toEqual([albums.kindOfBlue.id]);
    expect((await get('/api/v1/tags/Modal', token)).json().album_count).toBe(1);
    expect((await get(`/api/v1/folders/${folder.id}`, token)).json().album_count).toBe(1);
    expect((await get('/api/v1/albums', token)).headers['x-total-count']).toBe('4');
  });

  // A part of the record holds 100 deleted albums.
  it('deletes more albums than a part of its record holds, and brings every one back', async () => {
    const token = await user();
    expect((await importFile(app(), token, shelfExport('Crate', 250))).status).toBe('finished');
    const before = await namesOf('/api/v1/albums?limit=200&sort=name-asc', token);
    const detail = (await get('/api/v1/albums?limit=1&sort=name-desc', token)).json()[0];
    const whole = (await get(`/api/v1/albums/${detail.id}`, token)).json();

    const response = await bulk(token, { query: 'tag:Crate', action: 'delete' });
    expect(response.json()).toMatchObject({ matched: 250, affected: 250 });
    expect((await get('/api/v1/albums', token)).headers['x-total-count']).toBe('0');

    expect((await undo(token, response.json().undo)).json()).toEqual({ affected: 250 });
    expect((await get('/api/v1/albums', token)).headers['x-total-count']).toBe('250');
    expect(await namesOf('/api/v1/albums?limit=200&sort=name-asc', token)).toEqual(before);
    expect((await get(`/api/v1/albums/${detail.id}`, token)).json()).toEqual(whole);
    expect((await get('/api/v1/tags/Crate', token)).json().album_count).toBe(250);
  });

  it('refuses a delete that lists another user’s album with a 404, and deletes nothing', async () => {
    const [token, other] = [await user(), await user()];
    expect((await importFile(app(), token, shelfExport('Crate', 150))).status).toBe('finished');
    const theirs = await buildAlbum(app(), other, { name: 'Not Yours' });
    const mine = (await get('/api/v1/albums?limit=150', token)).json() as { id: number }[];

    const response = await bulk(token, {
      albums: [...mine.map((album) => album.id), theirs.id],
      action: 'delete',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: `No such album: ${theirs.id}.` });
    expect((await get('/api/v1/albums', token)).headers['x-total-count']).toBe('150');
    expect((await get(`/api/v1/albums/${theirs.id}`, other)).statusCode).toBe(200);
  });

  it('selects by query from more albums than one statement looks at, among another user’s', async () => {
    const [token, other] = [await user(), await user()];
    // Two shelves of 2,600 albums, with another user's albums between them in id order.
    expect((await importFile(app(), token, shelfExport('Crate', 2_600))).status).toBe('finished');
    expect((await importFile(app(), other, shelfExport('Crate', 10))).status).toBe('finished');
    expect((await importFile(app(), token, shelfExport('Bin', 2_600))).status).toBe('finished');

    const all = await bulk(token, { query: '', action: 'tag', tag: 'Everything' });
    expect(all.json()).toMatchObject({ matched: 5_200, affected: 5_200 });
    const last = await bulk(token, { query: '"Bin 2600"', action: 'tag', tag: 'Last' });
    expect(last.json()).toMatchObject({ matched: 1, affected: 1 });
    expect(await namesOf('/api/v1/tags/Last/albums', token)).toEqual(['Bin 2600']);
    // The other user's albums, between the windows, are untouched.
    const [theirs] = (await get('/api/v1/albums?limit=1', other)).json();
    const detail = (await get(`/api/v1/albums/${theirs.id}`, other)).json();
    expect(detail.tags.map((tag: { name: string }) => tag.name)).toEqual(['Crate']);
  });

  it('leaves an album collected again since its delete as it now is', async () => {
    const token = await user();
    const albums = await shelf(token);
    const response = await bulk(token, { albums: [albums.nevermind.id], action: 'delete' });
    const again = await buildAlbum(app(), token, {
      spotify_id: albums.nevermind.spotify_id ?? undefined,
      name: 'Nevermind (again)',
      artist: 'Nirvana',
    });
    expect((await undo(token, response.json().undo)).json()).toEqual({ affected: 0 });
    expect((await get(`/api/v1/albums/${again.id}`, token)).json().name).toBe('Nevermind (again)');
    expect((await get(`/api/v1/albums/${albums.nevermind.id}`, token)).statusCode).toBe(404);
  });

  it('undoes a change once, and not once it has expired', async () => {
    const token = await user();
    const albums = await shelf(token);
    const first = await bulk(token, { albums: [albums.nevermind.id], action: 'tag', tag: 'Once' });
    expect((await undo(token, first.json().undo)).statusCode).toBe(200);
    const twice = await undo(token, first.json().undo);
    expect(twice.statusCode).toBe(404);
    expect(twice.json().detail).toMatch(/can no longer be undone/);

    const second = await bulk(token, { albums: [albums.nevermind.id], action: 'tag', tag: 'Old' });
    await testApp()
      .db.updateTable('bulk_changes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await undo(token, second.json().undo)).statusCode).toBe(404);
    expect(await namesOf('/api/v1/tags/Old/albums', token)).toEqual(['Nevermind']);
  });

  it("answers 404 for another user's albums, folders and undo tokens, and changes nothing", async () => {
    const owner = await user();
    const other = await user();
    const theirs = await shelf(owner);
    const mine = await buildAlbum(app(), other, { name: 'Mine' });
    const folder = await buildFolder(app(), owner, { name: 'Theirs' });

    const mixed = await bulk(other, {
      albums: [mine.id, theirs.kindOfBlue.id],
      action: 'tag',
      tag: 'Grabbed',
    });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().detail).toBe(`No such album: ${theirs.kindOfBlue.id}.`);
    expect((await get('/api/v1/tags/Grabbed', other)).statusCode).toBe(404);

    const intoTheirFolder = await bulk(other, {
      albums: [mine.id],
      action: 'add_to_folder',
      folder_id: folder.id,
    });
    expect(intoTheirFolder.statusCode).toBe(404);
    const withinTheirFolder = await bulk(other, {
      query: '',
      within: { folder_id: folder.id },
      action: 'delete',
    });
    expect(withinTheirFolder.statusCode).toBe(404);

    const deleted = await bulk(owner, { albums: [theirs.nevermind.id], action: 'delete' });
    expect((await undo(other, deleted.json().undo)).statusCode).toBe(404);
    expect((await undo(owner, deleted.json().undo)).json()).toEqual({ affected: 1 });
    expect((await get('/api/v1/albums', other)).json()).toHaveLength(1);
  });

  it.each([
    [{ action: 'tag', tag: 'x' }, 'albums'],
    [{ albums: [1], query: 'jazz', action: 'delete' }, 'albums'],
    [{ albums: [1], action: 'tag' }, 'tag'],
    [{ albums: [1], action: 'add_to_folder' }, 'folder_id'],
    [{ albums: [1], action: 'delete', tag: 'x' }, 'tag'],
    [{ albums: [1], action: 'paint' }, 'action'],
    [{ albums: [], action: 'delete' }, 'albums'],
    [{ query: 'year:abc', action: 'delete' }, 'query'],
    [{ albums: [1], within: { folder_id: 1 }, action: 'delete' }, 'within'],
    [{ albums: [1], action: 'tag', tag: 'x'.repeat(51) }, 'tag'],
  ])('refuses %o naming %s, and changes nothing', async (payload, field) => {
    const token = await user();
    const albums = await shelf(token);
    const response = await bulk(token, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    expect((await get(`/api/v1/albums/${albums.kindOfBlue.id}`, token)).statusCode).toBe(200);
  });

  it(`takes at most ${MAX_BULK_IDS} listed albums`, async () => {
    const token = await user();
    const ids = Array.from({ length: MAX_BULK_IDS + 1 }, (_, index) => index + 1);
    const response = await bulk(token, { albums: ids, action: 'delete' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].field).toBe('albums');
  });
});
