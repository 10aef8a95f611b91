import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';

/**
 * The columns that tie a row to its user, album or label. The counts, versions, words and labels
 * kept from them (migrations 0004–0036) follow inserts and deletes only, so a row is deleted and
 * inserted again, never moved.
 */
const FIXED_COLUMNS: Record<string, string[]> = {
  albums: ['user_id'],
  artists: ['user_id'],
  genres: ['user_id'],
  tags: ['user_id'],
  folders: ['user_id'],
  album_artists: ['album_id', 'artist_id'],
  album_genres: ['album_id', 'genre_id'],
  album_tags: ['album_id', 'tag_id'],
  folder_albums: ['folder_id', 'album_id'],
};

/** The tables whose rows are counted elsewhere: emptied by TRUNCATE, no delete trigger runs. */
const COUNTED_TABLES = ['albums', 'album_artists', 'album_genres', 'album_tags', 'folder_albums'];

const moved = (columns: string[], distinct: string) =>
  columns.map((column) => `old.${column} ${distinct} new.${column}`).join(' or ');

/**
 * Refuses, in the database, the writes that would leave what is kept from these rows wrong: an
 * UPDATE that moves a row to another user, album or label and, on PostgreSQL, a TRUNCATE of a
 * counted table. No code of the app writes either; the refusal keeps a mistake, or a hand-written
 * statement, from corrupting every count silently.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements: string[] = [];
  if (isPostgres(db)) {
    statements.push(
      `create function refuse_moved_row() returns trigger language plpgsql as $$
       begin
         raise exception '% rows are never moved: delete and insert them', tg_table_name
           using errcode = 'integrity_constraint_violation';
       end $$`,
      `create function refuse_truncate() returns trigger language plpgsql as $$
       begin
         raise exception '% is counted elsewhere: delete its rows instead', tg_table_name
           using errcode = 'integrity_constraint_violation';
       end $$`,
    );
    for (const [table, columns] of Object.entries(FIXED_COLUMNS))
      statements.push(`create trigger ${table}_fixed before update of ${columns.join(', ')}
         on ${table} for each row when (${moved(columns, 'is distinct from')})
         execute function refuse_moved_row()`);
    for (const table of COUNTED_TABLES)
      statements.push(`create trigger ${table}_truncate before truncate on ${table}
         for each statement execute function refuse_truncate()`);
  } else {
    // SQLite has no TRUNCATE: a DELETE without WHERE runs the delete triggers where there are any.
    for (const [table, columns] of Object.entries(FIXED_COLUMNS))
      statements.push(`create trigger ${table}_fixed before update of ${columns.join(', ')}
         on ${table} when ${moved(columns, 'is not')}
         begin
           select raise(abort, '${table} rows are never moved: delete and insert them');
         end`);
  }
  for (const statement of statements) await sql.raw(statement).execute(db);
}
