import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cleanupsAfterEach, temporaryDirectory } from '../testing/cleanups';
import { demoUserRow } from '../testing/factories';
import { openDatabase } from './database';
import { TURN_MS } from './main-connection-turns';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';
import { LOG_BYTES_KEPT } from './sqlite-checkpoints';
import { SqliteReaders } from './sqlite-readers';

const afterTest = cleanupsAfterEach();

function temporaryFile() {
  const dir = temporaryDirectory(afterTest, 'readers');
  return path.join(dir, 'gatefold.sqlite');
}

async function databaseWithReaders() {
  const db = openDatabase({ kind: 'sqlite', file: temporaryFile(), readers: 2 });
  afterTest(() => db.destroy());
  await migrateToLatest(db);
  return db;
}

async function addUser(db: Kysely<Database>, name: string) {
  return db.insertInto('users').values(demoUserRow(name)).returning('id').executeTakeFirstOrThrow();
}

describe('SQLite reads on reader threads', () => {
  it('sees every write committed before the read was sent', async () => {
    const db = await databaseWithReaders();
    for (const name of ['ada', 'björk', 'cai']) {
      const { id } = await addUser(db, name);
      const read = await db
        .selectFrom('users')
        .select('display_name')
        .where('id', '=', id)
        .execute();
      expect(read).toEqual([{ display_name: name }]);
    }
  });

  it('keeps a transaction on the main connection, whose uncommitted rows no reader sees', async () => {
    const db = await databaseWithReaders();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(demoUserRow('Dana')).execute();
      const inside = await trx.selectFrom('users').select('display_name').execute();
      const outside = await db.selectFrom('users').select('display_name').execute();
      expect(inside).toEqual([{ display_name: 'Dana' }]);
      expect(outside).toEqual([]);
    });
    expect(await db.selectFrom('users').select('display_name').execute()).toEqual([
      { display_name: 'Dana' },
    ]);
  });

  it('runs one transaction after another on a connection held for both', async () => {
    const db = await databaseWithReaders();
    await db.connection().execute(async (connection) => {
      for (const name of ['Eve', 'Finn']) {
        await connection
          .transaction()
          .execute((trx) => trx.insertInto('users').values(demoUserRow(name)).execute());
      }
    });
    const names = await db.selectFrom('users').select('display_name').orderBy('id').execute();
    expect(names.map((row) => row.display_name)).toEqual(['Eve', 'Finn']);
  });

  it('answers reads while a write transaction is open', async () => {
    const db = await databaseWithReaders();
    await addUser(db, 'ed');
    let readDuringWrite: unknown;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ display_name: 'Edmund' }).execute();
      readDuringWrite = await db.selectFrom('users').select('display_name').execute();
    });
    expect(readDuringWrite).toEqual([{ display_name: 'ed' }]);
  });

  it('gives the event loop a turn before a queued write once writes have held it for 4 ms', async () => {
    const db = await databaseWithReaders();
    const written: string[] = [];
    const names = Array.from({ length: 5 }, (_, n) => `writer ${n}`);
    const writes = names.map((name) =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('users').values(demoUserRow(name)).execute();
        // A long write: better-sqlite3 holds the thread for as long as SQLite works.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, TURN_MS);
        written.push(name);
      }),
    );
    const writtenAtNextTurn = new Promise<number>((resolve) =>
      setImmediate(() => resolve(written.length)),
    );
    await Promise.all(writes);
    expect(await writtenAtNextTurn).toBe(1);
    expect(written).toEqual(names);
  });

  it("fails a read with SQLite's own message and code", async () => {
    const db = await databaseWithReaders();
    const read = sql`select 1`.execute(db);
    await expect(read).resolves.toBeDefined();
    await expect(
      db.selectFrom('users').select(sql<number>`no_such_function(id)`.as('x')).execute(),
    ).rejects.toMatchObject({
      message: 'no such function: no_such_function',
      code: 'SQLITE_ERROR',
    });
  });

  /** A table with two indexed columns, written by a connection of its own, and a reader of it. */
  function tableToPlan(row: (n: number) => [x: number, y: number]) {
    const file = temporaryFile();
    const writer = new SQLite(file);
    afterTest(() => {
      writer.close();
    });
    writer.pragma('journal_mode = WAL');
    writer.exec('create table t (id integer primary key, x int, y int)');
    writer.exec('create index t_x on t (x); create index t_y on t (y)');
    const insert = writer.prepare('insert into t (x, y) values (?, ?)');
    writer.transaction(() => {
      for (let n = 0; n < 5_000; n++) insert.run(...row(n));
    })();
    const readers = () => {
      const pool = new SqliteReaders({ file, count: 1, cacheKilobytes: 2_048 });
      afterTest(() => pool.close());
      return pool;
    };
    const plan = async (pool: SqliteReaders, x: number, y: number) =>
      JSON.stringify(
        await pool.read('explain query plan select * from t where x = ? and y = ?', [x, y]),
      );
    return { writer, readers, plan };
  }

  it('plans with the statistics the writer gathered after the reader opened', async () => {
    const { writer, readers, plan } = tableToPlan((n) => [n, n % 2]);
    const pool = readers();
    expect(await plan(pool, 1, 1)).toContain('INDEX t_y');
    writer.exec('analyze');
    expect(await plan(pool, 1, 1)).toContain('INDEX t_x');
  });

  it('plans with statistics gathered again once asked to reopen', async () => {
    const { writer, readers, plan } = tableToPlan((n) => [0, n % 100]);
    writer.exec('analyze');
    const pool = readers();
    expect(await plan(pool, 0, 1)).toContain('INDEX t_y');

    writer.exec('update t set x = id');
    writer.exec('analyze');
    // A second ANALYZE leaves the schema version as it was: the reader keeps its old statistics.
    expect(await plan(pool, 0, 1)).toContain('INDEX t_y');
    pool.reopen();
    expect(await plan(pool, 0, 1)).toContain('INDEX t_x');
  });

  it('gives up on threads that cannot start, so that reads go to the main connection', async () => {
    const readers = new SqliteReaders({
      file: path.join(os.tmpdir(), 'gatefold-no-such-dir', 'missing.sqlite'),
      count: 2,
      cacheKilobytes: 2_048,
    });
    afterTest(() => readers.close());
    await expect(readers.read('select 1', [])).rejects.toThrow();
    await expect.poll(() => readers.available, { timeout: 10_000 }).toBe(false);
  });

  it('fails the reads still running when it closes', async () => {
    const file = temporaryFile();
    new SQLite(file).close();
    const readers = new SqliteReaders({ file, count: 1, cacheKilobytes: 2_048 });
    await readers.read('select 1', []);
    const slow = readers.read(
      'with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000000) select count(*) from n',
      [],
    );
    const failed = expect(slow).rejects.toThrow('The SQLite readers are closed.');
    await readers.close();
    await failed;
  });
});

