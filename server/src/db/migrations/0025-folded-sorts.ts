import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';
import { searchText } from '../search-text';

/** Albums whose folded artist one statement writes. */
const ALBUMS_PER_UPDATE = 500;

/**
 * The artist sorts go by the folded name, as the album name sort does since 0024: albums by artist
 * through a folded artist of their own, artists through their search text. SQLite's lower() folds
 * only ASCII, so "Édith Piaf" sorted after "Zappa" there and with the e's on PostgreSQL. The
 * indexes on the lower-case names give way to ones on the folded names.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL runs each migration in a transaction; SQLite runs them outside one, and cut short
  // this one would leave a column the next attempt could not add.
  if (isPostgres(db)) await foldedSorts(db);
  else await db.transaction().execute(foldedSorts);
}

async function foldedSorts(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('albums')
    .addColumn('search_artist', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await foldArtists(db);
  // db/search-text.ts's inCodePointOrder, for a migration's untyped schema.
  const byCodePoint = (column: string) =>
    isPostgres(db) ? sql`${sql.ref(column)} collate "C"` : sql.ref(column);
  // The release date, the sort's next term, in the index too: so the sort reads the index alone
  // and sorts each artist's few albums; without it SQLite's planner sorted every album for each
  // page (25–35 ms at 50,000 albums against 0.07 with it).
  await sql`create index albums_user_search_artist
    on albums (user_id, ${byCodePoint('search_artist')}, release_date, id)`.execute(db);
  await sql`drop index albums_user_lower_artist`.execute(db);
  // Artists by latest album, ties by name, as 0008's index served them by the lower-case name.
  await sql`create index artists_user_latest_search_text
    on artists (user_id, latest_album_date desc, ${byCodePoint('search_text')}, id)`.execute(db);
  await sql`drop index artists_user_latest_first`.execute(db);
  // Artists by name read 0023's index on the search text.
  await sql`drop index artists_name`.execute(db);
}

/** Each album's artist folded as db/search-text.ts folds it, a few hundred albums a statement. */
async function foldArtists(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: number; artist: string }>`
    select id, artist from albums where artist <> ''`.execute(db);
  for (let start = 0; start < rows.length; start += ALBUMS_PER_UPDATE) {
    const folded = rows
      .slice(start, start + ALBUMS_PER_UPDATE)
      .map((row) => sql`(cast(${row.id} as integer), cast(${searchText(row.artist)} as text))`);
    // Both databases name a VALUES list's columns column1, column2, ….
    await sql`update albums set search_artist = folded.column2
      from (values ${sql.join(folded)}) as folded
      where albums.id = folded.column1`.execute(db);
  }
}
