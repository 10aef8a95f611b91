// The server's writing thread (writing-thread.ts): runs writes too long for the event loop, each
// as one transaction on a connection of its own to the SQLite file. What a write does comes
// from a module the server names, whose `write(trx, data)` export this thread calls.
import { parentPort, workerData } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from './schema';
import { openThreadWriter, writeTransaction } from './thread-writer';
import { refusal, type WritingReply, type WritingRequest } from './writing-thread';

const { file } = z.object({ file: z.string() }).parse(workerData);

/** A module's write: given the transaction and the data the server sent, answers a result. */
type Write = (trx: Kysely<Database>, data: unknown) => Promise<unknown>;

const writes = new Map<string, Write>();
let connection: Promise<Kysely<Database>> | undefined;

/** The thread's connection, opened again at the next request if opening failed. */
function opened() {
  return openThreadWriter(file).catch((error: unknown) => {
    connection = undefined;
    throw error;
  });
}

async function load(module: string): Promise<Write> {
  const known = writes.get(module);
  if (known) return known;
  const loaded: { write?: unknown } = await import(module);
  const { write } = loaded;
  if (typeof write !== 'function') throw new Error(`${module} has no write function.`);
  const callable: Write = (trx, data) => Promise.resolve(write(trx, data));
  writes.set(module, callable);
  return callable;
}

async function answer(request: WritingRequest): Promise<WritingReply> {
  try {
    const write = await load(request.module);
    connection ??= opened();
    const db = await connection;
    if (request.kind === 'load') return { kind: 'loaded' };
    const result = await writeTransaction(db, (trx) => write(trx, request.data));
    return { kind: 'written', result };
  } catch (error) {
    const refused = refusal.safeParse(error);
    if (refused.success) return { kind: 'refused', error: refused.data };
    if (!(error instanceof Error)) return { kind: 'failed', message: String(error) };
    const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
    return { kind: 'failed', message: error.message, code, stack: error.stack };
  }
}

parentPort?.on('message', async (request: WritingRequest) => {
  parentPort?.postMessage(await answer(request));
});
// Opened before the thread says it is ready, so that no write waits for it.
connection = opened();
await connection.catch(() => {});
parentPort?.postMessage({ kind: 'ready' } satisfies WritingReply);
