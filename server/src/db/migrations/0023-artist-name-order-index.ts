import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';

/**
 * Artists by folded name, in code-point order as albums' 0010: the quick search reads the names
 * that start with the search as a range of it, in order, and stops at the few it shows (at 5,000
 * artists a broad prefix had read and sorted every artist with a word starting with it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create index if not exists artists_user_search_text
      on artists (user_id, search_text collate "C", id)`.execute(db);
  } else {
    await sql`create index if not exists artists_user_search_text on artists (user_id, search_text, id)`.execute(
      db,
    );
  }
}
