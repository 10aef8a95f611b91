import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isPostgres } from '../db/database';
import { COUNT_EVERY_ALBUM } from '../db/migrations/0032-sqlite-prefix-counts';
import type { Database } from '../db/schema';
import { sqliteIdsWithWordsStarting } from '../db/search-text';
import {
  buildAlbum,
  exportedAlbum,
  exportFileOf,
  importFile,
  newSpotifyId,
  tagAlbum,
} from '../testing/factories';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKindsWithReaders } from '../testing/test-database';

const signedIn = z.object({ id: z.number().int() });

/** The user's kept count of albums for each prefix (migrations 0031 and 0032). */
async function keptCounts(db: Kysely<Database>, userId: number): Promise<Map<string, number>> {
  const { rows } = await sql<{ prefix: string; album_count: number }>`select prefix, album_count
    from prefix_counts where user_id = ${userId}`.execute(db);
  return new Map(rows.map((row) => [row.prefix, row.album_count]));
}

/** The same counts taken afresh from the user's albums and their tags' names. */
async function countsFromRows(db: Kysely<Database>, userId: number): Promise<Map<string, number>> {
  const tagWords = isPostgres(db)
    ? sql`string_agg(tags.search_text, ' ')`
    : sql`group_concat(tags.search_text, ' ')`;
  const { rows } = await sql<{ words: string }>`select albums.search_text || ' ' ||
      coalesce(${tagWords}, '') as words
    from albums left join album_tags on album_tags.album_id = albums.id
      left join tags on tags.id = album_tags.tag_id
    where albums.user_id = ${userId} group by albums.id`.execute(db);
  const counts = new Map<string, number>();
  for (const { words } of rows) {
    const prefixes = new Set(
      words
        .split(' ')
        .filter(Boolean)
        .flatMap((word) => {
          const letters = [...word];
          return letters.map((_, n) => letters.slice(0, n + 1).join(''));
        }),
    );
    for (const prefix of prefixes) counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
  }
  return counts;
}

/** The matches of one word in SQLite's text index, counted one by one. */
async function countedInTextIndex(db: Kysely<Database>, userId: number, word: string) {
  const { rows } = await sql<{ total: number }>`select count(*) as total
    from (${sqliteIdsWithWordsStarting('albums', userId, [word])})`.execute(db);
  return rows[0]?.total;
}

/** Each album's kept set of what it was counted for: its prefixes, or on SQLite its words. */
const KEPT_SETS = { postgres: 'album_prefixes', sqlite: 'album_counted_words' };

