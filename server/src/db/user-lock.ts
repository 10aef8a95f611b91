import type { Kysely } from 'kysely';
import { isPostgres } from './database';
import type { Database } from './schema';

/**
 * Serialises one user's multi-step writes (moving folders, adding albums with new artists): on
 * PostgreSQL two concurrent ones could each pass a check the other then invalidates. It also
 * orders the locks of writes that move the user's kept counts (the user's row before any folder
 * row), so two of them never wait on each other. SQLite already runs one write transaction at a
 * time. Call it first inside the transaction.
 */
export async function lockUser(trx: Kysely<Database>, userId: number): Promise<void> {
  if (!isPostgres(trx)) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