describe('the write-ahead log of a SQLite file with reader threads', () => {
  it('is copied back into the database file by a thread of its own, not by the committing connection', async () => {
    const file = temporaryFile();
    const db = openDatabase({ kind: 'sqlite', file, readers: 2 });
    afterTest(() => db.destroy());
    await migrateToLatest(db);
    const autocheckpoint = await sql<{
      wal_autocheckpoint: number;
    }>`pragma wal_autocheckpoint`.execute(db);
    expect(autocheckpoint.rows[0]?.wal_autocheckpoint).toBe(0);

    const sizeBefore = await settledSize(file);
    // About 200 pages of log: far under the 1,000 at which SQLite would copy it at a commit.
    for (let n = 0; n < 200; n += 1) {
      await db
        .insertInto('users')
        .values({ ...demoUserRow(`listener ${n}`), display_name: 'x'.repeat(3_000) })
        .execute();
    }
    expect(await settledSize(file)).toBeGreaterThan(sizeBefore + 500_000);
  });
  it('is emptied by its thread once past 64 MB, while reads and writes go on', async () => {
    const file = temporaryFile();
    const db = openDatabase({ kind: 'sqlite', file, readers: 2 });
    afterTest(() => db.destroy());
    await migrateToLatest(db);
    await sql`create table burst (chunk blob)`.execute(db);
    // 80 MB in one statement, so that no copy of the log comes in between.
    await sql`insert into burst
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 80)
      select zeroblob(1000000) from n`.execute(db);
    const log = `${file}-wal`;
    expect(fs.statSync(log).size).toBeGreaterThan(LOG_BYTES_KEPT);

    // Readers that never stop and a write every few milliseconds, as a busy server has: under
    // them SQLite alone never starts the log again, and never shortens the file.
    let going = true;
    const readsAndWrites = async (reader: boolean) => {
      let done = 0;
      while (going) {
        if (reader) await db.selectFrom('users').select('id').execute();
        else {
          await db
            .insertInto('users')
            .values(demoUserRow(`listener ${done}`))
            .execute();
          await sleep(5);
        }
        done += 1;
      }
      return done;
    };
    const work = Promise.all([readsAndWrites(true), readsAndWrites(true), readsAndWrites(false)]);
    let done: number[] = [];
    try {
      await expect
        .poll(() => fs.statSync(log).size, { timeout: 15_000, interval: 100 })
        .toBeLessThanOrEqual(LOG_BYTES_KEPT);
    } finally {
      going = false;
      done = await work;
    }
    const [firstReads = 0, secondReads = 0, written = 0] = done;
    expect(Math.min(firstReads, secondReads)).toBeGreaterThan(0);
    const users = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .execute();
    expect(Number(users[0]?.n)).toBe(written);
    const chunks = await sql<{ n: number }>`select count(*) as n from burst`.execute(db);
    expect(chunks.rows).toEqual([{ n: 80 }]);
  });
});

/** The database file's size once it has stopped changing (checkpoints run once a second). */
async function settledSize(file: string): Promise<number> {
  let size = fs.statSync(file).size;
  for (let quiet = 0; quiet < 3; ) {
    await new Promise((resolve) => setTimeout(resolve, 600));
    const now = fs.statSync(file).size;
    quiet = now === size ? quiet + 1 : 0;
    size = now;
  }
  return size;
}
