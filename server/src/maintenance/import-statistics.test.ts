import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { openDatabase, sharedWriter } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { cleanupsAfterEach, temporaryDirectory } from '../testing/cleanups';
import { refreshStatisticsAfterImport } from './import-statistics';
import { jobRecord } from './jobs';

const afterTest = cleanupsAfterEach();

describe("an import's planner statistics", () => {
  it('that cannot be gathered leave the import to finish, and the log says why', async () => {
    const dir = temporaryDirectory(afterTest, 'statistics');
    const db = openDatabase({
      kind: 'sqlite',
      file: path.join(dir, 'gatefold.sqlite'),
      readers: 1,
    });
    await migrateToLatest(db);
    expect(sharedWriter(db)).toBeDefined();
    // Closed, the database's writing thread refuses the statistics' write.
    await db.destroy();
    const logged: string[] = [];
    const logging = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => void logged.push(line) } },
    });
    afterTest(() => logging.close());

    await expect(
      refreshStatisticsAfterImport(db, jobRecord(db, 1, 'this instance', logging.log), 1_000),
    ).resolves.toBeUndefined();
    expect(logged.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        level: 40,
        jobId: 1,
        msg: 'could not gather the planner statistics after an import',
        err: expect.objectContaining({ message: 'The database is closed.' }),
      }),
    ]);
  });
});
