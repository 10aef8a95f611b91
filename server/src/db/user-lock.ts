import { type Kysely, PostgresAdapter } from 'kysely';
import type { Database } from './schema';

/**
 * Serialises one user's multi-step writes (moving folders, adding albums with new artists): on
 * PostgreSQL two concurrent ones could each pass a check the other then invalidates. It also
 * orders the locks of writes that move the user's kept counts (the user's row before any folder
 * row), so two of them never wait on each other. SQLite already runs one write transaction at a
 * time. Call it first inside the transaction.
 */
export async function lockUser(trx: Kysely<Database>, userId: number): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
