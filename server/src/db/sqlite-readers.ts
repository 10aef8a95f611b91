import { Worker } from 'node:worker_threads';

export type ReadRequest = { id: number; sql: string; parameters: readonly unknown[] };
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

type Reader = { worker: Worker; pending: Map<number, Pending> };

/**
 * Read-only connections to one SQLite file, each in a worker thread. WAL lets them read while the
 * main connection writes; a read sees every write committed before it was sent.
 */
export class SqliteReaders {
  readonly #file: string;
  readonly #cacheKilobytes: number;
  readonly #readers: Reader[] = [];
  #nextId = 1;

  constructor(options: { file: string; count: number; cacheKilobytes: number }) {
    this.#file = options.file;
    this.#cacheKilobytes = options.cacheKilobytes;
    for (let slot = 0; slot < options.count; slot++) this.#readers.push(this.#start());
  }

  /** Runs one SELECT on the least busy reader. */
  read(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    const reader = this.#leastBusy();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      reader.pending.set(id, { resolve, reject });
      if (reader.pending.size === 1) reader.worker.ref();
      reader.worker.postMessage({ id, sql, parameters } satisfies ReadRequest);
    });
  }

  async close(): Promise<void> {
    const readers = this.#readers.splice(0);
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
    const worker = import.meta.url.endsWith('.ts')
      ? workerFromSource(workerData)
      : new Worker(new URL('./sqlite-reader-worker.js', import.meta.url), { workerData });
    const reader: Reader = { worker, pending: new Map() };
    // An idle reader does not keep the process alive.
    worker.unref();
    worker.on('message', (reply: ReadReply) => settle(reader, reply));
    worker.on('error', (error) => this.#replace(reader, error));
    worker.on('exit', (code) => {
      if (this.#readers.includes(reader))
        this.#replace(reader, new Error(`SQLite reader exited (${code}).`));
    });
    return reader;
  }

  /** A reader that died fails its pending reads and is started again. */
  #replace(reader: Reader, error: Error) {
    for (const pending of reader.pending.values()) pending.reject(error);
    reader.pending.clear();
    const slot = this.#readers.indexOf(reader);
    if (slot === -1) return;
    this.#readers[slot] = this.#start();
    void reader.worker.terminate();
  }
}

/** Run from source (tests, the bench), the thread compiles TypeScript first, as the server does. */
function workerFromSource(workerData: object): Worker {
  const source = new URL('./sqlite-reader-worker.ts', import.meta.url).href;
  const start = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(start, { eval: true, workerData });
}

function settle(reader: Reader, reply: ReadReply) {
  const pending = reader.pending.get(reply.id);
  if (!pending) return;
  reader.pending.delete(reply.id);
  if (reader.pending.size === 0) reader.worker.unref();
  if ('error' in reply) pending.reject(new SqliteReadError(reply.error.message, reply.error.code));
  else pending.resolve(reply.rows);
}
