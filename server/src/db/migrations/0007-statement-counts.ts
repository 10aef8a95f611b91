import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';
import { artistStats } from './0004-counters-and-search';

/**
 * On PostgreSQL the kept counts move once per statement instead of once per row: an import's
 * batch of 250 albums updated its user's row 250 times, each a new row version to find the next
 * time, and the counting triggers took more than half of the import's time. The changed rows come
 * from the statement's transition table, grouped by what they count. SQLite's row triggers run
 * in-process at the cost of a function call and stay as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of ['albums', 'folder_albums', 'album_genres', 'album_tags']) {
    await sql.raw(`drop trigger ${table}_count on ${table}`).execute(db);
    await sql.raw(`drop function ${table}_count()`).execute(db);
  }
  await sql`drop trigger album_artists_stats on album_artists`.execute(db);
  await sql`drop function album_artists_stats()`.execute(db);
  for (const statement of statementTriggers()) await sql.raw(statement).execute(db);
}

/** A function of one statement and the trigger that runs it, its rows named `changed`. */
function perStatement(table: string, change: 'insert' | 'delete', body: string): string[] {
  const name = `${table}_count_${change}`;
  return [
    `create function ${name}() returns trigger language plpgsql
       set plan_cache_mode = force_custom_plan as $$
     begin
       ${body}
       return null;
     end $$`,
    `create trigger ${name} after ${change} on ${table}
       referencing ${change === 'insert' ? 'new' : 'old'} table as changed
       for each statement execute function ${name}()`,
  ];
}

/** Each counted row moves by the number of its links the statement added or removed. */
function counting(counted: string, key: string) {
  const move = (sign: '+' | '-') => `
    update ${counted} set album_count = ${counted}.album_count ${sign} moved.links
      from (select ${key} as id, count(*) as links from changed group by ${key}) as moved
      where ${counted}.id = moved.id;`;
  return { insert: move('+'), delete: move('-') };
}

function statementTriggers(): string[] {
  const users = counting('users', 'user_id');
  const folders = counting('folders', 'folder_id');
  const genres = counting('genres', 'genre_id');
  const tags = counting('tags', 'tag_id');
  const tagDays = `(select tag_id, substr(created_at, 1, 10) as day, count(*) as uses
    from changed group by tag_id, substr(created_at, 1, 10))`;
  return [
    ...perStatement('albums', 'insert', users.insert),
    ...perStatement('albums', 'delete', users.delete),
    ...perStatement('folder_albums', 'insert', folders.insert),
    ...perStatement('folder_albums', 'delete', folders.delete),
    ...perStatement('album_genres', 'insert', genres.insert),
    ...perStatement('album_genres', 'delete', genres.delete),
    ...perStatement(
      'album_tags',
      'insert',
      `${tags.insert}
       insert into tag_uses_by_day (tag_id, day, uses) select tag_id, day, uses from ${tagDays} as added
         on conflict (tag_id, day) do update set uses = tag_uses_by_day.uses + excluded.uses;`,
    ),
    ...perStatement(
      'album_tags',
      'delete',
      `${tags.delete}
       update tag_uses_by_day set uses = tag_uses_by_day.uses - removed.uses from ${tagDays} as removed
         where tag_uses_by_day.tag_id = removed.tag_id and tag_uses_by_day.day = removed.day;`,
    ),
    // New albums for artists: their count, and their dates if earliest or latest yet.
    ...perStatement(
      'album_artists',
      'insert',
      `update artists set album_count = artists.album_count + added.albums,
         first_album_date = case when artists.first_album_date is null
           or artists.first_album_date > added.first then added.first
           else artists.first_album_date end,
         latest_album_date = case when artists.latest_album_date is null
           or artists.latest_album_date < added.latest then added.latest
           else artists.latest_album_date end
       from (select changed.artist_id, count(*) as albums, min(albums.first_added_at) as first,
               max(albums.added_at) as latest
             from changed join albums on albums.id = changed.album_id
             group by changed.artist_id) as added
       where artists.id = added.artist_id;`,
    ),
    ...perStatement(
      'album_artists',
      'delete',
      `update artists set ${artistStats('artists.id')}
         where id in (select distinct artist_id from changed);`,
    ),
  ];
}
