import type { Kysely } from 'kysely';
import { sharedWriter } from '../db/database';
import type { Database } from '../db/schema';
import { WorkerThread } from '../worker-thread';

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
  const thread = await startedThread(writer.file, userId);
  try {
    // Held only once the thread is up: starting it takes longer than many a deletion.
    await writer.holdWrites(async () => {
      thread.send('go');
      const reply = await thread.next();
      if (reply.kind === 'failed') throw new Error(reply.message);
      if (reply.kind !== 'deleted') throw new Error('The deleting thread answered out of turn.');
    });
  } finally {
    await thread.close();
  }
}

export type AccountDeletionReply =
  | { kind: 'ready' }
  | { kind: 'deleted' }
  | { kind: 'failed'; message: string };

/** The deleting thread, once it has loaded and waits to be told to go. */
async function startedThread(file: string, userId: number) {
  const thread = new WorkerThread<'go', AccountDeletionReply>(
    import.meta.url,
    'account-deletion-worker',
    { file, userId },
  );
  const first = await thread.next().catch(async (error: unknown) => {
    await thread.close();
    throw error;
  });
  if (first.kind !== 'ready') {
    await thread.close();
    throw new Error('The deleting thread did not start.');
  }
  return thread;
}
