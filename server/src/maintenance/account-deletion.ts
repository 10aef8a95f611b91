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
  const thread = await startedThread(writer.file, userId);
  // Held only once the thread is up: starting it takes longer than many a deletion.
  await writer.holdWrites(() => thread.deleteAccount());
}

const threadMessage = z.union([
  z.object({ ready: z.literal(true) }),
  z.object({ deleted: z.literal(true) }),
  z.object({ error: z.string() }),
]);
export type AccountDeletionMessage = z.infer<typeof threadMessage>;

/** The deleting thread, once it has loaded and waits to be told to go. */
async function startedThread(file: string, userId: number) {
  const thread = startWorker(import.meta.url, 'account-deletion-worker', {
    file,
    userId,
    cacheKilobytes: CACHE_KILOBYTES,
  });
  // Listened to from the start, so that a thread gone at any moment fails what waits on it.
  let waiting:
    | { resolve(message: AccountDeletionMessage): void; reject(error: Error): void }
    | undefined;
  let gone: Error | undefined;
  const fail = (error: Error) => {
    gone ??= error;
    waiting?.reject(gone);
    waiting = undefined;
  };
  thread.on('message', (message: unknown) => {
    const parsed = threadMessage.safeParse(message);
    if (parsed.success) waiting?.resolve(parsed.data);
    else waiting?.reject(new Error('The deleting thread answered something unknown.'));
    waiting = undefined;
  });
  thread.on('error', fail);
  thread.on('exit', (code) => fail(new Error(`The deleting thread ended (${code}).`)));
  const next = () =>
    new Promise<AccountDeletionMessage>((resolve, reject) => {
      if (gone) reject(gone);
      else waiting = { resolve, reject };
    });
  const first = await next().catch(async (error: unknown) => {
    await thread.terminate();
    throw error;
  });
  if (!('ready' in first)) {
    await thread.terminate();
    throw new Error('The deleting thread did not start.');
  }
  return {
    async deleteAccount() {
      const answer = next();
      thread.postMessage('go');
      const reply = await answer;
      if ('error' in reply) throw new Error(reply.error);
      if (!('deleted' in reply)) throw new Error('The deleting thread answered out of turn.');
    },
  };
}
