import { type Kysely, PostgresAdapter } from 'kysely';

/** Long maintenance work (importing a library) reports its progress through a row every instance can read. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'integer', (col) =>
      postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('done', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total', 'integer')
    .addColumn('added', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('message', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('jobs_user').on('jobs').columns(['user_id', 'started_at']).execute();
}
