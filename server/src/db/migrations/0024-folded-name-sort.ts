import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';

/**
 * The name sort goes by the folded name, through 0010's index on it: the index on the lower-case
 * name served only that sort, and cost each imported album one more write at a place of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`drop index albums_user_lower_name_covering`.execute(db);
  else await sql`drop index albums_user_lower_name`.execute(db);
}
