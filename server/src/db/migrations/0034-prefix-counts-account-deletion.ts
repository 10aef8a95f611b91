import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';
import { recountFunction, statementTriggerFunction, tagsRemoved } from './0031-prefix-counts';

/**
 * On PostgreSQL an account's deletion took its prefix counts away album by album: its tags'
 * links, deleted before its albums or after, recounted each album from its rows, and its albums
 * took their prefixes from each count (50,000 albums: 11.6 s in the bench, within a 30 s
 * statement timeout that a larger collection would pass). The counts of a user about to go are
 * deleted first, and the triggers its cascade fires find nothing to count: a recount leaves out
 * the albums of a user who is gone, and a removal of links whose albums have no kept set
 * returns at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  const statements = [
    recountFunction(
      'albums.id = any(changed) and exists (select 1 from users where users.id = albums.user_id)',
    ),
    statementTriggerFunction(
      'album_tags_prefixes_delete',
      `if not exists (select 1 from changed where (select 1 from album_prefixes
          where album_prefixes.album_id = changed.album_id) is not null) then
         return null;
       end if;
       ${tagsRemoved}`,
      'recounted integer[];',
    ),
    `create function users_prefixes_delete() returns trigger language plpgsql as $$
     begin
       delete from prefix_counts where user_id = old.id;
       delete from album_prefixes
         where album_id in (select id from albums where user_id = old.id);
       return old;
     end $$`,
    `create trigger users_prefixes_delete before delete on users
       for each row execute function users_prefixes_delete()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
