import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { cleanupsAfterEach, temporaryDirectory } from '../testing/cleanups';
import { expectPlansFromStatisticsAfterLargeImports } from '../testing/planner-probe';
import { CONNECT_TIMEOUT_MS, databaseTarget, openDatabase, sharedWriter } from './database';
import { isDatabaseUnavailable } from './database-unavailable';
import { migrateToLatest } from './migrate';

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

  it('are gathered on the one connection after a large import, which then plans with them', async () => {
    const dir = temporaryDirectory(afterTest, 'statistics');
    const db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'gatefold.sqlite') });
    afterTest(() => db.destroy());
    await migrateToLatest(db);
    expect(sharedWriter(db)).toBeUndefined();
    await expectPlansFromStatisticsAfterLargeImports(db);
  });
});
