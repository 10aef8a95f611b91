import { albumSort } from '@gatefold/contract/albums';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/schema';
import { summariesIn } from '../testing/album-json';
import { demoUserRow, insertNumberedAlbums } from '../testing/factories';
import { uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';
import { readAlbumQuery } from './album-page';
import type { AlbumFilter } from './matching-albums';
import { listAlbums } from './queries';

describe.runIf(testDatabaseKinds.includes('postgres'))('pages of albums on postgres', () => {
  const testApp = useTestApp('postgres');

  it('keeps one plan for every page of every whole collection, and plans a query on each call', async () => {
    const { db } = testApp();
    const newUser = async (name: string) => {
      const user = await db
        .insertInto('users')
        .values(demoUserRow(uniqueName(name)))
        .returning('id')
        .executeTakeFirstOrThrow();
      return user.id;
    };
    const userId = await newUser('Pager');
    const smallUserId = await newUser('Small pager');
    await insertNumberedAlbums(db, userId, 'Record', 2_000);
    await insertNumberedAlbums(db, smallUserId, 'Single', 3);
    await sql`analyze albums`.execute(db);

    const plans = await db.connection().execute(async (connection) => {
      const pageOf = (user: number, filter: AlbumFilter, limit: number, offset: number) =>
        listAlbums(connection, user, filter, 'added-desc', { limit, offset }).then((listed) =>
          summariesIn(listed.albums).map((album) => album.name),
        );
      const page = (filter: AlbumFilter, limit: number, offset: number) =>
        pageOf(userId, filter, limit, offset);
      // A small collection's custom plans would look cheaper than a generic one costed for the
      // average collection, and kept for them none would be kept for the large one.
      for (let run = 0; run < 8; run += 1)
        expect(await pageOf(smallUserId, {}, 24, 0)).toEqual(['Single 3', 'Single 2', 'Single 1']);
      for (let run = 0; run < 8; run += 1) {
        expect(await page({}, 24, 0)).toEqual(
          Array.from({ length: 24 }, (_, n) => `Record ${2000 - n}`),
        );
        expect((await page({}, 24, 24))[0]).toBe('Record 1976');
        expect(await page({}, 7, 1990)).toEqual(
          Array.from({ length: 7 }, (_, n) => `Record ${10 - n}`),
        );
        expect((await page({ query: readAlbumQuery('record') }, 24, 0))[0]).toBe('Record 2000');
      }
      const { rows } = await sql<{ statement: string; generic: string; custom: string }>`
        select statement, generic_plans as generic, custom_plans as custom
        from pg_prepared_statements
        where statement like 'select album_summaries_json(%order by albums.added_at desc%'
      `.execute(connection);
      return rows.map((row) => ({
        query: row.statement.includes(' like '),
        generic: Number(row.generic),
        custom: Number(row.custom),
      }));
    });
    // Every page of a whole collection, whatever its user, length and offset, is one statement
    // whose generic plan is kept after five custom ones; the query's is planned for its values
    // (and its page is kept after the first call). Each writes its summaries through a function
    // whose own plan is kept (migration 0035).
    expect(plans).toHaveLength(2);
    expect(plans).toContainEqual({ query: false, generic: 27, custom: 5 });
    expect(plans).toContainEqual({ query: true, generic: 0, custom: 1 });
  });

  it("keeps for each sort of a whole collection a plan that walks the sort's index", async () => {
    const { db } = testApp();
    const { id: userId } = await db
      .insertInto('users')
      .values(demoUserRow(uniqueName('Sorter')))
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertNumberedAlbums(db, userId, 'Record', 2_000);
    await sql`analyze albums`.execute(db);

    const plans = await db.connection().execute(async (connection) => {
      for (const sort of albumSort.options)
        for (let offset = 0; offset < 6; offset += 1)
          await listAlbums(connection, userId, {}, sort, { limit: 24, offset });
      const { rows } = await sql<{ name: string; generic: string }>`
        select name, generic_plans as generic from pg_prepared_statements
        where statement like 'select album_summaries_json(%"albums"."user_id" = (select%'
      `.execute(connection);
      return Promise.all(
        rows.map(async (row) => ({
          generic: Number(row.generic),
          plan: await planOf(connection, row.name, userId),
        })),
      );
    });
    expect(plans).toHaveLength(albumSort.options.length);
    for (const { generic, plan } of plans) {
      expect(generic).toBeGreaterThan(0);
      expect(plan).toMatch(/Index (Only )?Scan (Backward )?using albums_user_/);
      expect(plan).not.toContain('Seq Scan');
    }
  });
});

/** The plan a connection's prepared page statement runs for a page of 24 at 48, as EXPLAIN has it. */
async function planOf(connection: Kysely<Database>, statement: string, userId: number) {
  const { rows } = await sql<{ 'QUERY PLAN': string }>`explain execute ${sql.id(
    statement,
  )}(${sql.lit(userId)}, 24, 48)`.execute(connection);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}
