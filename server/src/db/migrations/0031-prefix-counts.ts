import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';

/**
 * On PostgreSQL each user's albums are counted for every prefix of every word of their names,
 * artists and tags' names (`prefix_counts`), so a filter of one word is counted by reading one
 * row: counting its matches read every one of them (a broad prefix's 12,000 at 50,000 albums).
 * Each album's counted prefixes are kept beside it (`album_prefixes`), so that a change counts
 * only the difference. A new album, a change to its text or a tag's rename recounts its albums
 * from their rows and tags as they stand (`recount_album_prefixes`); a new link adds the tag's
 * prefixes the album lacked, a removed one takes away those no other word still starts. The
 * triggers of a statement and of its cascades may run in any order, so an album or tag already
 * gone is recounted whole, which reads only what is left. Neither table names its user or album
 * by a foreign key: the rows must outlive an album's deletion until they are counted down, and a
 * count that reaches nought is removed (an account's are removed before it, since 0034). The kept
 * sets are read and written back whole, which is safe because each user's writes take the user's
 * lock first (`db/user-lock.ts`). The functions run without JIT: PostgreSQL guesses a thousand
 * prefixes a word, and compiled the statements for that in 350 ms of a bulk statement's 500.
 * Their plans may be kept (planned at each call, a single tagging paid more to plan than to
 * change), and a kept plan's guess of how many rows a statement changed is the first call's; so
 * every join is a lookup by key, the planner's hash and merge joins turned off: a hash of
 * `album_prefixes` made for a bulk change would be read whole again for each single tagging.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  const statements = [
    `create table prefix_counts (
       user_id integer not null,
       prefix text collate "C" not null,
       album_count integer not null,
       primary key (user_id, prefix))`,
    `create table album_prefixes (
       album_id integer primary key,
       user_id integer not null,
       prefixes text[] collate "C" not null)`,
    `create function recount_album_prefixes(changed integer[]) returns void language plpgsql
       set jit = off set enable_hashjoin = off set enable_mergejoin = off as $$
     declare ${COUNTING_DECLARATIONS}
     begin
       with now_counted as (
         select albums.id as album_id, albums.user_id,
           coalesce((select array_agg(distinct left(word, prefix_length))
             from unnest(string_to_array(albums.search_text || ' ' || coalesce((
               select string_agg(tags.search_text, ' ') from album_tags
                 join tags on tags.id = album_tags.tag_id
                 where album_tags.album_id = albums.id), ''), ' ')) as word,
               generate_series(1, length(word)) as prefix_length
             where word <> ''), '{}') as prefixes
         from albums where albums.id = any(changed)
       ),
       before as (
         select album_id, user_id, prefixes from album_prefixes where album_id = any(changed)
       ),
       kept as (
         insert into album_prefixes (album_id, user_id, prefixes)
           select album_id, user_id, prefixes from now_counted
           on conflict (album_id) do update set prefixes = excluded.prefixes
             where album_prefixes.prefixes is distinct from excluded.prefixes
       ),
       gone as (
         delete from album_prefixes where album_id = any(changed) and not exists (
           select 1 from albums where albums.id = album_prefixes.album_id)
       )
       -- Each album counts for the prefixes it has now and no longer for those it had: a
       -- prefix both had and has comes out even, without pairing each album's two sets.
       ${countDifferences(`select user_id, unnest(prefixes) as prefix, 1 as change from now_counted
           union all
           select user_id, unnest(prefixes), -1 from before`)}
     end $$`,
    ...statementTrigger(
      'albums',
      'insert',
      'perform recount_album_prefixes(array(select id from changed));',
    ),
    ...statementTrigger(
      'albums',
      'delete',
      'perform recount_album_prefixes(array(select id from changed));',
    ),
    ...statementTrigger('album_tags', 'insert', tagsAdded, 'recounted integer[];'),
    ...statementTrigger('album_tags', 'delete', tagsRemoved, 'recounted integer[];'),
    `create function albums_prefixes_update() returns trigger language plpgsql as $$
     begin
       perform recount_album_prefixes(array[new.id]);
       return null;
     end $$`,
    `create trigger albums_prefixes_update after update of search_text on albums
       for each row when (old.search_text is distinct from new.search_text)
       execute function albums_prefixes_update()`,
    `create function tags_prefixes_update() returns trigger language plpgsql as $$
     begin
       perform recount_album_prefixes(
         array(select album_id from album_tags where tag_id = new.id));
       return null;
     end $$`,
    `create trigger tags_prefixes_update after update of search_text on tags
       for each row when (old.search_text is distinct from new.search_text)
       execute function tags_prefixes_update()`,
    'select recount_album_prefixes(array(select id from albums))',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** What `countDifferences` needs declared in the function that runs it. */
const COUNTING_DECLARATIONS = 'nought_users integer[]; nought_prefixes text[];';

/**
 * The end of a statement whose WITH list it continues: adds each (user_id, prefix, change) row
 * of `differences` to its count, the few sums written in key order (OFFSET 0 keeps the sort out
 * of the grouping), then removes the counts the change brought to nought, as the upsert
 * returned them.
 */
