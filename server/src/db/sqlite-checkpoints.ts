import type { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { startWorker } from '../start-worker';

/** How often the log is copied back: at most a second of writes waits in it. */
const CHECKPOINT_EVERY_MS = 1_000;

/** SQLite's own threshold (pages), which the main connection goes back to if the thread fails. */
const AUTOCHECKPOINT_PAGES = 1_000;

/**
 * Checkpoints of a SQLite file in WAL mode, on a worker thread once a second, instead of
 * SQLite's automatic ones, which run inside the commit that crosses 1,000 pages of log: on the
 * main connection that copied and synced megabytes on the event loop, and an import's thread
 * committing 250 albums at a time synced the file at nearly every batch.
 */
export class SqliteCheckpoints {
  readonly #worker: Worker;
  readonly #timer: NodeJS.Timeout;
  #running = false;
  #closing = false;

  constructor(
    file: string,
    private readonly main: SQLite.Database,
  ) {
    main.pragma('wal_autocheckpoint = 0');
    this.#worker = startWorker(import.meta.url, 'sqlite-checkpoint-worker', { file });
    this.#worker.unref();
    this.#worker.on('message', () => {
      this.#running = false;
    });
    this.#worker.on('error', () => this.#giveUp());
    this.#worker.on('exit', () => {
      if (!this.#closing) this.#giveUp();
    });
    this.#timer = setInterval(() => this.#checkpoint(), CHECKPOINT_EVERY_MS);
    this.#timer.unref();
  }

  async close(): Promise<void> {
    this.#closing = true;
    clearInterval(this.#timer);
    await this.#worker.terminate();
  }

  #checkpoint() {
    if (this.#running) return;
    this.#running = true;
    this.#worker.postMessage('checkpoint');
  }

  /** Without the thread the log would only grow: SQLite checkpoints on commit again. */
  #giveUp() {
    clearInterval(this.#timer);
    if (this.main.open) this.main.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  }
}
