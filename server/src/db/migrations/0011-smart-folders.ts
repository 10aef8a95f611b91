import type { Kysely } from 'kysely';

/** A smart folder is a folder with a saved album query; its albums are whatever matches now. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('folders').addColumn('query', 'text').execute();
}
