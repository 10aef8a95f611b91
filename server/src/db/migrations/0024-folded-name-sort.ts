import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';

/**
 * The name sort goes by the folded name, through 0010's index on it. The index on the lower-case
 * name was there for that sort (the duplicates report reads the one on the lower-case artist as
 * well), and cost each imported album one more write at a place of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`drop index if exists albums_user_lower_name_covering`.execute(db);
  else await sql`drop index if exists albums_user_lower_name`.execute(db);
}
