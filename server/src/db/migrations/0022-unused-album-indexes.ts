import { type Kysely, sql } from 'kysely';

/**
 * The albums' indexes on their name and artist as stored served no query: every sort, search and
 * report reads them folded (`lower(…)`, `search_name`), through indexes of their own. Each index
 * costs every imported album a write at a place of its own, which grows with the collection.
 * `if exists`: SQLite runs migrations outside a transaction, and one cut short is run again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists albums_user_name`.execute(db);
  await sql`drop index if exists albums_user_artist`.execute(db);
}
