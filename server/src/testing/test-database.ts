import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../db/database';
import { migrateTo } from '../db/migrate';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';

export type DatabaseKind = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names one. */
export const testDatabaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export type TestDatabase = { db: Kysely<Database>; destroy(): Promise<void> };

/** A freshly migrated database: in-memory SQLite, or a schema of its own on PostgreSQL. */
export async function createTestDatabase(
  kind: DatabaseKind,
  { migratedTo }: { migratedTo?: string } = {},
): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const db = openDatabase({ kind: 'sqlite', file: ':memory:' });
    await migrateTo(db, migratedTo);
    return { db, destroy: () => db.destroy() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set.');
  const schema = `test_${randomBytes(8).toString('hex')}`;
  await withAdminClient(url, async (client) => {
    await client.query(`create schema ${schema}`);
    await createSharedExtensions(client);
  });
  const db = openDatabase({ kind: 'postgres', url, schema });
  await migrateTo(db, migratedTo, schema);
  return {
    db,
    destroy: async () => {
      await db.destroy();
      await withAdminClient(url, (client) => client.query(`drop schema ${schema} cascade`));
    },
  };
}

/**
 * Extensions belong to the database, not a schema: made once in public, which every test schema
 * sees. Test files start in parallel, so a lost race to create one is not an error.
 */
async function createSharedExtensions(client: pg.Client) {
  try {
    await client.query('create extension if not exists pg_trgm with schema public');
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
