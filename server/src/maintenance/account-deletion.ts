import type { Kysely } from 'kysely';
import { sharedWriter } from '../db/database';
import type { Database } from '../db/schema';
import { workerModule } from '../start-worker';

/**
 * Deletes the account and everything in it: the user's row, which every other row of theirs
 * follows (foreign keys cascade), sessions included. One statement, so all goes or nothing; but
 * over 50,000 albums its cascade ran for 2.6 s, which SQLite, answering on the event loop, took
 * from every other request. On a SQLite file with reader threads it runs on the writing thread,
 * the server's writes waiting meanwhile as they do for an import's batch; reads go on. Without
 * reader threads (`SQLITE_READERS=0`), and on PostgreSQL, whose driver never holds the loop, it
 * stays here.
 */
export async function deleteAccount(db: Kysely<Database>, userId: number): Promise<void> {
  const writer = sharedWriter(db);
  if (writer)
    await writer.writeOnThread(workerModule(import.meta.url, 'account-deletion-write'), { userId });
  else await db.deleteFrom('users').where('id', '=', userId).execute();
}
