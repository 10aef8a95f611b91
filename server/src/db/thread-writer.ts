import { type Kysely, sql } from 'kysely';
import { openDatabase } from './database';
import type { Database } from './schema';

/**
 * A worker thread's own connection to the server's SQLite file, set as the server's are. It
 * leaves checkpoints to the server's checkpoint thread, which copies its log back as it does
 * the server's own commits.
 */
export async function openThreadWriter(file: string): Promise<Kysely<Database>> {
  const db = openDatabase({ kind: 'sqlite', file, thread: true });
  await sql`pragma wal_autocheckpoint = 0`.execute(db);
  return db;
}

/**
 * `work` as one transaction that takes the write lock at its start, as the server's own do:
 * each side waits for the other's transaction instead of failing on it.
 */
export function writeTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}
