import type { Worker } from 'node:worker_threads';
import { startWorker } from '../start-worker';

export type ReaderMessage =
  | { kind: 'read'; id: number; sql: string; parameters: readonly unknown[] }
  /** Open the file again, to plan with statistics gathered since (ANALYZE keeps the schema). */
  | { kind: 'reopen' };
export type ReadReply =
  | { id: number; rows: unknown[] }
  | { id: number; error: { message: string; code: string | undefined } };

/** An error a reader thread raised, with SQLite's code (SQLITE_BUSY, …) kept. */
export class SqliteReadError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

type Pending = { resolve(rows: unknown[]): void; reject(error: Error): void };

/** `answered`: the thread has replied at least once, so it started. */
type Reader = { worker: Worker; pending: Map<number, Pending>; answered: boolean };

/** Threads that die before their first answer this many times in a row are not started again. */
const FAILED_STARTS_BEFORE_GIVING_UP = 3;

/**
 * Read-only connections to one SQLite file, each in a worker thread. WAL lets them read while the
 * main connection writes; a read sees every write committed before it was sent.
 */
export class SqliteReaders {
  readonly #file: string;
  readonly #cacheKilobytes: number;
  readonly #readers: Reader[] = [];
  #nextId = 1;
  #failedStarts = 0;

  constructor(options: { file: string; count: number; cacheKilobytes: number }) {
    this.#file = options.file;
    this.#cacheKilobytes = options.cacheKilobytes;
    for (let slot = 0; slot < options.count; slot++) this.#readers.push(this.#start());
  }

  /** False once every thread failed to start: reads then belong on the main connection. */
  get available(): boolean {
    return this.#readers.length > 0;
  }

  /** Runs one SELECT on the least busy reader. */
  read(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    const reader = this.#leastBusy();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      reader.pending.set(id, { resolve, reject });
      if (reader.pending.size === 1) reader.worker.ref();
      try {
        reader.worker.postMessage({ kind: 'read', id, sql, parameters } satisfies ReaderMessage);
      } catch (error) {
        // Parameters that cannot be cloned (a function, say) never reach the thread.
        settle(reader, { id, error: { message: String(error), code: undefined } });
      }
    });
  }

  /** Has every reader open the file again; reads sent after this plan with fresh statistics. */
  reopen(): void {
    for (const reader of this.#readers)
      reader.worker.postMessage({ kind: 'reopen' } satisfies ReaderMessage);
  }

  async close(): Promise<void> {
    const readers = this.#readers.splice(0);
    const closed = new Error('The SQLite readers are closed.');
    for (const reader of readers) failPending(reader, closed);
    await Promise.all(readers.map((reader) => reader.worker.terminate()));
  }

  #leastBusy(): Reader {
    let best = this.#readers[0];
    if (!best) throw new Error('The SQLite readers are closed.');
    for (const reader of this.#readers) {
      if (reader.pending.size < best.pending.size) best = reader;
    }
    return best;
  }

  #start(): Reader {
    const workerData = { file: this.#file, cacheKilobytes: this.#cacheKilobytes };
    const worker = startWorker(import.meta.url, 'sqlite-reader-worker', workerData);
    const reader: Reader = { worker, pending: new Map(), answered: false };
    // An idle reader does not keep the process alive.
    worker.unref();
    worker.on('message', (reply: ReadReply) => {
      if (!reader.answered) this.#failedStarts = 0;
      reader.answered = true;
      settle(reader, reply);
    });
    worker.on('error', (error) => this.#replace(reader, error));
    worker.on('exit', (code) => {
      if (this.#readers.includes(reader))
        this.#replace(reader, new Error(`SQLite reader exited (${code}).`));
    });
    return reader;
  }

  /**
   * A reader that died fails its pending reads and is started again, unless threads keep dying
   * before they answer (a missing worker file, a file they cannot open): then its slot goes.
   */
  #replace(reader: Reader, error: Error) {
    failPending(reader, error);
    const slot = this.#readers.indexOf(reader);
    if (slot === -1) return;
    void reader.worker.terminate();
    if (!reader.answered) this.#failedStarts++;
    if (this.#failedStarts >= FAILED_STARTS_BEFORE_GIVING_UP) this.#readers.splice(slot, 1);
    else this.#readers[slot] = this.#start();
  }
}

function failPending(reader: Reader, error: Error) {
  for (const pending of reader.pending.values()) pending.reject(error);
  reader.pending.clear();
}

function settle(reader: Reader, reply: ReadReply) {
  const pending = reader.pending.get(reply.id);
  if (!pending) return;
  reader.pending.delete(reply.id);
  if (reader.pending.size === 0) reader.worker.unref();
  if ('error' in reply) pending.reject(new SqliteReadError(reply.error.message, reply.error.code));
  else pending.resolve(reply.rows);
}
