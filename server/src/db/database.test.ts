import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { databaseTarget, openDatabase } from './database';

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
});
