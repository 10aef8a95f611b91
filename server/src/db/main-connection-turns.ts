import { performance } from 'node:perf_hooks';
import type { DatabaseConnection, SqliteDriver } from 'kysely';

/** How long queued holders may follow one another before the event loop gets a turn. */
export const TURN_MS = 4;

/**
 * SQLite's main connection, handed from one holder to the next within a turn of the event loop
 * for `TURN_MS` at most, then on the next turn. better-sqlite3 answers synchronously, and Kysely's
 * own lock hands the connection over by a promise, so writes queued behind one another all ran in
 * one turn: 50 taggings of one album at once held the loop for 28–161 ms. Handed over on a turn
 * each, a write queued behind many waited as many turns under load (docs/decisions.md).
 */
export class MainConnectionTurns {
  #held = false;
  #turnStartedAt = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(private readonly driver: SqliteDriver) {}

  async acquire(): Promise<DatabaseConnection> {
    if (this.#held) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#turnStartedAt = performance.now();
    this.#held = true;
    return this.driver.acquireConnection();
  }

  async release(): Promise<void> {
    await this.driver.releaseConnection();
    const next = this.#waiting.shift();
    if (!next) {
      this.#held = false;
      return;
    }
    if (performance.now() - this.#turnStartedAt < TURN_MS) {
      next();
      return;
    }
    setImmediate(() => {
      this.#turnStartedAt = performance.now();
      next();
    });
  }
}
