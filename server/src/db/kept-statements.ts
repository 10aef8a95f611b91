import type SQLite from 'better-sqlite3';

/** How many statements a SQLite connection keeps prepared, the oldest going first. */
const KEPT_STATEMENTS = 256;

/**
 * A SQLite connection's statements, prepared once for each text and run again: better-sqlite3
 * compiles a statement on every `prepare`, and under a mix of reads and writes compiling took 15 %
 * of the main thread's time. A statement still stepping through rows (an iterator) is busy and
 * cannot start again, so its text is prepared afresh for the second use.
 */
export class KeptStatements {
  readonly #statements = new Map<string, SQLite.Statement>();

  constructor(private readonly connection: SQLite.Database) {}

  prepare(sql: string): SQLite.Statement {
    const kept = this.#statements.get(sql);
    if (kept && !kept.busy) return kept;
    const statement = this.connection.prepare(sql);
    if (kept) return statement;
    if (this.#statements.size >= KEPT_STATEMENTS) {
      const oldest = this.#statements.keys().next().value;
      if (oldest !== undefined) this.#statements.delete(oldest);
    }
    this.#statements.set(sql, statement);
    return statement;
  }

  /** The connection as Kysely's SQLite dialect takes it, preparing through the kept statements. */
  forKysely(): { prepare(sql: string): SQLite.Statement; close(): void } {
    return { prepare: (sql) => this.prepare(sql), close: () => this.connection.close() };
  }
}
