import { type Kysely, sql } from 'kysely';

/**
 * A running job says it is alive (`heartbeat_at`) as it works: one whose heartbeat stopped was
 * cut off (a restart) and no longer blocks a new one, however long ago it started. At most one
 * job runs per user, held by a unique index rather than by a check two requests could both pass.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('heartbeat_at', 'text').execute();
  await sql`update jobs set heartbeat_at = started_at`.execute(db);
  // Only the newest of a user's running jobs can still be running.
  await sql`update jobs set status = 'failed', message = 'The import was interrupted.',
      finished_at = started_at
    where status = 'running' and exists (select 1 from jobs newer
      where newer.user_id = jobs.user_id and newer.status = 'running' and newer.id > jobs.id)`.execute(
    db,
  );
  await sql`create unique index jobs_one_running_per_user on jobs (user_id)
    where status = 'running'`.execute(db);
}
