import { type Kysely, sql } from 'kysely';
import { nameKey } from '../name-key';

/**
 * Tags, genres and artists get a name key (db/name-key.ts) beside their name; uniqueness moves
 * from SQL's ASCII-only lower(name) to it. Names that lower() told apart but the key joins ("Été"
 * and "été") are merged first, keeping the oldest and every album of each.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['tags', 'genres', 'artists']) {
    await db.schema
      .alterTable(table)
      .addColumn('name_key', 'text', (col) => col.notNull().defaultTo(''))
      .execute();
    const rows = await sql<{ id: number; name: string }>`
      select id, name from ${sql.table(table)}`.execute(db);
    for (const row of rows.rows) {
      await sql`update ${sql.table(table)} set name_key = ${nameKey(row.name)}
        where id = ${row.id}`.execute(db);
    }
  }

  await mergeSameNames(db, 'tags', [['album_tags', 'tag_id', 'album_id']]);
  await mergeSameNames(db, 'genres', [
    ['album_genres', 'genre_id', 'album_id'],
    ['artist_genres', 'genre_id', 'artist_id'],
  ]);
  // Links moved by the merge are counted again.
  for (const [table, links, key] of [
    ['tags', 'album_tags', 'tag_id'],
    ['genres', 'album_genres', 'genre_id'],
  ] as const) {
    await sql`update ${sql.table(table)} set album_count = (select count(*) from
      ${sql.table(links)} where ${sql.ref(`${links}.${key}`)} = ${sql.ref(`${table}.id`)})`.execute(
      db,
    );
  }
  await sql`delete from tag_uses_by_day`.execute(db);
  await sql`insert into tag_uses_by_day (tag_id, day, uses)
    select tag_id, substr(created_at, 1, 10), count(*) from album_tags
    group by tag_id, substr(created_at, 1, 10)`.execute(db);

  await db.schema.dropIndex('tags_name').execute();
  await db.schema.dropIndex('genres_name').execute();
  for (const table of ['tags', 'genres']) {
    await db.schema
      .createIndex(`${table}_name_key`)
      .on(table)
      .columns(['user_id', 'name_key'])
      .unique()
      .execute();
  }
  await db.schema
    .createIndex('artists_name_key')
    .on('artists')
    .columns(['user_id', 'name_key'])
    .execute();
}

/** Moves the links of each later row with an earlier row's key onto the earlier one, then drops it. */
async function mergeSameNames(
  db: Kysely<unknown>,
  table: string,
  links: [linkTable: string, column: string, other: string][],
) {
  const duplicates = await sql<{ id: number; keep: number }>`
    select later.id, min(earlier.id) as keep from ${sql.table(table)} later
    join ${sql.table(table)} earlier on earlier.user_id = later.user_id
      and earlier.name_key = later.name_key and earlier.id < later.id
    group by later.id`.execute(db);
  for (const { id, keep } of duplicates.rows) {
    for (const [linkTable, column, other] of links) {
      await sql`update ${sql.table(linkTable)} set ${sql.ref(column)} = ${keep}
        where ${sql.ref(column)} = ${id} and ${sql.ref(other)} not in
          (select ${sql.ref(other)} from ${sql.table(linkTable)} where ${sql.ref(column)} = ${keep})`.execute(
        db,
      );
    }
    await sql`delete from ${sql.table(table)} where id = ${id}`.execute(db);
  }
}
