import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUserRow } from '../testing/factories';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../testing/test-database';
import { PreparedStatementPool, plannedForItsValues } from './prepared-statements';

describe.runIf(testDatabaseKinds.includes('postgres'))('prepared statements on postgres', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database.destroy());

  it('keeps each query the app sends prepared on its connection, and a long INSERT not', async () => {
    const { db } = database;
    const kept = await db.transaction().execute(async (trx) => {
      for (const name of ['Ada', 'Bo']) {
        await trx.selectFrom('users').select('id').where('display_name', '=', name).execute();
      }
      // Nine columns a row: 20 rows pass the bound on the parameters of a kept statement.
      await trx
        .insertInto('users')
        .values(Array.from({ length: 20 }, (_, n) => demoUserRow(`Many ${n}`)))
        .execute();
      const { rows } = await sql<{ statement: string }>`
        select statement from pg_prepared_statements
      `.execute(trx);
      return rows.map((row) => row.statement);
    });
    const lookups = kept.filter((statement) => statement.includes('"display_name" = $1'));
    expect(lookups).toHaveLength(1);
    expect(kept.some((statement) => statement.startsWith('insert into "users"'))).toBe(false);
  });

  it('gives Kysely one client for each connection, however often it is checked out', async () => {
    const pool = new PreparedStatementPool(
      new pg.Pool({
        connectionString: process.env.TEST_DATABASE_URL,
        max: 1,
        connectionTimeoutMillis: 2_000,
      }),
    );
    try {
      const first = await pool.connect();
      first.release();
      const again = await pool.connect();
      // Its release is the pool's for this checkout: the one connection goes back each time.
      again.release();
      const third = await pool.connect();
      const answer = await third.query<{ answer: number }>('select 1 as answer', []);
      third.release();
      expect(again).toBe(first);
      expect(answer.rows).toEqual([{ answer: 1 }]);
    } finally {
      // A connection that a failed check left out would keep end() waiting for it.
      await Promise.race([pool.end(), sleep(2_000)]);
    }
  });

  it('plans a statement marked as turning on its values on each call, unprepared', async () => {
    const { db } = database;
    const kept = await db.connection().execute(async (connection) => {
      for (const name of ['Ed', 'Flo']) {
        const found = await connection
          .selectFrom('users')
          .modifyFront(plannedForItsValues)
          .select('id')
          .where('display_name', '=', name)
          .execute();
        expect(found).toEqual([]);
      }
      const { rows } = await sql<{ statement: string }>`
        select statement from pg_prepared_statements
      `.execute(connection);
      return rows.map((row) => row.statement);
    });
    expect(kept.some((statement) => statement.includes('planned for its values'))).toBe(false);
  });

  it('answers as before when the same statement runs with other values', async () => {
    const { db } = database;
    const ids = await db
      .insertInto('users')
      .values([demoUserRow('Cy'), demoUserRow('Di')])
      .returning('id')
      .execute();
    for (const { id } of ids) {
      const found = await db.selectFrom('users').select('id').where('id', '=', id).execute();
      expect(found).toEqual([{ id }]);
    }
  });
});
