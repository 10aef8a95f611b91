import type { Kysely } from 'kysely';
import { isPostgres } from '../database';
import { LETTERS_AS_FOLDED_TOKENIZER, rebuildSqliteOwnedWordIndexes } from './text-index';

/**
 * SQLite's text indexes rebuilt with a tokenizer that keeps every letter the folded text keeps
 * (`LETTERS_AS_FOLDED_TOKENIZER`). Before, FTS5 split words at 21 letters its Unicode tables
 * call marks, so a search of one of them alone became the user's bare prefix and matched every
 * album, artist and folder. PostgreSQL's trigram indexes read the folded text as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await rebuildSqliteOwnedWordIndexes(
    db,
    [
      { table: 'albums', index: 'album_search' },
      { table: 'artists', index: 'artist_search' },
      { table: 'folders', index: 'folder_search' },
    ],
    LETTERS_AS_FOLDED_TOKENIZER,
  );
}
