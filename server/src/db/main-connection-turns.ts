import type { DatabaseConnection, SqliteDriver } from 'kysely';

/**
 * SQLite's main connection, handed from one holder to the next on a later turn of the event loop.
 * better-sqlite3 answers synchronously, and Kysely's own lock hands the connection over by a
 * promise, so writes queued behind one another all ran in one turn: 50 taggings of one album at
 * once held the loop for 54–211 ms. Now each waits for a turn, and the requests that came in
 * meanwhile are served between two writes.
 */
export class MainConnectionTurns {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  constructor(private readonly driver: SqliteDriver) {}

  async acquire(): Promise<DatabaseConnection> {
    if (this.#held) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#held = true;
    return this.driver.acquireConnection();
  }

  async release(): Promise<void> {
    await this.driver.releaseConnection();
    const next = this.#waiting.shift();
    if (next) setImmediate(next);
    else this.#held = false;
  }
}
