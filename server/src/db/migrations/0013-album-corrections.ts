import type { Kysely } from 'kysely';

/**
 * An album remembers which of its fields the user corrected (PUT /v1/albums/{id}), as a
 * comma-separated list, so that refreshing its metadata from the streaming service keeps them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('albums')
    .addColumn('corrected', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
}
