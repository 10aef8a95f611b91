import { describe, expect, it } from 'vitest';
import { buildAlbum, tagAlbum } from '../testing/factories';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';

/** Counts kept beside what they count must follow every write, cascaded deletes included. */
describe.each(testDatabaseKinds)('kept album counts on %s', (kind) => {
  const testApp = useTestApp(kind);
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, token: string) =>
    testApp().app.inject({ method, url, headers: bearer(token) });

  async function collection() {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Counter'));
    const shelf = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/folders',
        headers: bearer(token),
        payload: { name: 'Shelf' },
      })
    ).json();
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
    const inner = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/folders',
        headers: bearer(token),
        payload: { name: 'Inner', parent_id: shelf.id },
      })
    ).json();
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
});
