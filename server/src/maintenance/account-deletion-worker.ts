// Deletes one account on a thread of its own (account-deletion.ts): the cascade over a large
// collection's rows runs for seconds, which the server's event loop cannot give.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { z } from 'zod';
import type { AccountDeletionMessage } from './account-deletion';

const { file, userId, cacheKilobytes } = z
  .object({ file: z.string(), userId: z.number().int(), cacheKilobytes: z.number().int() })
  .parse(workerData);

/** Deletes the user's row, which every other row of theirs follows, in one transaction. */
function deleteUserRow(): AccountDeletionMessage {
  let connection: SQLite.Database | undefined;
  try {
    connection = new SQLite(file, { fileMustExist: true });
    // As the server's own connections (db/database.ts); the server's checkpoint thread copies
    // the log back, as for its own commits.
    connection.pragma('foreign_keys = ON');
    connection.pragma('busy_timeout = 5000');
    connection.pragma('synchronous = NORMAL');
    connection.pragma(`cache_size = -${cacheKilobytes}`);
    connection.pragma('wal_autocheckpoint = 0');
    const remove = connection.prepare('delete from users where id = ?');
    // IMMEDIATE takes the write lock at its start, as the server's own transactions do.
    connection.transaction(() => remove.run(userId)).immediate();
    return { deleted: true };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    connection?.close();
  }
}

parentPort?.once('message', () => parentPort?.postMessage(deleteUserRow()));
parentPort?.postMessage({ ready: true } satisfies AccountDeletionMessage);
