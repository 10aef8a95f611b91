import type SQLite from 'better-sqlite3';
import { WorkerThread } from '../worker-thread';

/** How often the log is copied back: at most a second of writes waits in it. */
const CHECKPOINT_EVERY_MS = 1_000;

/** SQLite's own threshold (pages), which the main connection goes back to if the thread fails. */
const AUTOCHECKPOINT_PAGES = 1_000;

/** A log file larger than this is emptied once copied back (SQLite reuses it, never shortens it). */
export const LOG_BYTES_KEPT = 64 * 1024 * 1024;

/**
 * The longest an emptying waits, with the server's writes held, for reads that still use the
 * log: a read takes milliseconds.
 */
const CUT_WAIT_MS = 100;

/** After reads outlasted that wait (an export, a backup), writes are not held again for this long. */
const CUT_RETRY_AFTER_MS = 10_000;

/** `copy` copies what it can without waiting; `cut` copies the rest and empties the file. */
export type CheckpointRequest = 'copy' | 'cut';
export type CheckpointReply = { kind: 'copied'; logBytes: number } | { kind: 'cut'; busy: boolean };

/**
 * Checkpoints of a SQLite file in WAL mode, on a worker thread once a second, instead of
 * SQLite's automatic ones, which run inside the commit that crosses 1,000 pages of log: on the
 * main connection that copied and synced megabytes on the event loop, and an import's thread
 * committing 250 albums at a time synced the file at nearly every batch.
 *
 * Under steady writes the log is seldom all copied when a write comes, the moment SQLite starts
 * it again from its beginning, so it would only grow. Past `LOG_BYTES_KEPT` the thread empties
 * it with the server's writes held (`holdWrites`), so that no connection waits for its lock inside
 * SQLite, which sleeps on the waiting thread.
 */
export class SqliteCheckpoints {
  readonly #thread: WorkerThread<CheckpointRequest, CheckpointReply>;
  readonly #timer: NodeJS.Timeout;
  #running = false;
  #closing = false;
  #nextCutAt = 0;

  constructor(
    file: string,
    private readonly main: SQLite.Database,
    private readonly holdWrites: <T>(work: () => Promise<T>) => Promise<T>,
  ) {
    main.pragma('wal_autocheckpoint = 0');
    this.#thread = new WorkerThread(import.meta.url, 'sqlite-checkpoint-worker', {
      file,
      cutWaitMs: CUT_WAIT_MS,
    });
    this.#thread.unref();
    this.#timer = setInterval(() => void this.#checkpoint(), CHECKPOINT_EVERY_MS);
    this.#timer.unref();
  }

  async close(): Promise<void> {
    this.#closing = true;
    clearInterval(this.#timer);
    await this.#thread.close();
  }

  async #checkpoint() {
    if (this.#running || this.#closing) return;
    this.#running = true;
    try {
      const copied = await this.#ask('copy');
      if (copied.kind !== 'copied' || copied.logBytes <= LOG_BYTES_KEPT) return;
      if (Date.now() < this.#nextCutAt) return;
      // A thread that ends meanwhile fails the cut's reply, which lets the writes go.
      const cut = await this.holdWrites(() => this.#ask('cut'));
      if (cut.kind === 'cut' && cut.busy) this.#nextCutAt = Date.now() + CUT_RETRY_AFTER_MS;
    } catch {
      // The thread failed or ended: as expected when closing, and otherwise given up on.
      if (!this.#closing) this.#giveUp();
    } finally {
      this.#running = false;
    }
  }

  #ask(request: CheckpointRequest): Promise<CheckpointReply> {
    this.#thread.send(request);
    return this.#thread.next();
  }

  /** Without the thread the log would only grow: SQLite checkpoints on commit again. */
  #giveUp() {
    clearInterval(this.#timer);
    try {
      if (this.main.open) this.main.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    } catch {
      // The connection is in use (a query streaming its rows) or closing: nothing more to do.
    }
  }
}
