import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';
import { sqliteOwnedWordIndex } from './text-index';

const TEXT_INDEXES = [
  { table: 'albums', index: 'album_search' },
  { table: 'artists', index: 'artist_search' },
] as const;

/**
 * SQLite's text indexes of albums and artists rebuilt with each word as the user's own token
 * (`sqliteOwnedWordIndex`). PostgreSQL's trigram indexes are untouched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  // SQLite's migrations run outside a transaction: cut short, this one would leave an index
  // dropped and not rebuilt.
  await db.transaction().execute(async (trx) => {
    for (const { table, index } of TEXT_INDEXES) {
      for (const trigger of ['insert', 'delete', 'update']) {
        await sql.raw(`drop trigger ${index}_${trigger}`).execute(trx);
      }
      await sql.raw(`drop table ${index}`).execute(trx);
      for (const statement of sqliteOwnedWordIndex(table, index)) {
        await sql.raw(statement).execute(trx);
      }
    }
  });
}
