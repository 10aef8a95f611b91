import { MAX_FOLDER_DEPTH, MAX_FOLDERS } from '@gatefold/contract/folders';
import { describe, expect, it } from 'vitest';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKindsWithReaders } from '../testing/test-database';

describe.each(testDatabaseKindsWithReaders)('folder limits on %s', (kind) => {
  const testApp = useTestApp(kind);
  const send = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    testApp().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const create = async (token: string, name: string, parentId: number | null = null) =>
    send(token, 'POST', '/api/v1/folders', { name, parent_id: parentId });
  const folderCount = async (token: string) =>
    (await send(token, 'GET', '/api/v1/folders')).json().length;

  /** Folders nested `levels` deep; the ids from the top down. */
  async function chain(token: string, levels: number) {
    const ids: number[] = [];
    for (let level = 1; level <= levels; level += 1) {
      const created = await create(token, `Level ${level}`, ids.at(-1) ?? null);
      expect(created.statusCode).toBe(201);
      ids.push(created.json().id);
    }
    return ids;
  }

  it(`refuses a folder ${MAX_FOLDER_DEPTH + 1} levels deep, made or moved there`, async () => {
    const token = await signIn(testApp().app, uniqueName('Nester'));
    const levels = await chain(token, MAX_FOLDER_DEPTH);
    const deepest = levels.at(-1) ?? 0;
    const tooDeep = await create(token, 'One more', deepest);
    expect(tooDeep.statusCode).toBe(422);
    expect(tooDeep.json().detail).toBe(
      `parent_id: would nest folders more than ${MAX_FOLDER_DEPTH} levels deep`,
    );

    // A folder with a subfolder is two levels: it fits under level 18, not under level 19.
    const loose = (await create(token, 'Loose')).json();
    await create(token, 'Kid', loose.id);
    const count = await folderCount(token);
    const moved = (parent: number) =>
      send(token, 'PUT', `/api/v1/folders/${loose.id}`, { name: 'Loose', parent_id: parent });
    expect((await moved(levels[MAX_FOLDER_DEPTH - 2] ?? 0)).statusCode).toBe(422);
    const reordered = await send(token, 'POST', '/api/v1/folders/reorder', {
      items: [{ id: loose.id, parent_id: levels[MAX_FOLDER_DEPTH - 2], sort_order: 0 }],
    });
    expect(reordered.statusCode).toBe(422);
    expect(reordered.json().detail).toMatch(/^items: would nest folders more than/);
    expect(await folderCount(token)).toBe(count);
    expect((await moved(levels[MAX_FOLDER_DEPTH - 3] ?? 0)).statusCode).toBe(200);
  });

  it('refuses a place among siblings past 1,000,000, and moves nothing', async () => {
    const token = await signIn(testApp().app, uniqueName('Orderer'));
    const folder = (await create(token, 'Placed')).json();
    const refused = await send(token, 'POST', '/api/v1/folders/reorder', {
      items: [{ id: folder.id, parent_id: null, sort_order: 1_000_001 }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].field).toBe('items.0.sort_order');
  });

  it('refuses an import whose folders nest too deep, and creates none of them', async () => {
    const token = await signIn(testApp().app, uniqueName('Importer'));
    const folders = Array.from({ length: MAX_FOLDER_DEPTH + 1 }, (_, key) => ({
      key,
      parent_key: key === 0 ? null : key - 1,
      name: `Level ${key + 1}`,
      description: null,
      image_url: null,
      sort_order: 0,
    }));
    const refused = await send(token, 'POST', '/api/v1/maintenance/import', {
      format: 'gatefold-export',
      version: 1,
      exported_at: '2026-01-01T00:00:00.000Z',
      tags: [],
      folders,
      albums: [],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toMatch(/^folders: would nest folders more than/);
    expect(await folderCount(token)).toBe(0);
  });

  it(`refuses a folder past ${MAX_FOLDERS.toLocaleString('en')}`, async () => {
    const { app, db } = testApp();
    const token = await signIn(app, uniqueName('Hoarder'));
    const { id: userId } = (await send(token, 'GET', '/api/v1/auth/me')).json();
    const now = new Date().toISOString();
    const rows = Array.from({ length: MAX_FOLDERS }, (_, n) => ({
      user_id: userId,
      parent_id: null,
      name: `Shelf ${n}`,
      search_text: `shelf ${n}`,
      description: null,
      image_url: null,
      sort_order: n,
      created_at: now,
      updated_at: now,
    }));
    for (let start = 0; start < rows.length; start += 1_000) {
      await db
        .insertInto('folders')
        .values(rows.slice(start, start + 1_000))
        .execute();
    }
    const refused = await create(token, 'One too many');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toBe('parent_id: would make more than 10,000 folders');
  });
});
