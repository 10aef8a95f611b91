import { describe, expect, it } from 'vitest';
import { FEW_MATCHES } from '../albums/query-reading';
import { countingApp } from '../testing/counting-app';
import { buildAlbum, buildFolder, importFile, shelfExport, tagAlbum } from '../testing/factories';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKindsWithReaders } from '../testing/test-database';

/** Text results are kept between requests; every change to what they are made of must show. */
describe.each(testDatabaseKindsWithReaders)('kept text results on %s', (kind) => {
  const testApp = useTestApp(kind);
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
  ) => testApp().app.inject({ method, url, headers: bearer(token), payload });

  async function filtered(token: string, url: string) {
    const response = await call('GET', url, token);
    const body = response.json();
    // A folder's page holds its albums beside the folder.
    const albums: { name: string }[] = Array.isArray(body) ? body : body.albums;
    return { names: albums.map((album) => album.name), total: response.headers['x-total-count'] };
  }

  it("follow albums, taggings, tag renames and folders into the album filter's pages and count", async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Filterer'));
    const first = await buildAlbum(app, token, { name: 'Velvet Morning', artist: 'Lee' });
    const url = '/api/v1/albums?q=velvet&sort=name-asc';
    expect(await filtered(token, url)).toEqual({ names: ['Velvet Morning'], total: '1' });

    const second = await buildAlbum(app, token, { name: 'Underground', artist: 'Nico' });
    expect((await filtered(token, url)).names).toEqual(['Velvet Morning']);
    await tagAlbum(app, token, second.id, 'Velvety');
    expect(await filtered(token, url)).toEqual({
      names: ['Underground', 'Velvet Morning'],
      total: '2',
    });

    await call('PUT', '/api/v1/tags/velvety', token, { name: 'Rough' });
    expect(await filtered(token, url)).toEqual({ names: ['Velvet Morning'], total: '1' });
    await call('PUT', '/api/v1/tags/rough', token, { name: 'Velvet Rope' });
    expect((await filtered(token, url)).total).toBe('2');
    await call('DELETE', `/api/v1/albums/${second.id}/tags/velvet%20rope`, token);
    expect((await filtered(token, url)).total).toBe('1');

    // Paged, from the same kept matches.
    for (const name of ['Velvet A', 'Velvet B', 'Velvet C']) await buildAlbum(app, token, { name });
    expect((await filtered(token, `${url}&limit=2&offset=2`)).names).toEqual([
      'Velvet C',
      'Velvet Morning',
    ]);

    // Text and a folder together follow the folder's contents.
    const shelf = (await call('POST', '/api/v1/folders', token, { name: 'Shelf' })).json();
    const inShelf = `/api/v1/folders/${shelf.id}/albums?q=velvet`;
    expect((await filtered(token, inShelf)).total).toBe('0');
    await call('POST', `/api/v1/albums/${first.id}/folders/${shelf.id}`, token);
    expect(await filtered(token, inShelf)).toEqual({ names: ['Velvet Morning'], total: '1' });

    await call('DELETE', `/api/v1/albums/${first.id}`, token);
    expect((await filtered(token, url)).names).toEqual(['Velvet A', 'Velvet B', 'Velvet C']);
  });

  it('follow new albums, tags and folders into the collection search and its suggestions', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Seeker'));
    const search = async () => (await call('GET', '/api/v1/search?q=velv', token)).json();
    expect((await search()).albums).toEqual([]);

    const album = await buildAlbum(app, token, { name: 'Velvet Blue', artist: 'Lynch' });
    expect((await search()).albums.map((a: { name: string }) => a.name)).toEqual(['Velvet Blue']);

    const box = (await call('POST', '/api/v1/folders', token, { name: 'Velvet box' })).json();
    const counted = async () =>
      (await search()).folders.map(
        (f: { name: string; album_count: number; total_count: number }) =>
          `${f.name} ${f.album_count}/${f.total_count}`,
      );
    expect(await counted()).toEqual(['Velvet box 0/0']);
    // Its counts take in an album put in a folder inside it, as the folder list does.
    const inner = (
      await call('POST', '/api/v1/folders', token, { name: 'Inner', parent_id: box.id })
    ).json();
    await call('POST', `/api/v1/albums/${album.id}/folders/${inner.id}`, token);
    expect(await counted()).toEqual(['Velvet box 0/1']);
    await call('POST', `/api/v1/albums/${album.id}/folders/${box.id}`, token);
    expect(await counted()).toEqual(['Velvet box 1/2']);

    const suggestions = await call('GET', '/api/v1/search/suggestions?q=velv', token);
    expect(suggestions.json().suggestions.map((s: { label: string }) => s.label)).toContain(
      'Velvet box',
    );

    // Another user's search is their own.
    const other = await signIn(app, uniqueName('Other'));
    expect((await call('GET', '/api/v1/search?q=velv', other)).json().albums).toEqual([]);
  });

  it("follow albums and taggings into the artists page's artists, genres and tags", async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Listener'));
    const page = async () =>
      (await call('GET', '/api/v1/artists?limit=20', token))
        .json()
        .map(
          (a: {
            name: string;
            album_count: number;
            genres: string[];
            tags: { name: string }[];
          }) => [a.name, a.album_count, a.genres, a.tags.map((t) => t.name)],
        );
    const first = await buildAlbum(app, token, { name: 'One', artist: 'Ana', genres: ['Fado'] });
    expect(await page()).toEqual([['Ana', 1, ['Fado'], []]]);

    await buildAlbum(app, token, { name: 'Two', artist: 'Ana', genres: ['Jazz'] });
    await buildAlbum(app, token, { name: 'Three', artist: 'Bo', genres: ['Jazz'] });
    expect(await page()).toEqual([
      ['Ana', 2, ['Fado', 'Jazz'], []],
      ['Bo', 1, ['Jazz'], []],
    ]);

    await tagAlbum(app, token, first.id, 'Sunday');
    expect((await page())[0]).toEqual(['Ana', 2, ['Fado', 'Jazz'], ['Sunday']]);

    await call('DELETE', `/api/v1/albums/${first.id}`, token);
    expect((await page())[0]).toEqual(['Ana', 1, ['Jazz'], []]);
  });

  it("follow albums, taggings and the last album's removal into an artist's screen", async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Listener'));
    const artist = async () => {
      const response = await call('GET', '/api/v1/artists/ana', token);
      if (response.statusCode !== 200) return response.statusCode;
      const found = response.json();
      return [found.album_count, found.genres, found.tags.map((t: { name: string }) => t.name)];
    };
    const albums = async () => (await filtered(token, '/api/v1/artists/ana/albums')).names;
    const first = await buildAlbum(app, token, { name: 'One', artist: 'Ana', genres: ['Fado'] });
    expect(await artist()).toEqual([1, ['Fado'], []]);
    expect(await albums()).toEqual(['One']);

    const second = await buildAlbum(app, token, { name: 'Two', artist: 'Ana', genres: ['Jazz'] });
    await tagAlbum(app, token, second.id, 'Sunday');
    expect(await artist()).toEqual([2, ['Fado', 'Jazz'], ['Sunday']]);
    expect(await albums()).toEqual(['Two', 'One']);

    await call('DELETE', `/api/v1/albums/${first.id}`, token);
    await call('DELETE', `/api/v1/albums/${second.id}`, token);
    expect(await artist()).toBe(404);
    expect((await call('GET', '/api/v1/artists/ana/albums', token)).statusCode).toBe(404);
  });
});

