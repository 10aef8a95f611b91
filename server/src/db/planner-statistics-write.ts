// Gathering SQLite's planner statistics as the writing thread runs it (database.ts).
import { type Kysely, sql } from 'kysely';
import type { Database } from './schema';

/**
 * ANALYZE (0x2) of each table whose size has changed tenfold since it was last analysed, or that
 * has an index without statistics; every table checked (0x10000: a connection that has not
 * planned the reads that would mark them still finds them); at most 2,000 rows an index and no
 * sampled values (0x10): unlimited, the 50,000-album collection's took 65-255 ms after its larger
 * files. A database without a writing thread gathers them the same way on its one connection;
 * opening a connection (any but the writing thread's) does without the limit (0x10002, as SQLite
 * advises on opening).
 */
export async function gatherPlannerStatistics(db: Kysely<Database>): Promise<void> {
  await sql`pragma optimize = 0x10012`.execute(db);
}

export async function write(trx: Kysely<Database>): Promise<null> {
  await gatherPlannerStatistics(trx);
  return null;
}
