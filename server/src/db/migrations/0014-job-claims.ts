import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * A running job is claimed by one app instance (`claimed_by`), which keeps its heartbeat moving;
 * `resume_from` is where its work goes on from, written in the same transaction as each batch,
 * so an instance that takes over an orphaned job adds nothing twice. A file import keeps its file
 * and the ids its tags and folders became (`job_files`) while it runs, for the instance that may
 * take it over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Jobs running when this version starts were run by code that cannot be taken over from.
  await sql`update jobs set status = 'failed', message = 'The import was interrupted.',
      finished_at = heartbeat_at where status = 'running'`.execute(db);
  await db.schema.alterTable('jobs').addColumn('claimed_by', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('resume_from', 'text').execute();
  await sql`create index jobs_running_heartbeat on jobs (heartbeat_at)
    where status = 'running'`.execute(db);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('job_files')
    .addColumn('job_id', 'integer', (col) =>
      col.primaryKey().references('jobs.id').onDelete('cascade'),
    )
    .addColumn('file', postgres ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('labels', 'text', (col) => col.notNull())
    .execute();
  // Kept for minutes and read at most once: not worth compressing on the way in, which cost an
  // import of 50,000 albums a fifth of its speed.
  if (postgres) await sql`alter table job_files alter column file set storage external`.execute(db);
}
