import { createHash } from 'node:crypto';
import {
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  sql,
} from 'kysely';
import type pg from 'pg';

/**
 * Statements with more parameters than this (an import's multi-row INSERTs) are sent unnamed:
 * each is used a handful of times, and a prepared one would stay in the connection's memory.
 */
const MOST_PARAMETERS_TO_PREPARE = 100;

const PLANNED_FOR_ITS_VALUES = '/* planned for its values */';

/**
 * Put after the `select` of a statement (`.modifyFront(plannedForItsValues)`) whose cost turns on
 * its values, such as the count of an album query with fields: it is sent unnamed and planned on
 * each call. Prepared, PostgreSQL would settle after five runs on a generic plan costed for the
 * average user, which for a large collection among many small ones took 11–13 ms against 2 ms
 * (docs/decisions.md).
 */
export const plannedForItsValues = sql.raw(PLANNED_FOR_ITS_VALUES);

/**
 * A pool whose connections keep each statement the app sends prepared, named by its text. An
 * unnamed statement is parsed and planned on every call, which cost PostgreSQL more CPU than
 * running the page queries themselves (932 → 394 µs per album page, docs/performance.md). After
 * five runs PostgreSQL may keep a generic plan, only when it costs no more than the custom ones.
 */
export class PreparedStatementPool implements PostgresPool {
  /**
   * Kysely's client for each connection, made once: Kysely makes a connection object for each
   * client it has not seen and records both in weak tables, so a new client at every checkout
   * grew those tables by an entry a checkout, to 4.2 MB each after the bench's reads
   * (docs/performance.md).
   */
  readonly #clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();

  constructor(private readonly pool: pg.Pool) {}

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.pool.connect();
    const known = this.#clients.get(client);
    if (known) return known;
    // A connection lost between a transaction's statements (PostgreSQL restarting) fails its
    // next statement; the client's event, unheard, would end the process. The pool then drops it.
    client.on('error', () => {});
    const made = kyselyClient(client);
    this.#clients.set(client, made);
    return made;
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}

/** A connection as Kysely asks it: statements named by their text, and its return to the pool. */
function kyselyClient(client: pg.PoolClient): PostgresPoolClient {
  function query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(
    sql: string | PostgresCursor<R>,
    parameters: readonly unknown[] = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // The dialect is given no cursor class, so Kysely never streams.
    if (typeof sql !== 'string') throw new Error('Streaming queries are not supported.');
    return client.query(namedStatement(sql, parameters)).then((result) => ({
      command: kyselyCommand(result.command),
      rowCount: result.rowCount ?? 0,
      rows: result.rows,
    }));
  }
  // The pool gives the client a new release at each checkout: it is looked up when called.
  return { query, release: () => client.release() };
}

const countedCommands = ['UPDATE', 'DELETE', 'INSERT', 'SELECT', 'MERGE'] as const;

/** Kysely reads the command only to count affected rows; any other (SET, VACUUM) counts none. */
function kyselyCommand(command: string): PostgresQueryResult<unknown>['command'] {
  return countedCommands.find((counted) => counted === command) ?? 'SELECT';
}

function namedStatement(text: string, parameters: readonly unknown[]): pg.QueryConfig {
  const values = [...parameters];
  const prepared =
    values.length <= MOST_PARAMETERS_TO_PREPARE && !text.includes(PLANNED_FOR_ITS_VALUES);
  if (!prepared) return { text, values };
  return { name: createHash('sha1').update(text).digest('base64url'), text, values };
}
