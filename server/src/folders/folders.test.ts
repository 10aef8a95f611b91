import { gunzipSync } from 'node:zlib';
import type { Folder, FolderDetail } from '@gatefold/contract/folders';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/schema';
import { countingApp } from '../testing/counting-app';
import { buildAlbum } from '../testing/factories';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKindsWithReaders } from '../testing/test-database';

type FolderBody = {
  name: string;
  description?: string;
  image_url?: string;
  parent_id?: number | null;
};

async function buildFolder(app: FastifyInstance, token: string, body: FolderBody): Promise<Folder> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/folders',
    headers: bearer(token),
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`Folder not created: ${response.body}`);
  return response.json();
}

async function listFolders(app: FastifyInstance, token: string): Promise<Folder[]> {
  const response = await app.inject({ url: '/api/v1/folders/', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function folderDetail(
  app: FastifyInstance,
  token: string,
  id: number,
): Promise<FolderDetail> {
  const response = await app.inject({ url: `/api/v1/folders/${id}`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function putInFolder(app: FastifyInstance, token: string, albumId: number, folderId: number) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/albums/${albumId}/folders/${folderId}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(204);
}

/** id → [parent_id, sort_order], to compare whole trees before and after. */
const placements = (folders: Folder[]) =>
  Object.fromEntries(folders.map((f) => [f.id, [f.parent_id, f.sort_order]]));

describe.each(testDatabaseKindsWithReaders)('folders on %s', (kind) => {
  const testApp = useTestApp(kind);

  it('answers 401 to every folder call without a session', async () => {
    const { app } = testApp();
    const calls = [
      { method: 'GET', url: '/api/v1/folders/' },
      { method: 'POST', url: '/api/v1/folders/', payload: { name: 'x' } },
      { method: 'GET', url: '/api/v1/folders/1' },
      { method: 'PUT', url: '/api/v1/folders/1', payload: { name: 'x' } },
      { method: 'DELETE', url: '/api/v1/folders/1' },
      { method: 'GET', url: '/api/v1/folders/1/albums' },
      { method: 'POST', url: '/api/v1/folders/reorder', payload: { items: [] } },
      { method: 'POST', url: '/api/v1/folders/upload-image' },
    ] as const;
    for (const call of calls) {
      const response = await app.inject({ ...call, headers: bearer('not-a-real-token') });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(response.json().detail).toMatch(/sign in/i);
    }
  });

  it('refuses a blank or too long name, a bad image address and an unknown parent with 422', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Validator'));
    const attempts: [FolderBody, string][] = [
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'Pics', image_url: 'javascript:alert(1)' }, 'image_url'],
      [{ name: 'Pics', image_url: 'ftp://example.com/a.png' }, 'image_url'],
      [{ name: 'Orphan', parent_id: 2_000_000_000 }, 'parent_id'],
    ];
    for (const [payload, field] of attempts) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/folders',
        headers: bearer(token),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const bad = await app.inject({ url: '/api/v1/folders/abc', headers: bearer(token) });
    expect(bad.statusCode).toBe(422);
    expect(await listFolders(app, token)).toEqual([]);
  });

  it("answers 404 for another user's folder on every folder call and changes nothing", async () => {
    const { app } = testApp();
    const owner = await signIn(app, uniqueName('Owner'));
    const intruder = await signIn(app, uniqueName('Intruder'));
    const theirs = await buildFolder(app, owner, { name: 'Private' });
    const theirChild = await buildFolder(app, owner, { name: 'Inner', parent_id: theirs.id });
    const mine = await buildFolder(app, intruder, { name: 'Mine' });
    const myAlbum = await buildAlbum(app, intruder, { name: 'Mine Only' });

    const calls = [
      { method: 'GET', url: `/api/v1/folders/${theirs.id}` },
      { method: 'PUT', url: `/api/v1/folders/${theirs.id}`, payload: { name: 'Stolen' } },
      { method: 'DELETE', url: `/api/v1/folders/${theirs.id}` },
      { method: 'GET', url: `/api/v1/folders/${theirs.id}/albums` },
      { method: 'POST', url: `/api/v1/albums/${myAlbum.id}/folders/${theirs.id}` },
      { method: 'DELETE', url: `/api/v1/albums/${myAlbum.id}/folders/${theirs.id}` },
      { method: 'GET', url: '/api/v1/folders/2000000000' },
    ] as const;
    for (const call of calls) {
      const response = await app.inject({ ...call, headers: bearer(intruder) });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(response.json()).toEqual({ detail: expect.any(String) });
    }

    // Ids in a body are fields, not the resource: refused like unknown ids, with 422.
    const references = [
      { method: 'POST', url: '/api/v1/folders', payload: { name: 'Sneaky', parent_id: theirs.id } },
      {
        method: 'PUT',
        url: `/api/v1/folders/${mine.id}`,
        payload: { name: 'Mine', parent_id: theirs.id },
      },
      {
        method: 'POST',
        url: '/api/v1/folders/reorder',
        payload: { items: [{ id: theirs.id, parent_id: null, sort_order: 0 }] },
      },
      {
        method: 'POST',
        url: '/api/v1/folders/reorder',
        payload: { items: [{ id: mine.id, parent_id: theirs.id, sort_order: 0 }] },
      },
    ] as const;
    for (const call of references) {
      const response = await app.inject({ ...call, headers: bearer(intruder) });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(422);
    }

    const after = await folderDetail(app, owner, theirs.id);
    expect(after).toMatchObject({ name: 'Private', album_count: 0, parent_id: null });
    expect(after.children.map((c) => c.id)).toEqual([theirChild.id]);
    expect(placements(await listFolders(app, intruder))).toEqual({ [mine.id]: [null, 0] });
  });

  it('creates a folder with trimmed texts, blank ones left out, last among its siblings', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Creator'));
    const first = await buildFolder(app, token, {
      name: '  Jazz  ',
      description: '  Late night  ',
    });
    expect(first).toMatchObject({
      name: 'Jazz',
      description: 'Late night',
      image_url: null,
      parent_id: null,
      sort_order: 0,
      album_count: 0,
      total_count: 0,
    });
    expect(Date.parse(first.created_at)).not.toBeNaN();
    const second = await buildFolder(app, token, {
      name: 'Rock',
      description: '   ',
      image_url: ' https://images.example/rock.jpg ',
    });
    expect(second).toMatchObject({
      description: null,
      image_url: 'https://images.example/rock.jpg',
      sort_order: 1,
    });
    const child = await buildFolder(app, token, { name: 'Bebop', parent_id: first.id });
    expect(child).toMatchObject({ parent_id: first.id, sort_order: 0 });
  });

  it('lists folders flat, ordered by parent, position and name, with X-Total-Count', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Lister'));
    const z = await buildFolder(app, token, { name: 'z' });
    const b = await buildFolder(app, token, { name: 'b' });
    const e = await buildFolder(app, token, { name: 'Été' });
    const a = await buildFolder(app, token, { name: 'A' });
    const inner = await buildFolder(app, token, { name: 'inner', parent_id: b.id });
    // Equal positions fall back to the name, whatever its case and accents.
    const reordered = await app.inject({
      method: 'POST',
      url: '/api/v1/folders/reorder',
      headers: bearer(token),
      payload: {
        items: [z, b, e, a].map(({ id }) => ({ id, parent_id: null, sort_order: 0 })),
      },
    });
    expect(reordered.statusCode).toBe(200);
    const response = await app.inject({ url: '/api/v1/folders', headers: bearer(token) });
    expect(response.headers['x-total-count']).toBe('5');
    expect(response.json().map((f: Folder) => f.id)).toEqual([a.id, b.id, e.id, z.id, inner.id]);
  });

  it('sends the folder list gzipped to a client that takes gzip, and plain to one that does not', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Zipped'));
    for (const name of ['Jazz', 'Rock', 'Soul']) await buildFolder(app, token, { name });
    const list = (encoding?: string) =>
      app.inject({
        url: '/api/v1/folders',
        headers: { ...bearer(token), ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');

    const zipped = await list('br, gzip, deflate');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['x-total-count']).toBe('3');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());

    expect((await list('gzip;q=0, identity')).headers['content-encoding']).toBeUndefined();
    expect((await list('gzip; q=0, identity')).headers['content-encoding']).toBeUndefined();
    expect((await list('identity, gzip;q=0.5')).headers['content-encoding']).toBeUndefined();
    expect((await list('GZIP;q=0.8, br')).headers['content-encoding']).toBe('gzip');
  });

  it('answers an unchanged folder list 304 through its ETag, and a changed one afresh', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Cached'));
    const shelf = await buildFolder(app, token, { name: 'Shelf' });
    const list = () => app.inject({ url: '/api/v1/folders', headers: bearer(token) });
    const first = await list();
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await app.inject({
      url: '/api/v1/folders',
      headers: { ...bearer(token), 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const album = await buildAlbum(app, token);
    await putInFolder(app, token, album.id, shelf.id);
    const changed = await list();
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json()).toMatchObject([{ name: 'Shelf', album_count: 1, total_count: 1 }]);
    await app.inject({
      method: 'DELETE',
      url: `/api/v1/albums/${album.id}`,
      headers: bearer(token),
    });
    expect((await list()).json()).toMatchObject([{ name: 'Shelf', album_count: 0 }]);
    const other = await app.inject({
      url: '/api/v1/folders',
      headers: { ...bearer(await signIn(app, uniqueName('Other'))), 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual([]);
  });

  it('counts albums directly inside and across the whole subtree, three levels deep', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Counter'));
    const top = await buildFolder(app, token, { name: 'Top' });
    const middle = await buildFolder(app, token, { name: 'Middle', parent_id: top.id });
    const bottom = await buildFolder(app, token, { name: 'Bottom', parent_id: middle.id });
    const side = await buildFolder(app, token, { name: 'Side', parent_id: top.id });
    const one = (await buildAlbum(app, token, { name: 'One' })).id;
    const two = (await buildAlbum(app, token, { name: 'Two' })).id;
    const three = (await buildAlbum(app, token, { name: 'Three' })).id;
    const four = (await buildAlbum(app, token, { name: 'Four' })).id;
    await putInFolder(app, token, one, top.id);
    await putInFolder(app, token, two, middle.id);
    await putInFolder(app, token, three, bottom.id);
    await putInFolder(app, token, four, bottom.id);
    await putInFolder(app, token, one, side.id);

    const counts = Object.fromEntries(
      (await listFolders(app, token)).map((f) => [f.name, [f.album_count, f.total_count]]),
    );
    expect(counts).toEqual({ Top: [1, 5], Middle: [1, 3], Bottom: [2, 2], Side: [1, 1] });
  });

  it('shows the breadcrumb root first and the subfolders with their counts', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Crumbs'));
    const music = await buildFolder(app, token, { name: 'Music' });
    const jazz = await buildFolder(app, token, { name: 'Jazz', parent_id: music.id });
    const modal = await buildFolder(app, token, { name: 'Modal', parent_id: jazz.id });
    const bebop = await buildFolder(app, token, { name: 'bebop', parent_id: jazz.id });
    const deep = await buildFolder(app, token, { name: 'Deep', parent_id: modal.id });
    const album = await buildAlbum(app, token);
    await putInFolder(app, token, album.id, deep.id);

    const detail = await folderDetail(app, token, jazz.id);
    expect(detail).toMatchObject({ id: jazz.id, name: 'Jazz', album_count: 0, total_count: 1 });
    expect(detail.ancestors).toEqual([{ id: music.id, name: 'Music' }]);
    expect(detail.children.map((c) => [c.name, c.total_count])).toEqual([
      ['Modal', 1],
      ['bebop', 0],
    ]);
    expect(bebop.sort_order).toBe(1);
    const leaf = await folderDetail(app, token, deep.id);
    expect(leaf.ancestors.map((a) => a.name)).toEqual(['Music', 'Jazz', 'Modal']);
    expect(leaf.children).toEqual([]);
  });

  it('shows in a page asked before a parent renamed, a subfolder added and an album filed below', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Crumbs'));
    const music = await buildFolder(app, token, { name: 'Music' });
    const jazz = await buildFolder(app, token, { name: 'Jazz', parent_id: music.id });
    const albumsOf = async (id: number) => {
      const url = `/api/v1/folders/${id}/albums`;
      return (await app.inject({ url, headers: bearer(token) })).json<{ folder: FolderDetail }>();
    };
    expect((await folderDetail(app, token, jazz.id)).ancestors.map((a) => a.name)).toEqual([
      'Music',
    ]);
    expect((await albumsOf(jazz.id)).folder.total_count).toBe(0);

    const rename = await app.inject({
      method: 'PUT',
      url: `/api/v1/folders/${music.id}`,
      headers: bearer(token),
      payload: { name: 'Records' },
    });
    expect(rename.statusCode).toBe(200);
    const modal = await buildFolder(app, token, { name: 'Modal', parent_id: jazz.id });
    await putInFolder(app, token, (await buildAlbum(app, token)).id, modal.id);

    const detail = await folderDetail(app, token, jazz.id);
    expect(detail.ancestors.map((a) => a.name)).toEqual(['Records']);
    expect(detail.children.map((c) => [c.name, c.total_count])).toEqual([['Modal', 1]]);
    expect((await albumsOf(jazz.id)).folder).toMatchObject({ total_count: 1 });
  });

  it('updates a folder and moves it last among its new siblings', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Mover'));
    const home = await buildFolder(app, token, { name: 'Home' });
    const away = await buildFolder(app, token, { name: 'Away' });
    await buildFolder(app, token, { name: 'Resident', parent_id: away.id });
    const traveller = await buildFolder(app, token, {
      name: 'Traveller',
      parent_id: home.id,
      description: 'old',
    });

    const response = await app.inject({
      method: 'PUT',
      url: `/api/v1/folders/${traveller.id}`,
      headers: bearer(token),
      payload: { name: ' Voyager ', parent_id: away.id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Voyager',
      description: null,
      parent_id: away.id,
      sort_order: 1,
      ancestors: [{ id: away.id, name: 'Away' }],
      children: [],
    });

    const toRoot = await app.inject({
      method: 'PUT',
      url: `/api/v1/folders/${traveller.id}`,
      headers: bearer(token),
      payload: { name: 'Voyager' },
    });
    expect(toRoot.json()).toMatchObject({ parent_id: null, sort_order: 2, ancestors: [] });
  });

  it('refuses to move a folder into itself or one of its subfolders, changing nothing', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Looper'));
    const outer = await buildFolder(app, token, { name: 'Outer' });
    const inner = await buildFolder(app, token, { name: 'Inner', parent_id: outer.id });
    const innermost = await buildFolder(app, token, { name: 'Innermost', parent_id: inner.id });
    const before = await listFolders(app, token);

    for (const parent of [outer.id, inner.id, innermost.id]) {
      const response = await app.inject({
        method: 'PUT',
        url: `/api/v1/folders/${outer.id}`,
        headers: bearer(token),
        payload: { name: 'Renamed', parent_id: parent },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual([{ field: 'parent_id', message: expect.any(String) }]);
    }
    expect(await listFolders(app, token)).toEqual(before);
  });

  it('moves subfolders up when a folder is deleted and keeps its albums in the collection', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Deleter'));
    const parent = await buildFolder(app, token, { name: 'Parent' });
    const sibling = await buildFolder(app, token, { name: 'Sibling', parent_id: parent.id });
    const doomed = await buildFolder(app, token, { name: 'Doomed', parent_id: parent.id });
    const z = await buildFolder(app, token, { name: 'Z first', parent_id: doomed.id });
    const a = await buildFolder(app, token, { name: 'A second', parent_id: doomed.id });
    const grandchild = await buildFolder(app, token, { name: 'Grandchild', parent_id: a.id });
    const album = await buildAlbum(app, token, { name: 'Survivor' });
    await putInFolder(app, token, album.id, doomed.id);
    await putInFolder(app, token, album.id, grandchild.id);

    const response = await app.inject({
      method: 'DELETE',
      url: `/api/v1/folders/${doomed.id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(204);

    const detail = await folderDetail(app, token, parent.id);
    expect(detail.children.map((c) => c.id)).toEqual([sibling.id, z.id, a.id]);
    expect(detail.total_count).toBe(1);
    expect((await folderDetail(app, token, grandchild.id)).ancestors.map((x) => x.id)).toEqual([
      parent.id,
      a.id,
    ]);
    const gone = await app.inject({ url: `/api/v1/folders/${doomed.id}`, headers: bearer(token) });
    expect(gone.statusCode).toBe(404);
    const kept = await app.inject({ url: `/api/v1/albums/${album.id}`, headers: bearer(token) });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().folders).toEqual([{ id: grandchild.id, name: 'Grandchild' }]);

    // A root folder's subfolders become root folders, after the existing ones.
    await app.inject({
      method: 'DELETE',
      url: `/api/v1/folders/${parent.id}`,
      headers: bearer(token),
    });
    const roots = (await listFolders(app, token)).filter((f) => f.parent_id === null);
    expect(roots.map((f) => f.name)).toEqual(['Sibling', 'Z first', 'A second']);
  });

  it('applies a reorder that moves folders across depths in one request', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Shuffler'));
    const a = await buildFolder(app, token, { name: 'A' });
    const b = await buildFolder(app, token, { name: 'B' });
    const a1 = await buildFolder(app, token, { name: 'A1', parent_id: a.id });
    const a2 = await buildFolder(app, token, { name: 'A2', parent_id: a1.id });
    const album = await buildAlbum(app, token);
    await putInFolder(app, token, album.id, a2.id);

    // A2 leaves the depths for the root; B goes two levels down, inside A1.
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/folders/reorder',
      headers: bearer(token),
      payload: {
        items: [
          { id: a2.id, parent_id: null, sort_order: 0 },
          { id: a.id, parent_id: null, sort_order: 1 },
          { id: a1.id, parent_id: a.id, sort_order: 0 },
          { id: b.id, parent_id: a1.id, sort_order: 0 },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('4');
    const list: Folder[] = response.json();
    expect(placements(list)).toEqual({
      [a2.id]: [null, 0],
      [a.id]: [null, 1],
      [a1.id]: [a.id, 0],
      [b.id]: [a1.id, 0],
    });
    expect(list.map((f) => f.name)).toEqual(['A2', 'A', 'A1', 'B']);
    expect(list.find((f) => f.id === a.id)?.total_count).toBe(0);
    expect(list.find((f) => f.id === a2.id)?.total_count).toBe(1);
    expect(await listFolders(app, token)).toEqual(list);
  });

  it('refuses a reorder with a loop, an unknown or a repeated folder, changing nothing', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Tangler'));
    const a = await buildFolder(app, token, { name: 'A' });
    const b = await buildFolder(app, token, { name: 'B', parent_id: a.id });
    const c = await buildFolder(app, token, { name: 'C', parent_id: b.id });
    const other = await buildFolder(app, token, { name: 'Other' });
    const before = await listFolders(app, token);

    const refusals: [object[], RegExp][] = [
      // A under C while C stays under B under A: a loop through the unchanged folders.
      [
        [
          { id: other.id, parent_id: null, sort_order: 5 },
          { id: a.id, parent_id: c.id, sort_order: 0 },
        ],
        /inside itself/,
      ],
      [[{ id: a.id, parent_id: a.id, sort_order: 0 }], /inside itself/],
      [
        [
          { id: other.id, parent_id: b.id, sort_order: 0 },
          { id: b.id, parent_id: other.id, sort_order: 0 },
        ],
        /inside itself/,
      ],
      [
        [
          { id: other.id, parent_id: null, sort_order: 3 },
          { id: 2_000_000_000, parent_id: null, sort_order: 0 },
        ],
        /2000000000 is not one of your folders/,
      ],
      [
        [{ id: other.id, parent_id: 2_000_000_001, sort_order: 0 }],
        /2000000001 .* is not one of your folders/,
      ],
      [
        [
          { id: other.id, parent_id: null, sort_order: 1 },
          { id: other.id, parent_id: a.id, sort_order: 0 },
        ],
        /more than once/,
      ],
    ];
    for (const [items, detail] of refusals) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/folders/reorder',
        headers: bearer(token),
        payload: { items },
      });
      expect(response.statusCode, JSON.stringify(items)).toBe(422);
      expect(response.json().detail).toMatch(detail);
    }
    const empty = await app.inject({
      method: 'POST',
      url: '/api/v1/folders/reorder',
      headers: bearer(token),
      payload: { items: [] },
    });
    expect(empty.statusCode).toBe(422);
    expect(await listFolders(app, token)).toEqual(before);
  });

  it('keeps an album in a folder once however often it is added, and removes it idempotently', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Repeater'));
    const box = await buildFolder(app, token, { name: 'Box' });
    const album = await buildAlbum(app, token);
    await putInFolder(app, token, album.id, box.id);
    await putInFolder(app, token, album.id, box.id);
    expect((await folderDetail(app, token, box.id)).album_count).toBe(1);
    for (let i = 0; i < 2; i += 1) {
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/v1/albums/${album.id}/folders/${box.id}`,
        headers: bearer(token),
      });
      expect(removed.statusCode).toBe(204);
    }
    expect((await folderDetail(app, token, box.id)).album_count).toBe(0);
  });

  it("pages, sorts and filters a folder's albums with X-Total-Count", async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Pager'));
    const shelf = await buildFolder(app, token, { name: 'Shelf', description: 'Vinyl' });
    const child = await buildFolder(app, token, { name: 'Child', parent_id: shelf.id });
    for (const name of ['Delta', 'alpha', 'Charlie', 'Bravo', 'Echo']) {
      const album = await buildAlbum(app, token, { name, artist: `${name} Band` });
      await putInFolder(app, token, album.id, shelf.id);
    }
    const outside = await buildAlbum(app, token, { name: 'Aardvark' });
    await putInFolder(app, token, outside.id, child.id);

    const first = await app.inject({
      url: `/api/v1/folders/${shelf.id}/albums?sort=name-asc&limit=2`,
      headers: bearer(token),
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('5');
    const body = first.json();
    expect(body.folder).toMatchObject({
      id: shelf.id,
      name: 'Shelf',
      description: 'Vinyl',
      album_count: 5,
      total_count: 6,
    });
    expect(body.folder.children.map((c: Folder) => c.id)).toEqual([child.id]);
    expect(body.albums.map((a: { name: string }) => a.name)).toEqual(['alpha', 'Bravo']);

    const second = await app.inject({
      url: `/api/v1/folders/${shelf.id}/albums?sort=name-desc&limit=2&offset=2`,
      headers: bearer(token),
    });
    expect(second.json().albums.map((a: { name: string }) => a.name)).toEqual(['Charlie', 'Bravo']);

    const filtered = await app.inject({
      url: `/api/v1/folders/${shelf.id}/albums?q=echo`,
      headers: bearer(token),
    });
    expect(filtered.headers['x-total-count']).toBe('1');
    expect(filtered.json().albums.map((a: { name: string }) => a.name)).toEqual(['Echo']);

    const tooMany = await app.inject({
      url: `/api/v1/folders/${shelf.id}/albums?limit=500`,
      headers: bearer(token),
    });
    expect(tooMany.statusCode).toBe(422);
  });
});

describe.each(testDatabaseKindsWithReaders)('folder statement counts on %s', (kind) => {
  /** Adds `count` folders in a chain of levels five deep, each holding one album. */
  async function seedFolders(db: Kysely<Database>, userId: number, albumId: number, count: number) {
    const now = new Date().toISOString();
    let parentId: number | null = null;
    for (let i = 0; i < count; i += 1) {
      const row: { id: number } = await db
        .insertInto('folders')
        .values({
          user_id: userId,
          parent_id: i % 5 === 0 ? null : parentId,
          name: `F${i}`,
          search_text: `f${i}`,
          sort_order: i,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('folder_albums')
        .values({ folder_id: row.id, album_id: albumId, added_at: now })
        .execute();
      parentId = row.id;
    }
  }

  async function statementsFor(
    counting: Awaited<ReturnType<typeof countingApp>>,
    request: InjectOptions,
  ) {
    const before = counting.counter.count;
    const response = await counting.app.inject(request);
    expect(response.statusCode).toBe(200);
    return { statements: counting.counter.count - before, body: response.json() };
  }

  it('builds a changed folder list once for requests that ask for it at the same time', async () => {
    const counting = await countingApp(kind);
    try {
      const { app } = counting;
      const token = await signIn(app, uniqueName('Busy'));
      await app.inject({ url: '/api/v1/auth/me', headers: bearer(token) });
      const list = () => app.inject({ url: '/api/v1/folders', headers: bearer(token) });
      await list();
      await buildFolder(app, token, { name: 'Jazz' });
      await buildFolder(app, token, { name: 'Rock' });

      const before = counting.counter.count;
      const answers = await Promise.all(Array.from({ length: 10 }, list));
      // Each request's session check, and the folders read once for all ten.
      expect(counting.counter.count - before).toBe(11);
      for (const answer of answers) {
        expect(answer.json().map((folder: Folder) => folder.name)).toEqual(['Jazz', 'Rock']);
      }
      expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
    } finally {
      await counting.close();
    }
  });

  it("answers a folder's page asked again with the session check alone", async () => {
    const counting = await countingApp(kind);
    try {
      const { app } = counting;
      const token = await signIn(app, uniqueName('Regular'));
      const jazz = await buildFolder(app, token, { name: 'Jazz' });
      await buildFolder(app, token, { name: 'Modal', parent_id: jazz.id });
      await putInFolder(app, token, (await buildAlbum(app, token)).id, jazz.id);
      for (const url of [`/api/v1/folders/${jazz.id}`, `/api/v1/folders/${jazz.id}/albums`]) {
        const request = { url, headers: bearer(token) };
        const first = await statementsFor(counting, request);
        expect(first.statements).toBeGreaterThan(1);
        const again = await statementsFor(counting, request);
        expect(again.statements).toBe(1);
        expect(again.body).toEqual(first.body);
      }
    } finally {
      await counting.close();
    }
  });

  it('lists 5 or 200 folders with the same number of statements', async () => {
    const counting = await countingApp(kind);
    try {
      const { app, db } = counting;
      const token = await signIn(app, uniqueName('Hoarder'));
      const userId: number = (
        await app.inject({ url: '/api/v1/auth/me', headers: bearer(token) })
      ).json().id;
      const album = await buildAlbum(app, token);
      const list = { url: '/api/v1/folders', headers: bearer(token) };

      await seedFolders(db, userId, album.id, 5);
      const few = await statementsFor(counting, list);
      expect(few.body).toHaveLength(5);
      expect(few.body[0]).toMatchObject({ album_count: 1, total_count: 5 });

      await seedFolders(db, userId, album.id, 195);
      const many = await statementsFor(counting, list);
      expect(many.body).toHaveLength(200);
      expect(many.statements).toBe(few.statements);

      const items = many.body.map((f: Folder, index: number) => ({
        id: f.id,
        parent_id: null,
        sort_order: index,
      }));
      const reorderFew = await statementsFor(counting, {
        method: 'POST',
        url: '/api/v1/folders/reorder',
        headers: bearer(token),
        payload: { items: items.slice(0, 5) },
      });
      const reorderMany = await statementsFor(counting, {
        method: 'POST',
        url: '/api/v1/folders/reorder',
        headers: bearer(token),
        payload: { items },
      });
      expect(reorderMany.statements).toBe(reorderFew.statements);
      expect(
        reorderMany.body.every((f: Folder) => f.parent_id === null && f.total_count === 1),
      ).toBe(true);
    } finally {
      await counting.close();
    }
  });
});
