import { describe, expect, it } from 'vitest';
import { idList } from '../db/one-of-ids';
import { exportedAlbum, exportFileOf, importFile } from '../testing/factories';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';
import { readAlbumQuery } from './album-page';
import { filterReading } from './query-reading';

const record = (owner: string, n: number) =>
  exportedAlbum({
    spotify_id: `reading${owner}${n}`,
    name: `${owner} record ${n}`,
    artist: `${owner} band`,
    release_date: `${1970 + (n % 5)}-01-01`,
    added_at: new Date(Date.UTC(2021, 0, 1, 0, n)).toISOString(),
  });

describe.each(testDatabaseKinds)('reading a query of few matches on %s', (kind) => {
  const testApp = useTestApp(kind);

  it('counts its matches with their ids, and reads a page of the ids it is given, the user’s alone', async () => {
    const { app, db } = testApp();
    const signedIn = async (owner: string) => {
      const token = await signIn(app, uniqueName(owner));
      const records = Array.from({ length: 10 }, (_, n) => record(owner, n));
      const job = await importFile(app, token, exportFileOf(records));
      expect(job.status).toBe('finished');
      const me = await app.inject({ url: '/api/v1/auth/me', headers: bearer(token) });
      const userId: number = me.json().id;
      const albums = await db
        .selectFrom('albums')
        .select(['id', 'name'])
        .where('user_id', '=', userId)
        .orderBy('name')
        .execute();
      return { userId, albums };
    };
    const ada = await signedIn('Ada');
    const bo = await signedIn('Bo');
    const reading = filterReading(
      db,
      ada.userId,
      { query: readAlbumQuery('year:1972') },
      new Date(),
      async () => 10,
    );

    const counted = await reading.count();
    const ofYear = ada.albums.filter((album) => /record [27]$/.test(album.name));
    expect(counted.total).toBe(2);
    // The ids come as the database wrote them, an array's text or a JSON array.
    const countedIds = (counted.ids?.match(/\d+/g) ?? []).map(Number);
    const byId = (a: number, b: number) => a - b;
    expect(countedIds.sort(byId)).toEqual(ofYear.map((album) => album.id).sort(byId));

    // The page comes from the ids alone, not from the query again; another user's ids read none.
    const [first, second] = ada.albums;
    const [others] = bo.albums;
    const given = [first?.id, second?.id, others?.id].flatMap((id) => (id ? [id] : []));
    const ids = idList.parse(kind === 'postgres' ? `{${given.join(',')}}` : JSON.stringify(given));
    const source = await reading.pageSource(Promise.resolve({ total: 3, ids }), {
      limit: 24,
      offset: 0,
    });
    const read = await source.select('albums.name').orderBy('albums.name').execute();
    expect(read.map((row) => row.name)).toEqual([first?.name, second?.name]);

    // Without ids the page is read through the query itself: as few matches, or past them by a
    // walk along the sort (the count says which), finding the same albums.
    for (const total of [2, 5_000]) {
      const matched = await reading.pageSource(Promise.resolve({ total }), {
        limit: 24,
        offset: 0,
      });
      const found = await matched.select('albums.name').orderBy('albums.name').execute();
      expect(found.map((row) => row.name)).toEqual(ofYear.map((album) => album.name));
    }
  });
});
