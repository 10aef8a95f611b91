import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';

/**
 * `users.library_version` moves with every change to a user's albums, tags or what they are
 * tagged with, inside the change's transaction: results computed from those (a text search's
 * matches) are kept under it and stop being used the moment it moves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('library_version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  const statements = isPostgres(db) ? postgresTriggers() : sqliteTriggers();
  for (const statement of statements) await sql.raw(statement).execute(db);
}

const bump = (userId: string) =>
  `update users set library_version = library_version + 1 where id = ${userId};`;

/** Kept rows (albums, tags, genres, artists) carry their user; a tagging reaches it through its tag. */
const owners = {
  albums: (row: string) => `${row}.user_id`,
  tags: (row: string) => `${row}.user_id`,
  genres: (row: string) => `${row}.user_id`,
  artists: (row: string) => `${row}.user_id`,
  album_tags: (row: string) => `(select user_id from tags where id = ${row}.tag_id)`,
};

/** Genres and artists are added with the albums that bring them, which already move the version. */
const events: Record<keyof typeof owners, ('insert' | 'update' | 'delete')[]> = {
  albums: ['insert', 'update', 'delete'],
  tags: ['insert', 'update', 'delete'],
  genres: ['update', 'delete'],
  artists: ['update', 'delete'],
  album_tags: ['insert', 'delete'],
};

function sqliteTriggers(): string[] {
  return Object.entries(events).flatMap(([table, changes]) =>
    changes.map((change) => {
      const row = change === 'delete' ? 'old' : 'new';
      const owner = owners[table as keyof typeof owners](row);
      return `create trigger ${table}_library_version_${change} after ${change} on ${table}
        begin ${bump(owner)} end`;
    }),
  );
}

/**
 * One update per statement, not per row: an import's batch of 250 albums moves its user's version
 * once, through the statement's transition table.
 */
function postgresTriggers(): string[] {
  return Object.entries(events).flatMap(([table, changes]) =>
    changes.flatMap((change) => {
      const rows = change === 'delete' ? 'removed' : 'changed';
      const owner = owners[table as keyof typeof owners](rows);
      const name = `${table}_library_version_${change}`;
      return [
        `create function ${name}() returns trigger language plpgsql
           set plan_cache_mode = force_custom_plan as $$
         begin
           update users set library_version = library_version + 1
             where id in (select distinct ${owner} from ${rows});
           return null;
         end $$`,
        `create trigger ${name} after ${change} on ${table}
           referencing ${change === 'delete' ? 'old' : 'new'} table as ${rows}
           for each statement execute function ${name}()`,
      ];
    }),
  );
}
