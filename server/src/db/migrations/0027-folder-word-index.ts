import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';
import { sqliteOwnedWordIndex } from './text-index';

/**
 * SQLite's text index of folders, as albums' and artists' are (`sqliteOwnedWordIndex`): collection
 * search and its suggestions read every one of the user's folders with a LIKE on each keystroke.
 * At 2,000 folders the folders' hits for the bench's 84 search prefixes took 0.50–0.61 ms a search
 * against 0.15 through the index, its candidates confirmed by the LIKE (`folderHits`, until 0028),
 * with the same hits for each. PostgreSQL's trigram index (0021) stays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  // SQLite's migrations run outside a transaction: cut short, this one would leave an index
  // without its triggers.
  await db.transaction().execute(async (trx) => {
    for (const statement of sqliteOwnedWordIndex('folders', 'folder_search')) {
      await sql.raw(statement).execute(trx);
    }
  });
}
