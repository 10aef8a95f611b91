import type { Kysely } from 'kysely';
import { isPostgres } from '../database';
import { rebuildSqliteOwnedWordIndexes } from './text-index';

/**
 * SQLite's text indexes of albums and artists rebuilt with each word as the user's own token
 * (`sqliteOwnedWordIndex`). PostgreSQL's trigram indexes are untouched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await rebuildSqliteOwnedWordIndexes(db, [
    { table: 'albums', index: 'album_search' },
    { table: 'artists', index: 'artist_search' },
  ]);
}
