// Deletes one account on a thread of its own (account-deletion.ts): the cascade over a large
// collection's rows runs for seconds, which the server's event loop cannot give.
import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { openThreadWriter, writeTransaction } from '../db/thread-writer';
import type { AccountDeletionReply } from './account-deletion';

const { file, userId } = z.object({ file: z.string(), userId: z.number().int() }).parse(workerData);

/** Deletes the user's row, which every other row of theirs follows, in one transaction. */
async function deleteUserRow(): Promise<AccountDeletionReply> {
  const db = await openThreadWriter(file);
  try {
    await writeTransaction(db, (trx) => trx.deleteFrom('users').where('id', '=', userId).execute());
    return { kind: 'deleted' };
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  } finally {
    await db.destroy();
  }
}

parentPort?.once('message', async () => parentPort?.postMessage(await deleteUserRow()));
parentPort?.postMessage({ kind: 'ready' } satisfies AccountDeletionReply);
