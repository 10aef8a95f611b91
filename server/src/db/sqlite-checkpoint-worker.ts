// Copies the SQLite write-ahead log back into the database file, on a thread of its own: a
// checkpoint writes and syncs megabytes, which the main connection would do on the event loop.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { z } from 'zod';
import type { CheckpointReply, CheckpointRequest } from './sqlite-checkpoints';

const { file, cutWaitMs } = z
  .object({ file: z.string(), cutWaitMs: z.number().int() })
  .parse(workerData);

// The busy timeout is how long emptying the log waits for the reads still using it.
const connection = new SQLite(file, { fileMustExist: true, timeout: cutWaitMs });
connection.pragma('wal_autocheckpoint = 0');

const checkpointRequest: z.ZodType<CheckpointRequest> = z.enum(['copy', 'cut']);
const checkpointResult = z.array(z.object({ busy: z.number() }));

function logBytes(): number {
  return fs.statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
}

function run(request: CheckpointRequest): CheckpointReply {
  if (request === 'copy') {
    // PASSIVE neither waits for nor blocks a writer or a reader; what it cannot copy now waits.
    connection.pragma('wal_checkpoint(PASSIVE)');
    return { kind: 'copied', logBytes: logBytes() };
  }
  // TRUNCATE copies the rest, waits for the reads that started before the log was all copied
  // (later ones read the database file alone), then starts the log again and empties the file.
  // Reads that outlast the wait leave it as it is (busy).
  const [result] = checkpointResult.parse(connection.pragma('wal_checkpoint(TRUNCATE)'));
  return { kind: 'cut', busy: result?.busy !== 0 };
}

parentPort?.on('message', (request: unknown) => {
  parentPort?.postMessage(run(checkpointRequest.parse(request)));
});
