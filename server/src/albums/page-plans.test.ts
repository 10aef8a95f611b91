import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { summariesIn } from '../testing/album-json';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';
import { listAlbums } from './queries';

describe.runIf(testDatabaseKinds.includes('postgres'))('pages of albums on postgres', () => {
  const testApp = useTestApp('postgres');

  it('plans the first page of the whole collection once, and any other page on each call', async () => {
    const { app, db } = testApp();
    const token = await signIn(app, uniqueName('Pager'));
    const userId = (await app.inject({ url: '/api/v1/auth/me', headers: bearer(token) })).json().id;
    await sql`
      insert into albums (user_id, spotify_id, name, artist, added_at, first_added_at,
        created_at, updated_at, search_name, search_text)
      select ${userId}, 'paged' || n, 'Record ' || n, 'Someone',
        '2026-01-01T00:00:00Z'::timestamptz + n * interval '1 minute', '2026-01-01', '2026-01-01',
        '2026-01-01', 'record ' || n, 'record ' || n || ' someone'
      from generate_series(1, 2000) as n
    `.execute(db);
    await sql`analyze albums`.execute(db);

    const plans = await db.connection().execute(async (connection) => {
      for (let run = 0; run < 8; run += 1) {
        const first = await listAlbums(connection, userId, {}, 'added-desc', {
          limit: 24,
          offset: 0,
        });
        expect(summariesIn(first.albums).map((album) => album.name)).toEqual(
          Array.from({ length: 24 }, (_, n) => `Record ${2000 - n}`),
        );
        const second = await listAlbums(connection, userId, {}, 'added-desc', {
          limit: 24,
          offset: 24,
        });
        expect(summariesIn(second.albums)[0]?.name).toBe('Record 1976');
      }
      const { rows } = await sql<{ statement: string; generic: string; custom: string }>`
        select statement, generic_plans as generic, custom_plans as custom
        from pg_prepared_statements
        where statement like 'select coalesce(json_agg(%order by albums.added_at desc%'
      `.execute(connection);
      return rows.map((row) => ({
        page: /offset \$\d+\)$/.test(row.statement) ? 'second' : 'first',
        generic: Number(row.generic) > 0,
        custom: Number(row.custom),
      }));
    });
    expect(plans).toHaveLength(2);
    expect(plans).toContainEqual({ page: 'first', generic: true, custom: 5 });
    expect(plans).toContainEqual({ page: 'second', generic: false, custom: 8 });
  });
});
