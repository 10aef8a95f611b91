import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type TransactionSettings,
} from 'kysely';
import { MainConnectionTurns } from './main-connection-turns';
import { SqliteCheckpoints } from './sqlite-checkpoints';
import type { SqliteReaders } from './sqlite-readers';
import { WritingThread } from './writing-thread';

/**
 * SQLite with its SELECTs on reader threads. Kysely's driver keeps the one main connection for
 * writes and transactions (a transaction reads its own uncommitted rows there); a SELECT outside a
 * transaction goes to a reader, so a slow read never holds the event loop or waits for a write.
 */
export class SqliteReadRoutingDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #readers: SqliteReaders;
  readonly #checkpoints: SqliteCheckpoints;
  readonly #writingThread: WritingThread;
  #driver: ReadRoutingDriver | undefined;

  /** `main`: the connection Kysely writes through, whose checkpoints move to a thread. */
  constructor(
    config: SqliteDialectConfig,
    threads: { file: string; readers: SqliteReaders; main: SQLite.Database },
  ) {
    super(config);
    this.#config = config;
    this.#readers = threads.readers;
    // Both threads write to the file with the main connection's writes held.
    this.#checkpoints = new SqliteCheckpoints(threads.file, threads.main, (work) =>
      this.holdWrites(work),
    );
    this.#writingThread = new WritingThread(threads.file, (work) => this.holdWrites(work));
  }

  override createDriver(): Driver {
    this.#driver = new ReadRoutingDriver(
      new SqliteDriver(this.#config),
      this.#readers,
      this.#checkpoints,
      this.#writingThread,
    );
    return this.#driver;
  }

  /**
   * Runs `work` holding the main connection, as a transaction would: the main connection's
   * writes wait their turn on the event loop meanwhile. Another thread writes to the file in
   * `work` without the main connection ever waiting for its lock inside SQLite, which would
   * stop the event loop for as long.
   */
  async holdWrites<T>(work: () => Promise<T>): Promise<T> {
    if (!this.#driver) throw new Error('The database is not open yet.');
    return this.#driver.holdWrites(work);
  }

  /** Runs a module's write on the database's writing thread (writing-thread.ts). */
  writeOnThread(module: string, data: object): Promise<unknown> {
    return this.#writingThread.write(module, data);
  }

  /** Starts the writing thread ahead of its first write. */
  prepareWritingThread(): void {
    this.#writingThread.prepare();
  }
}

class ReadRoutingDriver implements Driver {
  readonly #main: MainConnectionTurns;

  constructor(
    private readonly writer: SqliteDriver,
    private readonly readers: SqliteReaders,
    private readonly checkpoints: SqliteCheckpoints,
    private readonly writingThread: WritingThread,
  ) {
    this.#main = new MainConnectionTurns(writer);
  }

  init(): Promise<void> {
    return this.writer.init();
  }

  async holdWrites<T>(work: () => Promise<T>): Promise<T> {
    await this.#main.acquire();
    try {
      return await work();
    } finally {
      await this.#main.release();
    }
  }

  async acquireConnection(): Promise<RoutedConnection> {
    return new RoutedConnection(this.#main, this.readers);
  }

  // SQLite has one isolation level: the settings have nothing to choose.
  async beginTransaction(connection: RoutedConnection, _settings: TransactionSettings) {
    await connection.begin();
  }

  // The main connection is given back as the transaction ends, not when Kysely releases the
  // connection: one held for several statements (`db.connection()`, the migrator) may begin
  // another transaction, which would otherwise wait for itself. A COMMIT that fails leaves the
  // transaction open for the ROLLBACK that follows.
  async commitTransaction(connection: RoutedConnection) {
    await this.writer.commitTransaction(connection.transaction());
    await connection.release();
  }

  async rollbackTransaction(connection: RoutedConnection) {
    await this.writer.rollbackTransaction(connection.transaction());
    await connection.release();
  }

  async releaseConnection(connection: RoutedConnection) {
    await connection.release();
  }

  async destroy() {
    await this.writingThread.close();
    await this.checkpoints.close();
    await this.readers.close();
    await this.writer.destroy();
  }
}

class RoutedConnection implements DatabaseConnection {
  #transaction: DatabaseConnection | undefined;

  constructor(
    private readonly main: MainConnectionTurns,
    private readonly readers: SqliteReaders,
  ) {}

  /**
   * Takes the main connection (waiting for any other transaction) until release. IMMEDIATE takes
   * the write lock first: a worker thread may write to the file too (an import), and a transaction
   * that read before it commits could not write after.
   */
  async begin() {
    const connection = await this.main.acquire();
    this.#transaction = connection;
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  transaction(): DatabaseConnection {
    if (!this.#transaction) throw new Error('No transaction is open on this connection.');
    return this.#transaction;
  }

  async release() {
    if (!this.#transaction) return;
    this.#transaction = undefined;
    await this.main.release();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#transaction) return this.#transaction.executeQuery(query);
    if (SelectQueryNode.is(query.query) && this.readers.available) {
      // The rows are whatever the SELECT names; Kysely gives them their type from the query.
      return { rows: (await this.readers.read(query.sql, query.parameters)) as R[] };
    }
    const connection = await this.main.acquire();
    try {
      return await connection.executeQuery(query);
    } finally {
      await this.main.release();
    }
  }

  async *streamQuery<R>(
    query: CompiledQuery,
    chunkSize?: number,
  ): AsyncIterableIterator<QueryResult<R>> {
    if (this.#transaction) {
      yield* this.#transaction.streamQuery(query, chunkSize);
      return;
    }
    const connection = await this.main.acquire();
    try {
      yield* connection.streamQuery(query, chunkSize);
    } finally {
      await this.main.release();
    }
  }
}
