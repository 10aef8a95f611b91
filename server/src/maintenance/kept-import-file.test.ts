import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithRunningJob } from '../testing/factories';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../testing/test-database';
import { keepImportFile, keptImportFile } from './kept-import-file';

describe.each(testDatabaseKinds)('a kept import file on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database.destroy());

  async function newJob(): Promise<number> {
    const { db } = database;
    const { jobId } = await userWithRunningJob(db, 'collection-import', { total: 1 });
    await db.insertInto('job_files').values({ job_id: jobId, labels: '{}' }).execute();
    return jobId;
  }

  /** `count` pieces of `size` bytes, each byte its position in the file modulo 251. */
  const piecesOf = (count: number, size: number) =>
    Array.from({ length: count }, (_, piece) =>
      Uint8Array.from({ length: size }, (_, at) => (piece * size + at) % 251),
    );

  const joined = (pieces: Uint8Array[]) => Buffer.concat(pieces);

  it('keeps a file in parts of a megabyte and gives back every byte in order', async () => {
    const jobId = await newJob();
    // 4.1 MB: pieces that do not divide a megabyte, then one longer than a part.
    const pieces = [...piecesOf(40, 65_000), ...piecesOf(1, 1_500_000)];
    await database.db.transaction().execute((trx) => keepImportFile(trx, jobId, pieces));

    const parts = await database.db
      .selectFrom('job_file_parts')
      .select(['part', 'bytes'])
      .where('job_id', '=', jobId)
      .orderBy('part')
      .execute();
    expect(parts.map((row) => row.bytes.byteLength)).toEqual([
      1 << 20,
      1 << 20,
      1 << 20,
      4_100_000 - 3 * (1 << 20),
    ]);
    expect(parts.map((row) => row.part)).toEqual([0, 1, 2, 3]);

    const read: Uint8Array[] = [];
    for await (const part of keptImportFile(database.db, jobId)) read.push(part);
    expect(joined(read).equals(joined(pieces))).toBe(true);
  });

  it('lets the parts go with their job file', async () => {
    const jobId = await newJob();
    await database.db.transaction().execute((trx) => keepImportFile(trx, jobId, piecesOf(3, 10)));
    await database.db.deleteFrom('job_files').where('job_id', '=', jobId).execute();
    const left = await database.db
      .selectFrom('job_file_parts')
      .select('part')
      .where('job_id', '=', jobId)
      .execute();
    expect(left).toEqual([]);
  });
});
