import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { workerModule } from '../start-worker';
import { cleanupsAfterEach, temporaryDirectory } from '../testing/cleanups';
import { demoUserRow } from '../testing/factories';
import { openDatabase, refreshPlannerStatistics, sharedWriter } from './database';
import { migrateToLatest } from './migrate';

const WRITES = workerModule(import.meta.url, '../testing/thread-writes');

const afterTest = cleanupsAfterEach();

async function databaseWithReaders() {
  const dir = temporaryDirectory(afterTest, 'writing');
  const db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'gatefold.sqlite'), readers: 2 });
  afterTest(() => db.destroy());
  await migrateToLatest(db);
  const writer = sharedWriter(db);
  if (!writer) throw new Error('A SQLite file with readers has a writing thread.');
  return { db, writer };
}

const userNames = async (db: Awaited<ReturnType<typeof databaseWithReaders>>['db']) =>
  (await db.selectFrom('users').select('display_name').orderBy('id').execute()).map(
    (row) => row.display_name,
  );

describe('the writing thread', () => {
  it('runs a write as one transaction and answers its result', async () => {
    const { db, writer } = await databaseWithReaders();
    const id = await writer.writeOnThread(WRITES, { kind: 'add-user', name: 'ada' });
    const row = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    expect(id).toBe(row.id);
  });

  it('raises a refusal as the same HttpError and keeps nothing of its write', async () => {
    const { db, writer } = await databaseWithReaders();
    const refused = await writer
      .writeOnThread(WRITES, { kind: 'add-user-then-refuse', name: 'björk' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 409, detail: 'björk is taken.' });
    expect(await userNames(db)).toEqual([]);
  });

  it("fails a write that breaks the database's rules with SQLite's code, and keeps nothing", async () => {
    const { db, writer } = await databaseWithReaders();
    await writer.writeOnThread(WRITES, { kind: 'add-user', name: 'ada' });
    await expect(
      writer.writeOnThread(WRITES, { kind: 'add-user', name: 'ada' }),
    ).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(await userNames(db)).toEqual(['ada']);
  });

  it('tells where a failed write went wrong in the thread', async () => {
    const { writer } = await databaseWithReaders();
    await writer.writeOnThread(WRITES, { kind: 'add-user', name: 'ada' });
    const failure = await writer
      .writeOnThread(WRITES, { kind: 'add-user', name: 'ada' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure instanceof Error && failure.stack).toMatch(
      /In the writing thread: SqliteError: UNIQUE[\s\S]*thread-writes\.ts/,
    );
  });

  it('runs writes one at a time, in the order they were asked for', async () => {
    const { db, writer } = await databaseWithReaders();
    const names = ['ada', 'björk', 'cai', 'dee', 'eno'];
    await Promise.all(
      names.map((name) => writer.writeOnThread(WRITES, { kind: 'add-user', name })),
    );
    expect(await userNames(db)).toEqual(names);
  });

  it('starts afresh after its thread ends mid-write, which keeps nothing of that write', async () => {
    const { db, writer } = await databaseWithReaders();
    await expect(
      writer.writeOnThread(WRITES, { kind: 'end-thread', name: 'lost' }),
    ).rejects.toThrow(/exited/);
    await writer.writeOnThread(WRITES, { kind: 'add-user', name: 'cai' });
    expect(await userNames(db)).toEqual(['cai']);
    // The server's own writes go on too: the main connection is no longer held.
    await db.insertInto('users').values(demoUserRow('dee')).execute();
    expect(await userNames(db)).toEqual(['cai', 'dee']);
  });

  it("gathers the planner's statistics on the thread, and the server plans with them", async () => {
    const { db, writer } = await databaseWithReaders();
    // Every row has the same b: with statistics, the index on a and c finds one row, not them all.
    await sql`create table probe (a integer, b integer, c integer)`.execute(db);
    await sql`create index probe_ac on probe (a, c)`.execute(db);
    await sql`create index probe_b on probe (b)`.execute(db);
    await sql`insert into probe with recursive n (b) as (select 1 union all select b + 1 from n where b < 2000)
      select b, 1, b from n`.execute(db);
    const plan = async () =>
      (
        await sql<{ detail: string }>`explain query plan
          select * from probe where a = 7 and c = 7 and b = 1`.execute(db)
      ).rows.map((row) => row.detail);
    const statistics = async () =>
      (
        await sql<{
          idx: string;
        }>`select idx from sqlite_stat1 where tbl = 'probe' order by idx`.execute(db)
      ).rows;
    expect(await plan()).toEqual([expect.stringContaining('USING INDEX probe_b')]);

    // sqlite_stat1 is there from the migrations (0026), so gathering statistics leaves the
    // schema as it was, and nothing but the reload tells the main connection of them.
    await refreshPlannerStatistics(db, { albumsAdded: 999 });
    expect(await statistics()).toEqual([]);
    await refreshPlannerStatistics(db, { albumsAdded: 1_000 });
    expect(await statistics()).toEqual([{ idx: 'probe_ac' }, { idx: 'probe_b' }]);
    expect(await plan()).toEqual([expect.stringContaining('USING INDEX probe_ac')]);
    await writer.writeOnThread(WRITES, { kind: 'add-user', name: 'björk' });
    expect(await userNames(db)).toEqual(['björk']);
  });

  it('refuses writes once the database is closed, and never makes its file again', async () => {
    const dir = temporaryDirectory(afterTest, 'writing');
    const file = path.join(dir, 'gatefold.sqlite');
    const db = openDatabase({ kind: 'sqlite', file, readers: 2 });
    await migrateToLatest(db);
    const writer = sharedWriter(db);
    await writer?.writeOnThread(WRITES, { kind: 'add-user', name: 'ada' });
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });

    await expect(writer?.writeOnThread(WRITES, { kind: 'add-user', name: 'cai' })).rejects.toThrow(
      'The database is closed.',
    );
    expect(fs.existsSync(dir)).toBe(false);
  });
});
