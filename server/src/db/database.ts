import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type DatabaseTarget =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string; schema?: string };

export function databaseTarget(databaseUrl: string | undefined, dataDir: string): DatabaseTarget {
  return databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'sqlite', file: path.join(dataDir, 'gatefold.sqlite') };
}

export function openDatabase(target: DatabaseTarget): Kysely<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      // A schema per test run keeps runs apart (public still holds the extensions); production
      // uses the database's default.
      ...(target.schema ? { options: `-c search_path=${target.schema},public` } : {}),
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if (target.file !== ':memory:') fs.mkdirSync(path.dirname(target.file), { recursive: true });
  const sqlite = new SQLite(target.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}
