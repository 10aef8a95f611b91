import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { workerModule } from '../start-worker';
import { KeptStatements } from './kept-statements';
import { gatherPlannerStatistics } from './planner-statistics-write';
import { DEFAULT_DATABASE_CONNECTIONS } from './pool-size';
import { PreparedStatementPool } from './prepared-statements';
import type { Database } from './schema';
import { SqliteReadRoutingDialect } from './sqlite-read-routing';
import { SqliteReaders } from './sqlite-readers';
import { registerPrefixChanges } from './word-prefixes';

export type DatabaseTarget =
  /**
   * `readers`: reader threads for SELECTs (0 keeps every query on the main connection).
   * `thread`: a worker thread's connection to the server's file, which must exist. It skips the
   * start-up `PRAGMA optimize`, which would take the write lock outside the server's turns.
   */
  | { kind: 'sqlite'; file: string; readers?: number; thread?: boolean }
  /** `connections`: the most this process keeps open at once (`DEFAULT_DATABASE_CONNECTIONS`). */
  | { kind: 'postgres'; url: string; schema?: string; connections?: number };

export function databaseTarget(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'sqliteReaders' | 'databaseConnections'>,
): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, connections: config.databaseConnections }
    : {
        kind: 'sqlite',
        file: path.join(config.dataDir, 'gatefold.sqlite'),
        readers: config.sqliteReaders,
      };
}

/** Which of the two databases a Kysely instance (or transaction) talks to. */
export function isPostgres<T>(db: Kysely<T>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The choice for the database a Kysely instance talks to, such as how much one statement does. */
export function perDatabase<T, Choice>(
  db: Kysely<T>,
  choices: { postgres: Choice; sqlite: Choice },
): Choice {
  return isPostgres(db) ? choices.postgres : choices.sqlite;
}

/**
 * A collection's pages stay in memory, where a page read at random costs about what one read in
 * turn does; PostgreSQL's default of four times as much made it probe the albums once for each of
 * a genre's links rather than join them to a decade's range of its index (a genre and a decade
 * counted in 2.2–3.0 against 1.1 ms). Set by a statement on each new connection rather than as a
 * startup option, which `PGOPTIONS`, an `options` in `DATABASE_URL` and PgBouncer each would drop
 * or refuse.
 */
const IN_MEMORY_PLANNING = 'set random_page_cost = 1.1';

// A collection of 50,000 albums with its indexes is a few hundred MB; 64 MB of pages per
// connection keeps the hot part of it (and an import's index updates) in memory, not 8 MB.
const CACHE_KILOBYTES = 65_536;

/** The longest a PostgreSQL statement may run; an import's batch takes well under a second. */
export const STATEMENT_TIMEOUT_MS = 30_000;
/** How long a query waits for a connection to PostgreSQL before the request answers 503. */
export const CONNECT_TIMEOUT_MS = 5_000;

/** The reader threads of each SQLite database opened with them. */
const readersOf = new WeakMap<Kysely<Database>, SqliteReaders>();

/**
 * A SQLite database that a worker thread may write to as well: its file, and a way to keep the
 * main connection's writes waiting (on the event loop, not in SQLite's busy handler, which sleeps
 * on the thread that waits) while the other thread writes.
 */
export type SharedWriter = {
  file: string;
  /** Runs `work` with the main connection held: its writes queue until `work` ends. */
  holdWrites<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs the `write(trx, data)` export of `module` (see `workerModule`) as one transaction on
   * the database's writing thread (writing-thread.ts), and answers its result.
   */
  writeOnThread(module: string, data: object): Promise<unknown>;
  /** Starts the writing thread now rather than at its first write (a server, not a test). */
  prepareWritingThread(): void;
};

const sharedWriterOf = new WeakMap<Kysely<Database>, SharedWriter>();

/** How a worker thread may write to this database, if it is a SQLite file with reader threads. */
export function sharedWriter(db: Kysely<Database>): SharedWriter | undefined {
  return sharedWriterOf.get(db);
}

export function openDatabase(target: DatabaseTarget): Kysely<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.connections ?? DEFAULT_DATABASE_CONNECTIONS,
      // Each connection keeps its prepared statements; a fresh one now and then lets them go.
      maxUses: 10_000,
      // No statement holds a connection (and its locks) for longer, whatever a request asks.
      statement_timeout: STATEMENT_TIMEOUT_MS,
      // A schema per test run keeps runs apart (public still holds the extensions); production
      // uses the database's default.
      ...(target.schema ? { options: `-c search_path=${target.schema},public` } : {}),
      // With PostgreSQL away, a request waits this long for a connection, then answers 503.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // An idle connection that PostgreSQL dropped (a restart) is discarded by the pool, and the
    // next query opens a fresh one: nothing to do, but unheard the event would end the process.
    pool.on('error', () => {});
    // Queued ahead of the connection's first statement; a connection that cannot run it fails
    // that statement too, which reports it.
    pool.on('connect', (client) => {
      client.query(IN_MEMORY_PLANNING).catch(() => {});
    });
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new PreparedStatementPool(pool) }),
    });
  }
  if (target.file !== ':memory:' && !target.thread)
    fs.mkdirSync(path.dirname(target.file), { recursive: true });
  const sqlite = new SQLite(target.file, { fileMustExist: target.thread === true });
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`cache_size = -${CACHE_KILOBYTES}`);
  registerPrefixChanges(sqlite);
  // Fresh planner statistics for tables that changed a lot since they were last gathered.
  if (!target.thread) sqlite.pragma('optimize = 0x10002');
  const readers = target.file === ':memory:' || target.thread ? 0 : (target.readers ?? 0);
  const database = new KeptStatements(sqlite).forKysely();
  if (readers === 0) return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  const pool = new SqliteReaders({
    file: target.file,
    count: readers,
    cacheKilobytes: CACHE_KILOBYTES,
  });
  const dialect = new SqliteReadRoutingDialect(
    { database },
    { file: target.file, readers: pool, main: sqlite },
  );
  const db = new Kysely<Database>({ dialect });
  readersOf.set(db, pool);
  sharedWriterOf.set(db, {
    file: target.file,
    holdWrites: (work) => dialect.holdWrites(work),
    writeOnThread: (module, data) => dialect.writeOnThread(module, data),
    prepareWritingThread: () => dialect.prepareWritingThread(),
  });
  return db;
}