describe.each(testDatabaseKindsWithReaders)('kept prefix counts (%s)', (kind) => {
  const testApp = useTestApp(kind);
  const app = (): FastifyInstance => testApp().app;
  const db = () => testApp().db;

  async function listener() {
    const token = await signIn(app(), uniqueName('Listener'));
    const me = await app().inject({ url: '/api/v1/auth/me', headers: bearer(token) });
    return { token, userId: signedIn.parse(me.json()).id };
  }

  const send = async (
    token: string,
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => {
    const response = await app().inject({
      method,
      url,
      headers: bearer(token),
      ...(payload && { payload }),
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response;
  };

  async function expectCountsTrue(userId: number) {
    const kept = await keptCounts(db(), userId);
    expect(kept).toEqual(await countsFromRows(db(), userId));
    return kept;
  }

  it('keeps every prefix count true through each change to albums and tags', async () => {
    const { token, userId } = await listener();
    const bystander = await listener();
    await buildAlbum(app(), bystander.token, { name: 'Velvet Morning', artist: 'Björk' });
    const bystanderCounts = await expectCountsTrue(bystander.userId);

    const agaetis = await buildAlbum(app(), token, { name: 'Ágætis byrjun', artist: 'Sigur Rós' });
    const homogenic = await buildAlbum(app(), token, { name: 'Homogenic', artist: 'Björk' });
    const velvet = await buildAlbum(app(), token, { name: 'Velvet Velvets', artist: 'Björk' });
    expect((await expectCountsTrue(userId)).get('bjork')).toBe(2);

    // A tag whose words the album already has, and one it does not.
    const bjorkTag = await tagAlbum(app(), token, homogenic.id, 'Björk forever');
    await tagAlbum(app(), token, velvet.id, 'Björk forever');
    const icelandic = await tagAlbum(app(), token, agaetis.id, 'Icelandic');
    await tagAlbum(app(), token, agaetis.id, 'Ice age');
    await tagAlbum(app(), token, velvet.id, 'Icelandic');
    expect((await expectCountsTrue(userId)).get('ice')).toBe(2);

    // Untagged, an album keeps the prefixes its own words or another tag still start.
    await send(token, 'DELETE', `/api/v1/albums/${velvet.id}/tags/${bjorkTag.id}`);
    await send(token, 'DELETE', `/api/v1/albums/${agaetis.id}/tags/${icelandic.id}`);
    const untagged = await expectCountsTrue(userId);
    expect([untagged.get('bjork'), untagged.get('forever'), untagged.get('ice')]).toEqual([
      2, 1, 2,
    ]);
    expect(untagged.get('icel')).toBe(1);

    // A removed tag's word inside another word is no word that starts with it; a tag of no
    // letters has no words at all.
    const police = await buildAlbum(app(), token, { name: 'Police', artist: 'Sting' });
    const lice = await tagAlbum(app(), token, police.id, 'Lice');
    await tagAlbum(app(), token, police.id, '!!!');
    expect((await expectCountsTrue(userId)).get('lice')).toBe(1);
    await send(token, 'DELETE', `/api/v1/albums/${police.id}/tags/${lice.id}`);
    expect((await expectCountsTrue(userId)).has('lice')).toBe(false);

    await send(token, 'PUT', '/api/v1/tags/Icelandic', { name: 'Nordic winter' });
    expect((await expectCountsTrue(userId)).has('icel')).toBe(false);

    await send(token, 'PUT', `/api/v1/albums/${agaetis.id}`, { name: 'Takk' });
    expect((await expectCountsTrue(userId)).has('agaetis')).toBe(false);

    const tagged = await send(token, 'POST', '/api/v1/albums/bulk', {
      query: 'bjork',
      action: 'tag',
      tag: 'Favourite',
    });
    expect((await expectCountsTrue(userId)).get('favourite')).toBe(2);
    const untaggedInBulk = await send(token, 'POST', '/api/v1/albums/bulk', {
      query: 'tag:favourite',
      action: 'untag',
      tag: 'Favourite',
    });
    expect((await expectCountsTrue(userId)).has('favourite')).toBe(false);
    await send(token, 'POST', '/api/v1/albums/bulk/undo', { undo: untaggedInBulk.json().undo });
    expect((await expectCountsTrue(userId)).get('favourite')).toBe(2);
    await send(token, 'POST', '/api/v1/albums/bulk/undo', { undo: tagged.json().undo });
    await expectCountsTrue(userId);

    const deleted = await send(token, 'POST', '/api/v1/albums/bulk', {
      query: 'velvet',
      action: 'delete',
    });
    expect((await expectCountsTrue(userId)).has('velvet')).toBe(false);
    await send(token, 'POST', '/api/v1/albums/bulk/undo', { undo: deleted.json().undo });
    expect((await expectCountsTrue(userId)).get('velvet')).toBe(1);

    await send(token, 'DELETE', '/api/v1/tags/Nordic%20winter?force=true');
    await send(token, 'DELETE', `/api/v1/albums/${homogenic.id}`);
    const counts = await expectCountsTrue(userId);

    // Each kept count is the filter's own: PostgreSQL reads a total this small from the matches
    // themselves, and SQLite's text index counts every prefix's matches one by one.
    for (const prefix of ['b', 'bjork', 't', 'ice', 'forever', 'police', 'lice', 'zzz']) {
      const filtered = await app().inject({
        url: `/api/v1/albums?q=${prefix}`,
        headers: bearer(token),
      });
      expect(filtered.headers['x-total-count'], prefix).toBe(String(counts.get(prefix) ?? 0));
    }
    if (!isPostgres(db()))
      for (const prefix of [...counts.keys(), 'zzz'])
        expect(await countedInTextIndex(db(), userId, prefix), prefix).toBe(
          counts.get(prefix) ?? 0,
        );

    expect(await keptCounts(db(), bystander.userId)).toEqual(bystanderCounts);
    await send(token, 'DELETE', '/api/v1/maintenance/account');
    expect((await keptCounts(db(), userId)).size).toBe(0);
    const keptSets = sql.table(KEPT_SETS[isPostgres(db()) ? 'postgres' : 'sqlite']);
    const { rows } = await sql<{ left: number }>`select cast(count(*) as integer) as left
      from ${keptSets} where user_id = ${userId}`.execute(db());
    expect(rows[0]?.left).toBe(0);
    expect(await keptCounts(db(), bystander.userId)).toEqual(bystanderCounts);
  });

  it('counts an import, and counts a broad word from the kept count with its page', async () => {
    const { token, userId } = await listener();
    // More albums with the word than a filter reads itself, half of them by a tag's word alone.
    const albums = Array.from({ length: 820 }, (_, n) =>
      exportedAlbum({
        spotify_id: newSpotifyId(),
        name: n % 2 ? `Stardust ${n}` : `Album ${n}`,
        artist: 'Somebody',
        added_at: new Date(Date.UTC(2020, 0, 1, 0, n)).toISOString(),
        // Two tags of one album starting alike, written in one statement.
        tags: n % 2 ? [] : n % 4 ? ['Starlight'] : ['Starlight', 'Star'],
      }),
    );
    expect((await importFile(app(), token, exportFileOf(albums))).status).toBe('finished');
    expect((await expectCountsTrue(userId)).get('star')).toBe(820);

    const page = await app().inject({
      url: '/api/v1/albums?q=star&limit=24&sort=added-desc',
      headers: bearer(token),
    });
    expect(page.headers['x-total-count']).toBe('820');
    expect(
      page
        .json()
        .map((album: { name: string }) => album.name)
        .slice(0, 2),
    ).toEqual(['Stardust 819', 'Album 818']);
    const narrow = await app().inject({ url: '/api/v1/albums?q=stardust', headers: bearer(token) });
    expect(narrow.headers['x-total-count']).toBe('410');
  });

  it("reads a broad word's total from its kept count, not from its matches", async () => {
    const { token, userId } = await listener();
    const albums = Array.from({ length: 810 }, (_, n) =>
      exportedAlbum({ spotify_id: newSpotifyId(), name: `Moonlight ${n}`, artist: 'Somebody' }),
    );
    expect((await importFile(app(), token, exportFileOf(albums))).status).toBe('finished');
    await sql`update prefix_counts set album_count = 999 where user_id = ${userId} and prefix = 'moo'`.execute(
      db(),
    );
    const page = await app().inject({ url: '/api/v1/albums?q=moo', headers: bearer(token) });
    expect(page.headers['x-total-count']).toBe('999');
  });

  it('builds the counts of an existing collection as the migration does', async () => {
    const { token, userId } = await listener();
    const album = await buildAlbum(app(), token, { name: 'Rosalía live', artist: 'Rosalía' });
    await tagAlbum(app(), token, album.id, 'Flamenco');
    const before = await expectCountsTrue(userId);
    if (isPostgres(db())) {
      await sql`delete from prefix_counts where user_id = ${userId}`.execute(db());
      await sql`delete from album_prefixes where user_id = ${userId}`.execute(db());
      await sql`select recount_album_prefixes(array(select id from albums))`.execute(db());
    } else {
      // Counted into empty tables, as when the migration ran.
      await sql`delete from prefix_counts`.execute(db());
      await sql`delete from album_counted_words`.execute(db());
      for (const statement of COUNT_EVERY_ALBUM) await sql.raw(statement).execute(db());
    }
    expect(await keptCounts(db(), userId)).toEqual(before);
  });
});
