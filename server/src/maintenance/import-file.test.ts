import { type CollectionExport, EXPORT_FORMAT } from '@gatefold/contract/maintenance';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedWriter } from '../db/database';
import { demoUserRow, exportedAlbum } from '../testing/factories';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { type ImportFile, readImportFile } from './import-file';

const opened: TestDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.destroy();
});

/** An export file of albums with these names, as its bytes. */
function fileOf(names: string[]): Uint8Array[] {
  const file: CollectionExport = {
    format: EXPORT_FORMAT,
    version: 1,
    exported_at: '2026-01-01T00:00:00.000Z',
    tags: [],
    folders: [],
    albums: names.map((name) => exportedAlbum({ spotify_id: name, name, artist: 'Artist' })),
  };
  return [new TextEncoder().encode(JSON.stringify(file))];
}

const noLabels = { tagIds: new Map(), folderIds: new Map() };

/** Has the file's thread write all its albums, `batchSize` at a time; answers the last progress. */
async function writeAll(file: ImportFile, databaseFile: string, userId: number, batchSize: number) {
  const writing = { databaseFile, userId, labels: noLabels, batchSize };
  let progress = { done: 0, added: 0 };
  while (progress.done < file.albumCount) progress = await file.writeAlbumBatch(writing);
  return progress;
}

describe('an import file thread', () => {
  it('reads and writes one file after another, each whole and alone', async () => {
    const database = await createTestDatabase('sqlite-readers');
    opened.push(database);
    const { db } = database;
    const writer = sharedWriter(db);
    if (!writer) throw new Error('A SQLite file with readers has a writing thread.');
    const { id: userId } = await db
      .insertInto('users')
      .values(demoUserRow('filer'))
      .returning('id')
      .executeTakeFirstOrThrow();

    const first = await readImportFile(fileOf(['a1', 'a2', 'a3']));
    expect(await writeAll(first, writer.file, userId, 2)).toEqual({ done: 3, added: 3 });
    await first.close();

    // Read alone, a file hands over only its own albums.
    const second = await readImportFile(fileOf(['b1', 'b2']));
    const batches: string[][] = [];
    for await (const batch of second.albumBatches(10)) batches.push(batch.map((a) => a.name));
    expect(batches).toEqual([['b1', 'b2']]);
    await second.close();

    // Written after the others, a file counts only its own albums.
    const third = await readImportFile(fileOf(['c1', 'a1']));
    expect(await writeAll(third, writer.file, userId, 5)).toEqual({ done: 2, added: 1 });
    await third.close();

    const names = await db.selectFrom('albums').select('name').orderBy('name').execute();
    expect(names.map((row) => row.name)).toEqual(['a1', 'a2', 'a3', 'c1']);
  });

  it('refuses a file that breaks the schema, and reads the next one', async () => {
    const bad = new TextEncoder().encode(JSON.stringify({ format: EXPORT_FORMAT, version: 2 }));
    await expect(readImportFile([bad])).rejects.toMatchObject({ statusCode: 422 });
    const good = await readImportFile(fileOf(['d1']));
    expect(good.albumCount).toBe(1);
    await good.close();
  });

  it('hands over nothing more once the file is let go', async () => {
    const file = await readImportFile(fileOf(['e1', 'e2']));
    await file.close();
    await expect(file.albumBatches(1).next()).rejects.toThrow('The import file is closed.');
    const writing = { databaseFile: ':memory:', userId: 1, labels: noLabels, batchSize: 1 };
    await expect(file.writeAlbumBatch(writing)).rejects.toThrow('The import file is closed.');
  });
});
