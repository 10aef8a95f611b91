import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';

/**
 * A kept import file (`job_files`, 0014) is stored in parts of about a megabyte rather than as one
 * value: handing PostgreSQL a file of 7.5 MB as one parameter copied it on the event loop for
 * 50–70 ms, where a part costs a few. Files kept when this runs become their job's one part.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('job_file_parts')
    .ifNotExists()
    .addColumn('job_id', 'integer', (col) =>
      col.notNull().references('job_files.job_id').onDelete('cascade'),
    )
    .addColumn('part', 'integer', (col) => col.notNull())
    .addColumn('bytes', postgres ? 'bytea' : 'blob', (col) => col.notNull())
    .addPrimaryKeyConstraint('job_file_parts_pk', ['job_id', 'part'])
    .execute();
  // Read once and soon: compressing on the way in cost an import a fifth of its speed (0014).
  if (postgres)
    await sql`alter table job_file_parts alter column bytes set storage external`.execute(db);
  await sql`insert into job_file_parts (job_id, part, bytes)
    select job_id, 0, file from job_files`.execute(db);
  await db.schema.alterTable('job_files').dropColumn('file').execute();
}
