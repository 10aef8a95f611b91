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
  /** `code`: SQLite's, such as SQLITE_BUSY, when the error had one; `stack`: the thread's. */
  | { kind: 'failed'; message: string; code?: string; stack?: string };

type Thread = WorkerThread<WritingRequest, WritingReply>;

/**
 * A thread that writes to a SQLite file for the server, for writes too long for the event loop
 * (deleting an account; bulk changes to thousands of albums): SQLite's work, commit included,
 * happens there while the server's own writes wait on the event loop. Started with the server
 * (`prepare`), since starting takes 300–650 ms on a slow machine, longer than most writes, or
 * else at the first write; then kept. One write at a time.
 */
export class WritingThread {
  #thread: Promise<Thread> | undefined;
  #turn: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(
    private readonly file: string,
    /** Keeps the server's own writes waiting while `work` runs. */
    private readonly holdWrites: <T>(work: () => Promise<T>) => Promise<T>,
  ) {}

  /** Starts the thread ahead of the first write, if it is not running yet. */
  prepare(): void {
    if (!this.#closed) this.#thread ??= this.#start();
  }

  /**
   * Runs the `write` export of `module` (see writing-thread-worker.ts) with `data`, as one
   * transaction, and answers its result. A refusal it raised on purpose (an `HttpError`) is
   * raised here as it was there.
   */
  write(module: string, data: object): Promise<unknown> {
    return this.#inTurn(() => this.#write(module, data));
  }

  /** Ends the thread once the write under way is done; writes still waiting are refused. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#turn;
    const thread = await this.#thread?.catch(() => undefined);
    await thread?.close();
  }

  /** `work` once every write asked for before it is done. */
  #inTurn<T>(work: () => Promise<T>): Promise<T> {
    const done = this.#turn.then(() => {
      if (this.#closed) throw new Error('The database is closed.');
      return work();
    });
    this.#turn = done.catch(() => {});
    return done;
  }

  async #write(module: string, data: object): Promise<unknown> {
    const thread = await this.#running();
    thread.ref();
    try {
      // Loaded before the server's writes wait: loading takes longer than many a write.
      thread.send({ kind: 'load', module });
      expect(await thread.next(), 'loaded');
      const reply = await this.holdWrites(() => {
        thread.send({ kind: 'write', module, data });
        return thread.next();
      });
      return expect(reply, 'written').result;
    } finally {
      thread.unref();
    }
  }

  /** The thread, started afresh if the last one failed to start or has died since. */
  async #running(): Promise<Thread> {
    this.prepare();
    const thread = await this.#thread?.catch(() => undefined);
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
      try {
        expect(await thread.next(), 'ready');
        // Waiting for work, it does not keep the process alive.
        thread.unref();
        return thread;
      } catch (error) {
        await thread.close();
        throw error;
      }
    })();
    // Prepared ahead, it may fail before any write awaits it; the next write tries again.
    started.catch(() => {});
    return started;
  }
}

/** The reply if it is the one expected, else the error it stands for. */
function expect<Kind extends WritingReply['kind']>(
  reply: WritingReply,
  kind: Kind,
): Extract<WritingReply, { kind: Kind }> {
  if (reply.kind === 'refused') {
    const { statusCode, detail, fieldErrors, extra } = reply.error;
    throw new HttpError(statusCode, detail, fieldErrors, extra);
  }
  if (reply.kind === 'failed') throw threadFailure(reply);
  if (isKind(reply, kind)) return reply;
  throw new Error(`The writing thread answered ${reply.kind} for ${kind}.`);
}

const isKind = <Kind extends WritingReply['kind']>(
  reply: WritingReply,
  kind: Kind,
): reply is Extract<WritingReply, { kind: Kind }> => reply.kind === kind;

/** A failure in the thread as an error here, whose stack goes on with where it happened there. */
function threadFailure({ message, code, stack }: Extract<WritingReply, { kind: 'failed' }>) {
  const error = Object.assign(new Error(message), { code });
  if (stack) error.stack = `${error.stack}\nIn the writing thread: ${stack}`;
  return error;
}
