// One read-only connection to the SQLite file, on a thread of its own: the pool in
// sqlite-readers.ts sends it SELECTs so that their time is not spent on the server's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { z } from 'zod';
import { KeptStatements } from './kept-statements';
import type { ReaderMessage, ReadReply } from './sqlite-readers';

const { file, cacheKilobytes } = z
  .object({ file: z.string(), cacheKilobytes: z.number().int() })
  .parse(workerData);

let connection = open();
let statements = new KeptStatements(connection);
let schemaVersionStatement = schemaVersionOf(connection);
let schemaVersion = currentSchemaVersion();

function open() {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${cacheKilobytes}`);
  return sqlite;
}

/**
 * The connection's schema version, asked before every read: prepared once, as better-sqlite3's
 * pragma() prepares its statement anew on every call (10.6 against 5.7 µs).
 */
function schemaVersionOf(sqlite: SQLite.Database) {
  return sqlite.prepare('pragma schema_version').pluck();
}

function currentSchemaVersion(): number {
  return Number(schemaVersionStatement.get());
}

/**
 * A connection keeps the schema and planner statistics it read when it opened. A migration (or the
 * first ANALYZE) changes the schema version; later ANALYZEs do not, and the pool asks for a
 * reopen after them.
 */
function reopen() {
  connection.close();
  connection = open();
  statements = new KeptStatements(connection);
  schemaVersionStatement = schemaVersionOf(connection);
  schemaVersion = currentSchemaVersion();
}

function reopenIfSchemaChanged() {
  if (currentSchemaVersion() !== schemaVersion) reopen();
}

function read({ id, sql, parameters }: Extract<ReaderMessage, { kind: 'read' }>): ReadReply {
  try {
    reopenIfSchemaChanged();
    return { id, rows: statements.prepare(sql).all(parameters) };
  } catch (error) {
    const code = error instanceof SQLite.SqliteError ? error.code : undefined;
    return { id, error: { message: error instanceof Error ? error.message : String(error), code } };
  }
}

parentPort?.on('message', (message: ReaderMessage) => {
  if (message.kind === 'reopen') reopen();
  else parentPort?.postMessage(read(message));
});
