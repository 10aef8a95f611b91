import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';

/**
 * Names that are the search or start with it are a range of this index, already in order, so the
 * search's best albums are found without reading every match. PostgreSQL compares in byte order
 * ("C"), in which a prefix's names are one range whatever the database's collation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create index albums_user_search_name
      on albums (user_id, search_name collate "C", id)`.execute(db);
  } else {
    await sql`create index albums_user_search_name on albums (user_id, search_name, id)`.execute(
      db,
    );
  }
}
