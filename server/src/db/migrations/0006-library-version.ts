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

type Change = 'insert' | 'update' | 'delete';

/**
 * What moves the version, and how each changed row finds its user. Genres and artists are added
 * with the albums that bring them, which move the version already; a tagging reaches its user
 * through its tag.
 */
const watched: { table: string; changes: Change[]; owner: (row: string) => string }[] = [
  { table: 'albums', changes: ['insert', 'update', 'delete'], owner: (row) => `${row}.user_id` },
  { table: 'tags', changes: ['insert', 'update', 'delete'], owner: (row) => `${row}.user_id` },
  { table: 'genres', changes: ['update', 'delete'], owner: (row) => `${row}.user_id` },
  { table: 'artists', changes: ['update', 'delete'], owner: (row) => `${row}.user_id` },
  {
    table: 'album_tags',
    changes: ['insert', 'delete'],
    owner: (row) => `(select user_id from tags where id = ${row}.tag_id)`,
  },
];

/**
 * A trigger per row. An album added or removed already updates its user's row for the album
 * count: that same update moves the version, rather than a second one.
 */
function sqliteTriggers(): string[] {
  const countedWithVersion = (change: 'insert' | 'delete') => {
    const [row, sign] = change === 'insert' ? ['new', '+'] : ['old', '-'];
    return [
      `drop trigger albums_count_${change}`,
      `create trigger albums_count_${change} after ${change} on albums begin
         update users set album_count = album_count ${sign} 1,
           library_version = library_version + 1
         where id = ${row}.user_id; end`,
    ];
  };
  return [
    ...countedWithVersion('insert'),
    ...countedWithVersion('delete'),
    ...watched.flatMap(({ table, changes, owner }) =>
      changes
        .filter((change) => table !== 'albums' || change === 'update')
        .map(
          (change) => `create trigger ${table}_library_version_${change} after ${change} on ${table}
            begin update users set library_version = library_version + 1
              where id = ${owner(change === 'delete' ? 'old' : 'new')}; end`,
        ),
    ),
  ];
}

/**
 * One update per statement, not per row: an import's batch of 250 albums moves its user's version
 * once, through the statement's transition table.
 */
function postgresTriggers(): string[] {
  return watched.flatMap(({ table, changes, owner }) =>
    changes.flatMap((change) => {
      const rows = change === 'delete' ? 'removed' : 'changed';
      const name = `${table}_library_version_${change}`;
      return [
        `create function ${name}() returns trigger language plpgsql
           set plan_cache_mode = force_custom_plan as $$
         begin
           update users set library_version = library_version + 1
             where id in (select distinct ${owner(rows)} from ${rows});
           return null;
         end $$`,
        `create trigger ${name} after ${change} on ${table}
           referencing ${change === 'delete' ? 'old' : 'new'} table as ${rows}
           for each statement execute function ${name}()`,
      ];
    }),
  );
}
