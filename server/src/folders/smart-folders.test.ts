import type { Folder } from '@gatefold/contract/folders';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildAlbum, buildFolder, importFile } from '../testing/factories';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKindsWithReaders } from '../testing/test-database';

describe.each(testDatabaseKindsWithReaders)('smart folders on %s', (kind) => {
  const testApp = useTestApp(kind);
  const user = () => signIn(testApp().app, uniqueName('Listener'));
  const call = (token: string, options: InjectOptions) =>
    testApp().app.inject({ ...options, headers: { ...bearer(token), ...options.headers } });

  async function smartFolder(token: string, name: string, query: string, parentId?: number) {
    const response = await call(token, {
      method: 'POST',
      url: '/api/v1/folders',
      payload: { name, query, parent_id: parentId ?? null },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Folder>();
  }

  const listed = async (token: string, id: number) =>
    (await call(token, { url: '/api/v1/folders' })).json<Folder[]>().find((f) => f.id === id);

  async function albumNames(token: string, folderId: number, q = '') {
    const response = await call(token, {
      url: `/api/v1/folders/${folderId}/albums?sort=name-asc&q=${encodeURIComponent(q)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const names = response.json<{ albums: { name: string }[] }>().albums.map((a) => a.name);
    expect(Number(response.headers['x-total-count'])).toBe(names.length);
    return names;
  }

  it('holds whatever matches its query now, and counts it live', async () => {
    const token = await user();
    const { app } = testApp();
    await buildAlbum(app, token, { name: 'Kind of Blue', release_date: '1959', genres: ['Jazz'] });
    await buildAlbum(app, token, {
      name: 'Ágætis byrjun',
      release_date: '1999',
      genres: ['Post-Rock'],
    });
    const shelf = await buildFolder(app, token, { name: 'Shelf' });
    const jazz = await smartFolder(token, 'Fifties jazz', 'genre:jazz year:1950..1959', shelf.id);
    expect(jazz).toMatchObject({ query: 'genre:jazz year:1950..1959', album_count: 1 });
    expect(await albumNames(token, jazz.id)).toEqual(['Kind of Blue']);

    await buildAlbum(app, token, { name: 'Blue Train', release_date: '1957', genres: ['Jazz'] });
    expect(await albumNames(token, jazz.id)).toEqual(['Blue Train', 'Kind of Blue']);
    expect(await albumNames(token, jazz.id, 'train')).toEqual(['Blue Train']);
    expect(await listed(token, jazz.id)).toMatchObject({ album_count: 2, total_count: 2 });
    expect(await listed(token, shelf.id)).toMatchObject({ album_count: 0, total_count: 2 });
  });

  it('answers a changed count past the folder list ETag', async () => {
    const token = await user();
    const folder = await smartFolder(token, 'Everything blue', 'blue');
    const first = await call(token, { url: '/api/v1/folders' });
    await buildAlbum(testApp().app, token, { name: 'Blue' });
    const second = await call(token, {
      url: '/api/v1/folders',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json<Folder[]>().find((f) => f.id === folder.id)?.album_count).toBe(1);
  });

  it('refuses a malformed query, pointing at the bad token, and creates nothing', async () => {
    const token = await user();
    const response = await call(token, {
      method: 'POST',
      url: '/api/v1/folders',
      payload: { name: 'Broken', query: 'genre:jazz year:19x9' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: [{ field: 'query', message: expect.stringMatching(/"19x9"/) }],
    });
    expect((await call(token, { url: '/api/v1/folders' })).json()).toEqual([]);
  });

  it('holds no subfolders: refuses one created, moved or reordered into it', async () => {
    const token = await user();
    const smart = await smartFolder(token, 'Recent', 'added:<30d');
    const plain = await buildFolder(testApp().app, token, { name: 'Plain' });
    const created = await call(token, {
      method: 'POST',
      url: '/api/v1/folders',
      payload: { name: 'Inside', parent_id: smart.id },
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toEqual([
      { field: 'parent_id', message: 'is a smart folder, which holds no subfolders' },
    ]);
    const moved = await call(token, {
      method: 'PUT',
      url: `/api/v1/folders/${plain.id}`,
      payload: { name: 'Plain', parent_id: smart.id },
    });
    expect(moved.statusCode).toBe(422);
    const reordered = await call(token, {
      method: 'POST',
      url: '/api/v1/folders/reorder',
      payload: { items: [{ id: plain.id, parent_id: smart.id, sort_order: 0 }] },
    });
    expect(reordered.statusCode).toBe(422);
    expect((await listed(token, plain.id))?.parent_id).toBeNull();
  });

  it('takes no album by hand', async () => {
    const token = await user();
    const smart = await smartFolder(token, 'Recent', 'added:<30d');
    const album = await buildAlbum(testApp().app, token, { name: 'Blue' });
    const response = await call(token, {
      method: 'POST',
      url: `/api/v1/albums/${album.id}/folders/${smart.id}`,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toMatch(/cannot be put in or taken out by hand/);
  });

  it('turns an empty plain folder smart and back, but not one holding albums or subfolders', async () => {
    const token = await user();
    const { app } = testApp();
    const album = await buildAlbum(app, token, { name: 'Blue' });
    const empty = await buildFolder(app, token, { name: 'Empty' });
    const holding = await buildFolder(app, token, { name: 'Holding' });
    const parent = await buildFolder(app, token, { name: 'Parent' });
    await buildFolder(app, token, { name: 'Child', parent_id: parent.id });
    await call(token, { method: 'POST', url: `/api/v1/albums/${album.id}/folders/${holding.id}` });
    const put = (id: number, name: string, query: string | null) =>
      call(token, { method: 'PUT', url: `/api/v1/folders/${id}`, payload: { name, query } });

    expect((await put(empty.id, 'Empty', 'blue')).json()).toMatchObject({
      query: 'blue',
      album_count: 1,
    });
    expect((await put(empty.id, 'Empty', null)).json()).toMatchObject({
      query: null,
      album_count: 0,
    });
    const refusedAlbums = await put(holding.id, 'Holding', 'blue');
    expect(refusedAlbums.statusCode).toBe(422);
    expect(refusedAlbums.json().errors[0].field).toBe('query');
    expect((await put(parent.id, 'Parent', 'blue')).statusCode).toBe(422);
    expect(await albumNames(token, holding.id)).toEqual(['Blue']);
  });

  it('travels in the export and back in through the import', async () => {
    const source = await user();
    const { app } = testApp();
    await smartFolder(source, 'Jazz', 'genre:jazz');
    await buildAlbum(app, source, { name: 'Kind of Blue', genres: ['Jazz'] });
    const exported = (await call(source, { url: '/api/v1/maintenance/export' })).json();
    expect(exported.folders).toEqual([
      expect.objectContaining({ name: 'Jazz', query: 'genre:jazz' }),
    ]);

    const target = await user();
    await buildAlbum(app, target, { name: 'Blue Train', genres: ['Jazz'] });
    const job = await importFile(app, target, exported);
    expect(job.status).toBe('finished');
    const [copy] = (await call(target, { url: '/api/v1/folders' })).json<Folder[]>();
    expect(copy).toMatchObject({ name: 'Jazz', query: 'genre:jazz', album_count: 2 });
    expect(await albumNames(target, copy?.id ?? 0)).toEqual(['Blue Train', 'Kind of Blue']);
  });

  it("never counts another user's albums", async () => {
    const mine = await user();
    const theirs = await user();
    await buildAlbum(testApp().app, theirs, { name: 'Blue', genres: ['Jazz'] });
    const folder = await smartFolder(mine, 'Jazz', 'genre:jazz');
    expect(folder.album_count).toBe(0);
    expect(await albumNames(mine, folder.id)).toEqual([]);
  });
});