function countDifferences(differences: string): string {
  return `, written as (
         insert into prefix_counts as counted (user_id, prefix, album_count)
           select user_id, prefix, change from (
             select user_id, prefix, sum(change)::integer as change from (${differences}) as changes
             group by user_id, prefix having sum(change) <> 0 offset 0) as sums
           order by user_id, prefix
           on conflict (user_id, prefix)
             do update set album_count = counted.album_count + excluded.album_count
           returning user_id, prefix, album_count)
       select array_agg(user_id), array_agg(prefix) into nought_users, nought_prefixes
         from written where album_count = 0;
       if nought_users is not null then
         delete from prefix_counts
           using unnest(nought_users, nought_prefixes) as nought(user_id, prefix)
           where prefix_counts.user_id = nought.user_id and prefix_counts.prefix = nought.prefix
             and prefix_counts.album_count = 0;
       end if;`;
}

/** Each album of the links in `links`, with the distinct prefixes of their tags' words. */
const linkedTagPrefixes = (links: string) => `select ${links}.album_id,
      array_agg(distinct left(word, prefix_length)) as prefixes
    from ${links} join tags on tags.id = ${links}.tag_id,
      unnest(string_to_array(tags.search_text, ' ')) as word,
      generate_series(1, length(word)) as prefix_length
    where word <> ''
    group by ${links}.album_id`;

/** The kept row of the album `albumId`, read by its key (OFFSET 0 keeps it a lookup). */
const keptRow = (albumId: string) => `lateral (select user_id, prefixes from album_prefixes
      where album_prefixes.album_id = ${albumId} offset 0) as kept_row`;

/**
 * New tags add their words' prefixes that each album lacks, read from its kept set, without
 * reading its own text and its other tags again.
 */
const tagsAdded = `
  recounted := array(select distinct album_id from changed where (
    select 1 from album_prefixes where album_prefixes.album_id = changed.album_id) is null);
  if recounted <> '{}' then perform recount_album_prefixes(recounted); end if;
  with gains as (
    select added.album_id, kept_row.user_id, kept_row.prefixes,
      array(select unnest(added.prefixes) except select unnest(kept_row.prefixes)) as gained
    from (${linkedTagPrefixes('changed')}) as added cross join ${keptRow('added.album_id')}
  ),
  kept as (
    update album_prefixes set prefixes = gains.prefixes || gains.gained
      from gains where album_prefixes.album_id = gains.album_id and gains.gained <> '{}'
  )
  ${countDifferences('select user_id, unnest(gained) as prefix, 1 as change from gains')}`;

/**
 * Removed tags take away their words' prefixes that the album was counted for and that no other
 * word of it still starts: its text and remaining tags' names are read once, and each prefix
 * looked for in them. An album or tag gone (a cascade) is recounted whole instead, as its words
 * can no longer be read, and so is any album that lost such a link in the same statement.
 * Migration 0034 builds on it, so it must not change.
 */
export const tagsRemoved = `
  recounted := array(select distinct album_id from changed
    where (select 1 from albums where albums.id = changed.album_id) is null
      or (select 1 from tags where tags.id = changed.tag_id) is null);
  if recounted <> '{}' then perform recount_album_prefixes(recounted); end if;
  with losses as (
    select removed.album_id, kept_row.user_id, kept_row.prefixes,
      array(select prefix from (select unnest(removed.prefixes)
          intersect select unnest(kept_row.prefixes)) as counted (prefix)
        where not remaining.words like '% ' || prefix || '%') as lost
    from (${linkedTagPrefixes('changed')}) as removed cross join ${keptRow('removed.album_id')}
      cross join lateral (select ' ' || albums.search_text || ' ' || coalesce((
          select string_agg(tags.search_text, ' ') from album_tags
            join tags on tags.id = album_tags.tag_id
            where album_tags.album_id = albums.id), '') as words
        from albums where albums.id = removed.album_id offset 0) as remaining
    where not removed.album_id = any(recounted)
  ),
  kept as (
    update album_prefixes set prefixes = array(select unnest(losses.prefixes)
        except select unnest(losses.lost))
      from losses where album_prefixes.album_id = losses.album_id and losses.lost <> '{}'
  )
  ${countDifferences('select user_id, unnest(lost) as prefix, -1 as change from losses')}`;

/**
 * A trigger on `table` after each statement of `event`, its rows in the transition table
 * `changed`, running `body` with its `declarations`. PostgreSQL allows transition tables only
 * on a trigger of one event.
 */
function statementTrigger(
  table: string,
  event: 'insert' | 'delete',
  body: string,
  declarations = '',
): string[] {
  const name = `${table}_prefixes_${event}`;
  return [
    statementTriggerFunction(name, body, declarations),
    `create trigger ${name} after ${event} on ${table}
       referencing ${event === 'insert' ? 'new' : 'old'} table as changed
       for each statement execute function ${name}()`,
  ];
}

/**
 * The function of a statement trigger `name` (`statementTrigger`), created or replaced. Migration
 * 0034 replaces one with it, so what it writes must not change.
 */
export function statementTriggerFunction(name: string, body: string, declarations = ''): string {
  return `create or replace function ${name}() returns trigger language plpgsql
       set jit = off set enable_hashjoin = off set enable_mergejoin = off as $$
     declare ${COUNTING_DECLARATIONS} ${declarations}
     begin
       ${body}
       return null;
     end $$`;
}