describe.each(testDatabaseKindsWithReaders)('the collection search’s statements on %s', (kind) => {
  it('reads the library’s version only with the session, however many kinds it searches', async () => {
    const { app, counter, close } = await countingApp(kind);
    try {
      const token = await signIn(app, uniqueName('Counted'));
      const album = await buildAlbum(app, token, {
        name: 'Velvet Blue',
        artists: [{ name: 'Velvet Lynch', spotify_id: 'lynch1' }],
        genres: ['Velvet Pop'],
      });
      await tagAlbum(app, token, album.id, 'Velvety');
      await buildFolder(app, token, { name: 'Velvet box' });
      const search = async () => {
        const before = counter.count;
        const response = await app.inject({ url: '/api/v1/search?q=velv', headers: bearer(token) });
        expect(response.statusCode).toBe(200);
        return { statements: counter.count - before, body: response.json() };
      };
      const fresh = await search();
      expect(Object.values(fresh.body).map((found) => (found as unknown[]).length)).toEqual([
        1, 1, 1, 1, 1,
      ]);
      // The session with the library's version; a small collection's matching albums, labelled
      // as they are read (1); its tags, genres, artists and folders found, in one statement (1);
      // the folders' counts (1).
      expect(fresh.statements).toBe(4);
      expect((await search()).statements).toBe(1);
    } finally {
      await close();
    }
  });

  it('reads a large collection’s other matches only after the names that start with the search', async () => {
    const { app, counter, close } = await countingApp(kind);
    try {
      const token = await signIn(app, uniqueName('Counted'));
      const job = await importFile(app, token, shelfExport('Shelf', FEW_MATCHES + 1));
      expect(job.status).toBe('finished');
      const search = async (q: string) => {
        const before = counter.count;
        const response = await app.inject({ url: `/api/v1/search?q=${q}`, headers: bearer(token) });
        expect(response.statusCode).toBe(200);
        const found = response.json();
        expect(found.albums.map((album: { name: string }) => album.name)).toEqual([
          'Shelf 1',
          'Shelf 10',
          'Shelf 100',
          'Shelf 101',
          'Shelf 102',
        ]);
        expect(found.artists.map((artist: { name: string }) => artist.name)).toEqual([
          'Shelf Players',
        ]);
        return counter.count - before;
      };
      const statements = await search('players');
      // The session; the albums whose names start with the search, none, then the other
      // matches (2); the tags, genres and artists whose names start with it and the folders
      // with a word that does, then the other artists (2); no folder found, so no counts.
      expect(statements).toBe(5);
    } finally {
      await close();
    }
  });

  it("reads an artist's screen asked again with the session alone", async () => {
    const { app, counter, close } = await countingApp(kind);
    try {
      const token = await signIn(app, uniqueName('Counted'));
      await buildAlbum(app, token, { name: 'Velvet Blue', artist: 'Velvet Lynch' });
      const statements = async (url: string) => {
        const before = counter.count;
        const response = await app.inject({ url, headers: bearer(token) });
        expect(response.statusCode).toBe(200);
        return counter.count - before;
      };
      await statements('/api/v1/artists/velvet-lynch');
      await statements('/api/v1/artists/velvet-lynch/albums?limit=24');
      expect(await statements('/api/v1/artists/velvet-lynch')).toBe(1);
      expect(await statements('/api/v1/artists/velvet-lynch/albums?limit=24')).toBe(1);
    } finally {
      await close();
    }
  });
});
