import { z } from 'zod';
import { HttpError } from '../http/errors';
import { WorkerThread } from '../worker-thread';

/**
 * An `HttpError` as it crosses from the thread: by its fields, since a module built on its own
 * has a class of its own.
 */
export const refusal = z.object({
  statusCode: z.number().int(),
  detail: z.string(),
  fieldErrors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  extra: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
type Refusal = z.infer<typeof refusal>;

/** What the server asks its writing thread. */
export type WritingRequest =
  | { kind: 'load'; module: string }
  | { kind: 'write'; module: string; data: unknown };

/** What the writing thread answers: each request once, in order. */
export type WritingReply =
  | { kind: 'ready' }
  | { kind: 'loaded' }
  | { kind: 'written'; result: unknown }
  | { kind: 'refused'; error: Refusal }
  | { kind: 'failed'; message: string };

type Thread = WorkerThread<WritingRequest, WritingReply>;

/**
 * A thread that writes to a SQLite file for the server, for writes too long for the event loop
 * (deleting an account; bulk changes to thousands of albums): SQLite's work, commit included,
 * happens there while the server's own writes wait on the event loop. Started with the database,
 * since starting takes 300–650 ms on a slow machine, longer than most writes, and kept. One write
 * at a time.
 */
export class WritingThread {
  #thread: Promise<Thread>;
  #turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly file: string,
    /** Keeps the server's own writes waiting while `work` runs. */
    private readonly holdWrites: <T>(work: () => Promise<T>) => Promise<T>,
  ) {
    this.#thread = this.#start();
  }

  /**
   * Runs the `write` export of `module` (see writing-thread-worker.ts) with `data`, as one
   * transaction, and answers its result. A refusal it raised on purpose (an `HttpError`) is
   * raised here as it was there.
   */
  write(module: string, data: object): Promise<unknown> {
    const written = this.#turn.then(() => this.#write(module, data));
    this.#turn = written.catch(() => {});
    return written;
  }

  async close(): Promise<void> {
    const thread = await this.#thread.catch(() => undefined);
    await thread?.close();
  }

  async #write(module: string, data: object): Promise<unknown> {
    const thread = await this.#running();
    thread.ref();
    try {
      // Loaded before the server's writes wait: loading takes longer than many a write.
      thread.send({ kind: 'load', module });
      answer(await thread.next());
      const reply = await this.holdWrites(() => {
        thread.send({ kind: 'write', module, data });
        return thread.next();
      });
      return answer(reply);
    } finally {
      thread.unref();
    }
  }

  /** The thread, started afresh if the last one failed to start or has died since. */
  async #running(): Promise<Thread> {
    const thread = await this.#thread.catch(() => undefined);
    if (thread && !thread.ended) return thread;
    this.#thread = this.#start();
    return this.#thread;
  }

  /** A new thread, once it is up. */
  #start(): Promise<Thread> {
    const started = (async () => {
      const thread: Thread = new WorkerThread(import.meta.url, 'writing-thread-worker', {
        file: this.file,
      });
      // Waiting for work, it does not keep the process alive.
      thread.unref();
      try {
        if ((await thread.next()).kind !== 'ready')
          throw new Error('The writing thread did not start.');
        return thread;
      } catch (error) {
        await thread.close();
        throw error;
      }
    })();
    // Started with the database, it may fail before any write awaits it; the next write retries.
    started.catch(() => {});
    return started;
  }
}

/** The reply's result, or the error it stands for. */
function answer(reply: WritingReply): unknown {
  if (reply.kind === 'written') return reply.result;
  if (reply.kind === 'loaded' || reply.kind === 'ready') return undefined;
  if (reply.kind === 'refused') {
    const { statusCode, detail, fieldErrors, extra } = reply.error;
    throw new HttpError(statusCode, detail, fieldErrors, extra);
  }
  throw new Error(reply.message);
}
