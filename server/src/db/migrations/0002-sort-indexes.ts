import { type Kysely, sql } from 'kysely';

/** The album grid sorts by name and artist regardless of case; these indexes serve those pages. */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['name', 'artist'] as const) {
    await db.schema
      .createIndex(`albums_user_lower_${column}`)
      .on('albums')
      .columns(['user_id'])
      .expression(sql`lower(${sql.ref(column)})`)
      .column('id')
      .execute();
  }
}
