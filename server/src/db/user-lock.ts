import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { isPostgres, sharedWriter } from './database';
import type { Database } from './schema';

/**
 * Serialises one user's multi-step writes (moving folders, adding albums with new artists): on
 * PostgreSQL two concurrent ones could each pass a check the other then invalidates. It also
 * orders the locks of writes that move the user's kept counts and library version (the user's
 * row before any tag, genre, artist or folder row), so two of them never wait on each other.
 * SQLite already runs one write transaction at a time. Call it first inside the transaction; a
 * write of one statement takes the same row in its first CTE instead (`tags/album-tags.ts`).
 */
export async function lockUser(trx: Kysely<Database>, userId: number): Promise<void> {
  if (!isPostgres(trx)) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** Runs a write to the user's library in one transaction that takes the user's lock first. */
export function inUserTransaction<T>(
  db: Kysely<Database>,
  userId: number,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    return work(trx);
  });
}

/** A write as the writing thread runs it: the module whose `write(trx, data)` does it, and its answer. */
export type OnThread<T> = { module: string; data: object; answer: z.ZodType<T> };

/**
 * A write to the user's library as `inUserTransaction` runs it, or, on a SQLite file with reader
 * threads, the same write on the writing thread (writing-thread.ts), so that neither SQLite's
 * work nor its commit holds the event loop.
 */
export async function inUserWrite<T>(
  db: Kysely<Database>,
  userId: number,
  work: (trx: Kysely<Database>) => Promise<T>,
  onThread: OnThread<T>,
): Promise<T> {
  const writer = sharedWriter(db);
  if (!writer) return inUserTransaction(db, userId, work);
  return onThread.answer.parse(await writer.writeOnThread(onThread.module, onThread.data));
}
