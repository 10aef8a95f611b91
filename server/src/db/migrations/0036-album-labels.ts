import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';

/** An album's tags as a summary lists them, read from their links. */
const tagsJson = (albumId: string) => `coalesce((select json_agg(json_build_object(
      'id', tags.id, 'name', tags.name, 'color', tags.color)
    order by tags.search_text collate "C", tags.id)
  from album_tags join tags on tags.id = album_tags.tag_id
  where album_tags.album_id = ${albumId}), '[]')`;

/** An album's genres as a summary lists them, read from their links. */
const genresJson = (albumId: string) => `coalesce((select json_agg(json_build_object(
      'id', genres.id, 'name', genres.name)
    order by genres.search_text collate "C", genres.id)
  from album_genres join genres on genres.id = album_genres.genre_id
  where album_genres.album_id = ${albumId}), '[]')`;

/**
 * As 0031's counting functions: their plans are kept, guessed for the first call's size, so every
 * join is a lookup by key (no hash of a bulk change's rows kept for a single tagging), and no JIT.
 */
const SETTINGS = 'set jit = off set enable_hashjoin = off set enable_mergejoin = off';

/**
 * The functions that write one list of the given albums from their links: `label_album_*` for
 * albums that may have no row yet, `relabel_album_*` for the rows kept.
 */
function labellingFunctions(list: 'tags' | 'genres') {
  const json = list === 'tags' ? tagsJson : genresJson;
  return [
    `create function label_album_${list}(changed integer[]) returns void language plpgsql
       ${SETTINGS} as $$
     begin
       insert into album_labels (album_id, ${list})
         select albums.id, ${json('albums.id')} from albums where albums.id = any(changed)
         on conflict (album_id) do update set ${list} = excluded.${list};
     end $$`,
    `create function relabel_album_${list}(changed integer[]) returns void language plpgsql
       ${SETTINGS} as $$
     begin
       update album_labels set ${list} = ${json('album_labels.album_id')}
         where album_id = any(changed);
     end $$`,
  ];
}

/**
 * A statement-level trigger of `table` that hands the distinct albums of its changed links to
 * `relabel` (the transition table is `changed`).
 */
function linksTrigger(table: 'album_tags' | 'album_genres', event: 'insert' | 'delete') {
  const name = `${table}_labels_${event}`;
  const column = table === 'album_tags' ? 'tags' : 'genres';
  const relabel = event === 'insert' ? `label_album_${column}` : `relabel_album_${column}`;
  return [
    `create function ${name}() returns trigger language plpgsql as $$
     begin
       perform ${relabel}(array(select distinct album_id from changed));
       return null;
     end $$`,
    `create trigger ${name} after ${event} on ${table}
       referencing ${event === 'insert' ? 'new' : 'old'} table as changed
       for each statement execute function ${name}()`,
  ];
}

/**
 * A row-level trigger of `labels` that writes again the kept lists of its albums when one of
 * `columns` changes: a rename or a new colour.
 */
function renameTrigger(labels: 'tags' | 'genres', columns: string) {
  const name = `${labels}_labels_update`;
  const [links, labelId] =
    labels === 'tags' ? ['album_tags', 'tag_id'] : ['album_genres', 'genre_id'];
  const changed = columns
    .split(', ')
    .map((column) => `old.${column} is distinct from new.${column}`)
    .join(' or ');
  return [
    `create function ${name}() returns trigger language plpgsql as $$
     begin
       perform relabel_album_${labels}(
         array(select album_id from ${links} where ${labelId} = new.id));
       return null;
     end $$`,
    `create trigger ${name} after update of ${columns} on ${labels}
       for each row when (${changed}) execute function ${name}()`,
  ];
}

/**
 * On PostgreSQL each album's tags and genres are kept as the JSON a summary shows
 * (`album_labels`), so that a page of summaries reads one row an album for them: written from
 * the links, they were half of a page's cost (0.6 of 1.0 ms of PostgreSQL's CPU for 24 albums,
 * docs/performance.md). A new link writes its albums' lists (`label_album_tags`,
 * `label_album_genres`); a removed one, a tag's rename or new colour and a genre's rename write
 * again those kept (`relabel_album_*`): an album that lost a link had a list. An account's lists
 * go before it, so that the removal of its links, in whatever order its cascades run, finds none
 * to write. An album without a row has no labels. A list is written whole from the links as the
 * statement sees them, which is safe because each user's writes take the user's lock first
 * (`db/user-lock.ts`), as 0031's kept sets are. SQLite writes its summaries from the links still.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  const statements = [
    `create table album_labels (
       album_id integer primary key references albums (id) on delete cascade,
       tags json not null default '[]',
       genres json not null default '[]')`,
    ...labellingFunctions('tags'),
    ...labellingFunctions('genres'),
    ...linksTrigger('album_tags', 'insert'),
    ...linksTrigger('album_tags', 'delete'),
    ...linksTrigger('album_genres', 'insert'),
    ...linksTrigger('album_genres', 'delete'),
    ...renameTrigger('tags', 'name, color, search_text'),
    // No genre is renamed today; one that is will not leave its albums' lists behind.
    ...renameTrigger('genres', 'name, search_text'),
    `create function users_labels_before_delete() returns trigger language plpgsql
       ${SETTINGS} as $$
     begin
       delete from album_labels using albums
         where albums.user_id = old.id and album_labels.album_id = albums.id;
       return old;
     end $$`,
    `create trigger users_labels_before_delete before delete on users
       for each row execute function users_labels_before_delete()`,
    `insert into album_labels (album_id, tags, genres)
       select albums.id, ${tagsJson('albums.id')}, ${genresJson('albums.id')} from albums
       where exists (select 1 from album_tags where album_tags.album_id = albums.id)
         or exists (select 1 from album_genres where album_genres.album_id = albums.id)`,
    // The summaries of 0035, their labels read from the kept lists.
    `create or replace function album_summaries_json(ids integer[]) returns text
       language plpgsql stable set plan_cache_mode = force_generic_plan as $$
     begin
       return (select coalesce(json_agg(json_build_object(
           'id', albums.id,
           'spotify_id', albums.spotify_id,
           'name', albums.name,
           'artist', albums.artist,
           'release_date', albums.release_date,
           'total_tracks', albums.total_tracks,
           'image_url', albums.image_url,
           'spotify_url', albums.spotify_url,
           'tags', coalesce(album_labels.tags, '[]'),
           'genres', coalesce(album_labels.genres, '[]'),
           'added_at', albums.added_at,
           'first_added_at', albums.first_added_at,
           'created_at', albums.created_at) order by page.position), '[]')::text
         from unnest(ids) with ordinality as page(id, position)
         join albums on albums.id = page.id
         left join album_labels on album_labels.album_id = albums.id);
     end $$`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
