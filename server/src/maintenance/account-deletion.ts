import type { Kysely } from 'kysely';
import { z } from 'zod';
import { CACHE_KILOBYTES, sharedWriter } from '../db/database';
import type { Database } from '../db/schema';
import { startWorker } from '../start-worker';

/**
 * Deletes the account and everything in it: the user's row, which every other row of theirs
 * follows (foreign keys cascade), sessions included. One statement, so all goes or nothing; but
 * over 50,000 albums its cascade ran for 2.6 s, which SQLite, answering on the event loop, took
 * from every other request. On a SQLite file with reader threads it runs on a thread of its own,
 * the server's writes waiting meanwhile as they do for an import's batch; reads go on. Without
 * reader threads (`SQLITE_READERS=0`), and on PostgreSQL, whose driver never holds the loop, it
 * stays here.
 */
export async function deleteAccount(db: Kysely<Database>, userId: number): Promise<void> {
  const writer = sharedWriter(db);
  if (!writer) {
    await db.deleteFrom('users').where('id', '=', userId).execute();
    return;
  }
  await writer.holdWrites(() => deleteOnThread(writer.file, userId));
}

const threadReply = z.union([
  z.object({ deleted: z.literal(true) }),
  z.object({ error: z.string() }),
]);
export type AccountDeletionReply = z.infer<typeof threadReply>;

function deleteOnThread(file: string, userId: number): Promise<void> {
  const thread = startWorker(import.meta.url, 'account-deletion-worker', {
    file,
    userId,
    cacheKilobytes: CACHE_KILOBYTES,
  });
  return new Promise<void>((resolve, reject) => {
    thread.once('message', (message: unknown) => {
      const reply = threadReply.safeParse(message);
      if (!reply.success) reject(new Error('The deleting thread answered something unknown.'));
      else if ('error' in reply.data) reject(new Error(reply.data.error));
      else resolve();
    });
    thread.once('error', reject);
    thread.once('exit', (code) => reject(new Error(`The deleting thread ended (${code}).`)));
  });
}
