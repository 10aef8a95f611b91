import type SQLite from 'better-sqlite3';

/** How many statements a SQLite connection keeps prepared, the least recently used going first. */
const KEPT_STATEMENTS = 256;

/**
 * Texts with more parameters than this (an import's multi-row INSERTs, whose size changes from
 * batch to batch) are prepared each time: each is run a handful of times, and kept it would hold
 * the memory of its thousands of slots. PostgreSQL's statements follow the same rule.
 */
const MOST_PARAMETERS_TO_KEEP = 100;

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
    if (kept && !kept.busy) {
      // Seen again: it goes to the back of the queue, the least recently used at its head.
      this.#statements.delete(sql);
      this.#statements.set(sql, kept);
      return kept;
    }
    const statement = this.connection.prepare(sql);
    if (kept || parameterCount(sql) > MOST_PARAMETERS_TO_KEEP) return statement;
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

/** The `?` of a text as Kysely writes it for SQLite (one in a quoted literal counts too). */
function parameterCount(sql: string): number {
  let count = 0;
  for (let at = sql.indexOf('?'); at !== -1; at = sql.indexOf('?', at + 1)) count += 1;
  return count;
}
