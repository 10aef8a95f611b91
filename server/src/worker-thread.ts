import type { Worker } from 'node:worker_threads';
import { startWorker } from './start-worker';

type Waiting<Reply> = { resolve(reply: Reply): void; reject(error: Error): void };

/**
 * A worker thread spoken to in turns: messages go in, replies come back in the order they were
 * sent, each taken once by `next`. Listened to from the start, so a thread that fails or ends at
 * any moment fails whatever waits on it rather than leaving it waiting forever.
 */
export class WorkerThread<Message, Reply> {
  readonly #worker: Worker;
  readonly #replies: Reply[] = [];
  #waiting: Waiting<Reply> | undefined;
  #ended: Error | undefined;

  /** Starts the worker `name` beside the module at `caller` (see `startWorker`). */
  constructor(caller: string, name: string, workerData?: object) {
    this.#worker = startWorker(caller, name, workerData);
    this.#worker.on('message', (reply: Reply) => {
      const waiting = this.#waiting;
      this.#waiting = undefined;
      if (waiting) waiting.resolve(reply);
      else this.#replies.push(reply);
    });
    this.#worker.on('error', (error) => this.#end(error));
    this.#worker.on('exit', (code) => this.#end(new Error(`The worker ${name} exited (${code}).`)));
  }

  /** Sends a message; buffers in `transfer` move to the thread rather than being copied. */
  send(message: Message, transfer: ArrayBuffer[] = []): void {
    this.#worker.postMessage(message, transfer);
  }

  /** The thread's next reply, or why it will never come. */
  next(): Promise<Reply> {
    const queued = this.#replies.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.#ended) return Promise.reject(this.#ended);
    if (this.#waiting) return Promise.reject(new Error('A reply is awaited already.'));
    return new Promise((resolve, reject) => {
      this.#waiting = { resolve, reject };
    });
  }

  /** Whether the thread has failed or exited: no reply will come again. */
  get ended(): boolean {
    return this.#ended !== undefined;
  }

  /** Lets the process end while the thread waits for work (`unref`), or not (`ref`). */
  ref(): void {
    this.#worker.ref();
  }

  unref(): void {
    this.#worker.unref();
  }

  /** Ends the thread, whatever it was doing. */
  async close(): Promise<void> {
    await this.#worker.terminate();
  }

  #end(error: Error) {
    this.#ended ??= error;
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.reject(error);
  }
}
