import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { cleanupsAfterEach, temporaryDirectory } from '../testing/cleanups';
import { demoUserRow, insertNumberedAlbums } from '../testing/factories';
import { createTestDatabase } from '../testing/test-database';
import {
  CONNECT_TIMEOUT_MS,
  databaseTarget,
  openDatabase,
  refreshPlannerStatistics,
  sharedWriter,
} from './database';
import { isDatabaseUnavailable } from './database-unavailable';

const postgresUrl = process.env.TEST_DATABASE_URL;

describe('the database a configuration opens', () => {
  it('gives PostgreSQL the configured number of connections', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://gatefold@db.internal/gatefold',
      DATABASE_CONNECTIONS: '7',
    });
    expect(databaseTarget(config)).toEqual({
      kind: 'postgres',
      url: 'postgres://gatefold@db.internal/gatefold',
      connections: 7,
    });
  });

  it.runIf(postgresUrl)('never opens more connections to PostgreSQL than it is given', async () => {
    const db = openDatabase({ kind: 'postgres', url: postgresUrl ?? '', connections: 2 });
    try {
      // Eight queries at once, each holding its connection a moment: two connections serve them.
      const backends = await Promise.all(
        Array.from({ length: 8 }, () =>
          sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`
            .execute(db)
            .then((result) => result.rows[0]?.pid),
        ),
      );
      expect(new Set(backends).size).toBe(2);
    } finally {
      await db.destroy();
    }
  });

  it.runIf(postgresUrl)(
    'costs a random page read near a read in turn on PostgreSQL, in the schema it is given',
    async () => {
      const db = openDatabase({ kind: 'postgres', url: postgresUrl ?? '', schema: 'elsewhere' });
      try {
        const shown = await sql<{ cost: string; path: string }>`select
          current_setting('random_page_cost') as cost, current_setting('search_path') as path`.execute(
          db,
        );
        expect(shown.rows[0]).toEqual({ cost: '1.1', path: 'elsewhere,public' });
      } finally {
        await db.destroy();
      }
    },
  );

  it.runIf(postgresUrl)(
    'lets a query wait its turn for a connection, then gives up as the database unavailable',
    async () => {
      const db = openDatabase({ kind: 'postgres', url: postgresUrl ?? '', connections: 1 });
      try {
        // The one connection is busy for longer than a query may wait for it.
        const holding = sql`select pg_sleep(${(CONNECT_TIMEOUT_MS + 500) / 1000})`.execute(db);
        await new Promise((resolve) => setTimeout(resolve, 100));
        const asked = performance.now();
        const waiting = sql`select 1`.execute(db);
        await expect(waiting).rejects.toSatisfy(isDatabaseUnavailable);
        expect(performance.now() - asked).toBeGreaterThan(CONNECT_TIMEOUT_MS - 200);
        await holding;
      } finally {
        await db.destroy();
      }
    },
    CONNECT_TIMEOUT_MS * 3,
  );
});

describe("the planner's statistics without a writing thread", () => {
  const afterTest = cleanupsAfterEach();

  it('are gathered again after a large import for a table another connection grew tenfold', async () => {
    const file = path.join(temporaryDirectory(afterTest, 'statistics'), 'gatefold.sqlite');
    const grow = (rows: number) => {
      const other = new SQLite(file);
      other.exec(`create table if not exists probe (a integer, b integer);
        create index if not exists probe_a on probe (a);`);
      other
        .prepare(`insert into probe with recursive n (a) as (select 1 union all select a + 1 from n
          where a < ?) select a, 1 from n`)
        .run(rows);
      other.close();
    };
    grow(10);
    const db = openDatabase({ kind: 'sqlite', file });
    afterTest(() => db.destroy());
    expect(sharedWriter(db)).toBeUndefined();
    await sql`analyze probe`.execute(db);
    const rowsCounted = async () =>
      (
        await sql<{ stat: string }>`select stat from sqlite_stat1 where idx = 'probe_a'`.execute(db)
      ).rows.map((row) => Number(row.stat.split(' ')[0]));
    expect(await rowsCounted()).toEqual([10]);

    // Grown by another connection, the table was never read on this one, so only a check of
    // every table's size finds it.
    grow(2_000);
    await refreshPlannerStatistics(db, { albumsAdded: 999 });
    expect(await rowsCounted()).toEqual([10]);
    await refreshPlannerStatistics(db, { albumsAdded: 1_000 });
    expect(await rowsCounted()).toEqual([2_010]);
  });

  it.runIf(postgresUrl)('are gathered on PostgreSQL for the tables an import fills', async () => {
    const database = await createTestDatabase('postgres');
    afterTest(() => database.destroy());
    const { db } = database;
    const { id: userId } = await db
      .insertInto('users')
      .values(demoUserRow('Statistician'))
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertNumberedAlbums(db, userId, 'Record', 300);
    // An import reads back when each album was first added (insertAlbums).
    await sql`insert into album_first_adds (user_id, spotify_id, first_added_at)
      select user_id, spotify_id, first_added_at from albums`.execute(db);
    // The planner's row counts, as the last VACUUM or ANALYZE left them.
    const counted = async () =>
      (
        await sql<{ relname: string; reltuples: number }>`
          select relname, reltuples from pg_class
          where relnamespace = current_schema()::regnamespace
            and relname in ('albums', 'album_first_adds', 'album_words')
          order by relname`.execute(db)
      ).rows.map((row) => [row.relname, Number(row.reltuples)]);
    const before = await counted();
    expect(before).not.toContainEqual(['albums', 300]);
    await refreshPlannerStatistics(db, { albumsAdded: 1_000 });
    // Each album's three words: "record", its number and "someone".
    expect(await counted()).toEqual([
      ['album_first_adds', 300],
      ['album_words', 900],
      ['albums', 300],
    ]);
  });
});
