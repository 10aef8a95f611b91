import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';
import { statementTriggerFunction, tagsRemoved } from './0031-prefix-counts';

/**
 * On PostgreSQL an account's deletion took its prefix counts away album by album: its tags'
 * links, deleted before its albums or after, recounted each album from its rows, and its albums
 * took their prefixes from each count (50,000 albums: 11.2–11.6 s in the bench, within a 30 s
 * statement timeout that a larger collection would pass). The counts and kept sets of a user
 * about to go are deleted first, by key lookups as the counting functions' are, and a removal of
 * links none of whose albums has a kept set returns at once; the albums' own recount then finds
 * neither rows nor kept sets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  const statements = [
    statementTriggerFunction(
      'album_tags_prefixes_delete',
      `if not exists (select 1 from changed where (select 1 from album_prefixes
          where album_prefixes.album_id = changed.album_id) is not null) then
         return null;
       end if;
       ${tagsRemoved}`,
      'recounted integer[];',
    ),
    `create function users_prefixes_before_delete() returns trigger language plpgsql
       set jit = off set enable_hashjoin = off set enable_mergejoin = off as $$
     begin
       delete from prefix_counts where user_id = old.id;
       delete from album_prefixes using albums
         where albums.user_id = old.id and album_prefixes.album_id = albums.id;
       return old;
     end $$`,
    `create trigger users_prefixes_before_delete before delete on users
       for each row execute function users_prefixes_before_delete()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
