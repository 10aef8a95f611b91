import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';

/**
 * Each genre link carries its album's release date, kept in step by triggers in the writer's
 * transaction, and the genre's index is ordered by it: a query of a genre and a period
 * (`genre:jazz year:1970..1979`) reads one range of the index, its matches alone, where it read
 * every link of the genre or every album of the period. The count's SQL for a genre and a decade
 * (about 140 of 50,000 albums, the genre's 1,259 links, the decade's 6,000 albums) went from 0.74
 * to 0.24 ms on SQLite and 4.1 to 1.2 ms on PostgreSQL (`EXPLAIN ANALYZE`). The index replaces
 * 0017's on (genre, album), which it covers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL runs each migration in a transaction; SQLite runs them outside one, and cut short
  // this one would leave a column the next attempt could not add.
  if (isPostgres(db)) await datedGenreLinks(db);
  else await db.transaction().execute(datedGenreLinks);
}

async function datedGenreLinks(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('album_genres').addColumn('release_date', 'text').execute();
  await sql`update album_genres set release_date =
    (select albums.release_date from albums where albums.id = album_genres.album_id)`.execute(db);
  await sql`create index album_genres_genre_release
    on album_genres (genre_id, release_date, album_id)`.execute(db);
  await sql`drop index album_genres_genre`.execute(db);
  const triggers = isPostgres(db) ? postgresTriggers : sqliteTriggers;
  for (const statement of triggers) await sql.raw(statement).execute(db);
  // A collection upgraded in place gets the new index's statistics now; a new database's empty
  // table has none to give, and gets them from `pragma optimize` after its first large import.
  await sql`analyze album_genres`.execute(db);
}

const sqliteTriggers = [
  `create trigger album_genres_release_date after insert on album_genres begin
     update album_genres set release_date =
       (select albums.release_date from albums where albums.id = new.album_id)
     where rowid = new.rowid;
   end`,
  `create trigger albums_genre_release_date after update of release_date on albums
     when old.release_date is not new.release_date begin
     update album_genres set release_date = new.release_date where album_id = new.id;
   end`,
];

// A row trigger before the insert writes the date with the link, where one after it would write
// each link twice. It reads the date under a share lock: a date changed at the same time waits
// for the link to be committed, and its own trigger then finds the link; the foreign key's lock
// alone would let the two pass each other and leave the link the old date.
const postgresTriggers = [
  `create function album_genres_release_date() returns trigger language plpgsql as $$
   begin
     new.release_date :=
       (select albums.release_date from albums where albums.id = new.album_id for share);
     return new;
   end $$`,
  `create trigger album_genres_release_date before insert on album_genres
     for each row execute function album_genres_release_date()`,
  `create function albums_genre_release_date() returns trigger language plpgsql as $$
   begin
     update album_genres set release_date = new.release_date where album_id = new.id;
     return null;
   end $$`,
  `create trigger albums_genre_release_date after update of release_date on albums
     for each row when (old.release_date is distinct from new.release_date)
     execute function albums_genre_release_date()`,
];