/**
 * After a bulk write (an import), lets the planner see the new sizes at once, so that e.g. a
 * folder's albums are found through the folder rather than by walking every album. On
 * PostgreSQL VACUUM also marks the new rows visible to all, so a page deep into a sort reads
 * its ids from the index alone, and so does a word's range of `album_words` or `artist_words`.
 * Tags, genres and folders are small, but never analysed they are guessed at hundreds of rows,
 * and each album's labels were joined by scanning them.
 */
export async function refreshPlannerStatistics(
  db: Kysely<Database>,
  { albumsAdded }: { albumsAdded: number },
): Promise<void> {
  // A smaller import changes no plan; the statistics are the whole database's, not the user's.
  if (albumsAdded < 1_000) return;
  if (isPostgres(db)) {
    // Every table an import reads back as it goes, the first adds among them: a plan kept while
    // one was empty reads it whole.
    await sql`vacuum (analyze) albums, album_first_adds, album_words, album_artists, album_tags, album_genres, folder_albums, artists, artist_words, tags, genres, folders`.execute(
      db,
    );
    return;
  }
  const writer = sharedWriterOf.get(db);
  if (!writer) {
    await gatherPlannerStatistics(db);
    return;
  }
  // On the writing thread: ANALYZE after an import file held the event loop 15-24 ms.
  await writer.writeOnThread(workerModule(import.meta.url, 'planner-statistics-write'), {});
  // A connection reads the statistics with the schema; ANALYZE of sqlite_schema reads them again.
  // It takes the write lock, so it runs in the main connection's turn, after the thread's.
  await sql`analyze sqlite_schema`.execute(db);
  readersOf.get(db)?.reopen();
}
