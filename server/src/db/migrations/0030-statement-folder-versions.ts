import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';

/**
 * On PostgreSQL `users.folders_version` moves once per statement that changes folders, not once
 * per folder: filing an import's batch of 250 albums moved the counts of about 150 folders, and
 * each moved the version again, a new version of the user's row for the next update to find.
 * Each change has a trigger of its own, as PostgreSQL allows transition tables only on a trigger
 * of one event. SQLite's row triggers update the row in place and stay as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger folders_version on folders`.execute(db);
  await sql`drop function folders_version()`.execute(db);
  for (const change of ['insert', 'update', 'delete'] as const) {
    const [transition, rows] = change === 'delete' ? ['old', 'removed'] : ['new', 'changed'];
    const name = `folders_version_${change}`;
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql
           set plan_cache_mode = force_custom_plan as $$
         begin
           update users set folders_version = folders_version + 1
             where id in (select distinct user_id from ${rows});
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${name} after ${change} on folders
           referencing ${transition} table as ${rows}
           for each statement execute function ${name}()`,
      )
      .execute(db);
  }
}
