import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../db/database';
import { migrateTo } from '../db/migrate';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';

/** `sqlite-readers`: a SQLite file with its SELECTs on two reader threads, as the server runs it. */
export type DatabaseKind = 'sqlite' | 'sqlite-readers' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names one. */
export const testDatabaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/** For behaviour that reads right after it writes: also SQLite as the server runs it. */
export const testDatabaseKindsWithReaders: DatabaseKind[] = [
  ...testDatabaseKinds,
  'sqlite-readers',
];

export type TestDatabase = { db: Kysely<Database>; destroy(): Promise<void> };

/** A freshly migrated database: SQLite in memory or in a temporary file, or a schema of its own on PostgreSQL. */
export async function createTestDatabase(
  kind: DatabaseKind,
  { migratedTo }: { migratedTo?: string } = {},
): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const db = openDatabase({ kind: 'sqlite', file: ':memory:' });
    await migrateTo(db, migratedTo);
    return { db, destroy: () => db.destroy() };
  }
  if (kind === 'sqlite-readers') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatefold-test-'));
    const db = openDatabase({
      kind: 'sqlite',
      file: path.join(dir, 'gatefold.sqlite'),
      readers: 2,
    });
    await migrateTo(db, migratedTo);
    return {
      db,
      destroy: async () => {
        await db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
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
