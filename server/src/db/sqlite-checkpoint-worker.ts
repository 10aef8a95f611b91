// Copies the SQLite write-ahead log back into the database file, on a thread of its own: a
// checkpoint writes and syncs megabytes, which the main connection would do on the event loop.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { z } from 'zod';

const { file } = z.object({ file: z.string() }).parse(workerData);

const connection = new SQLite(file, { fileMustExist: true });
connection.pragma('wal_autocheckpoint = 0');

parentPort?.on('message', () => {
  // PASSIVE neither waits for nor blocks a writer or a reader; what it cannot copy now waits.
  connection.pragma('wal_checkpoint(PASSIVE)');
  parentPort?.postMessage('checkpointed');
});
