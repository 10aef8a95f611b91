import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { summariesIn } from '../testing/album-json';
import { demoUserRow, insertNumberedAlbums } from '../testing/factories';
import { uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';
import { readAlbumQuery } from './album-page';
import type { AlbumFilter } from './matching-albums';
import { listAlbums } from './queries';

describe.runIf(testDatabaseKinds.includes('postgres'))('pages of albums on postgres', () => {
  const testApp = useTestApp('postgres');

  it('plans the first page of the whole collection once, and any other page on each call', async () => {
    const { db } = testApp();
    const { id: userId } = await db
      .insertInto('users')
      .values(demoUserRow(uniqueName('Pager')))
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertNumberedAlbums(db, userId, 'Record', 2_000);
    await sql`analyze albums`.execute(db);

    const plans = await db.connection().execute(async (connection) => {
      const page = (filter: AlbumFilter, limit: number, offset: number) =>
        listAlbums(connection, userId, filter, 'added-desc', { limit, offset }).then((listed) =>
          summariesIn(listed.albums).map((album) => album.name),
        );
      for (let run = 0; run < 8; run += 1) {
        expect(await page({}, 24, 0)).toEqual(
          Array.from({ length: 24 }, (_, n) => `Record ${2000 - n}`),
        );
        expect((await page({}, 24, 24))[0]).toBe('Record 1976');
        // A length the app never asks, and a query: planned for their values.
        expect(await page({}, 7, 0)).toHaveLength(7);
        expect((await page({ query: readAlbumQuery('record') }, 24, 0))[0]).toBe('Record 2000');
      }
      const { rows } = await sql<{ statement: string; generic: string; custom: string }>`
        select statement, generic_plans as generic, custom_plans as custom
        from pg_prepared_statements
        where statement like 'select album_summaries_json(%order by albums.added_at desc%'
      `.execute(connection);
      return rows.map((row) => ({
        limit: /limit (\d+|\$\d+ offset \$\d+)\)+ as "albums"$/
          .exec(row.statement)?.[1]
          ?.replace(/\d+/g, 'n'),
        query: row.statement.includes(' like '),
        generic: Number(row.generic) > 0,
        custom: Number(row.custom),
      }));
    });
    // The whole collection's first page of 24 is one statement with its plan kept; its other
    // pages share one with parameters, planned on each of their 16 calls, and the query's has
    // parameters too (its page is kept after the first call). Each writes its summaries through
    // a function whose own plan is kept (migration 0035).
    expect(plans).toHaveLength(3);
    expect(plans).toContainEqual({ limit: 'n', query: false, generic: true, custom: 5 });
    expect(plans).toContainEqual({
      limit: '$n offset $n',
      query: false,
      generic: false,
      custom: 16,
    });
    expect(plans).toContainEqual({ limit: '$n offset $n', query: true, generic: false, custom: 1 });
  });
});
