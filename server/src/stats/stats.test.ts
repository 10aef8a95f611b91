import { STATS_MONTHS, statsMonths } from '@gatefold/contract/stats';
import { describe, expect, it } from 'vitest';
import { buildAlbum } from '../testing/factories';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKindsWithReaders } from '../testing/test-database';

describe.each(testDatabaseKindsWithReaders)('collection statistics on %s', (kind) => {
  const testApp = useTestApp(kind);
  const user = () => signIn(testApp().app, uniqueName('Listener'));
  const stats = async (token: string) => {
    const response = await testApp().app.inject({ url: '/api/v1/stats', headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('shows an empty collection as no genres, decades or artists and months of nothing', async () => {
    const answer = await stats(await user());
    expect(answer).toMatchObject({ genres: [], decades: [], top_artists: [] });
    expect(answer.added_per_month).toHaveLength(STATS_MONTHS);
    expect(
      answer.added_per_month.every((month: { album_count: number }) => month.album_count === 0),
    ).toBe(true);
  });

  it('counts albums by genre (ten and Other), decade, month added and artist', async () => {
    const token = await user();
    const { app, db } = testApp();
    // Twelve genres: Jazz on three albums, Blues on two, the other ten on one each.
    const genres = ['Jazz', 'Blues', ...Array.from({ length: 10 }, (_, index) => `Genre ${index}`)];
    const albums = [
      { name: 'A', artist: 'Miles Davis', release_date: '1959-08-17', genres: ['Jazz', 'Blues'] },
      { name: 'B', artist: 'Miles Davis', release_date: '1957', genres: ['Jazz'] },
      { name: 'C', artist: 'Björk', release_date: '1997-09', genres: ['Jazz', 'Blues'] },
      { name: 'D', artist: 'Björk', release_date: null, genres: genres.slice(2, 7) },
      { name: 'E', artist: 'Rosalía', release_date: '2018', genres: genres.slice(7) },
    ];
    const months = statsMonths(new Date());
    const addedAt = [
      `${months[0]}-15T10:00:00.000Z`,
      `${months.at(-1)}-01T00:00:00.000Z`,
      '2001-01-01T00:00:00.000Z',
    ];
    for (const [index, album] of albums.entries()) {
      const built = await buildAlbum(app, token, { ...album, artists: [{ name: album.artist }] });
      await db
        .updateTable('albums')
        .set({ added_at: addedAt[index % addedAt.length] ?? '' })
        .where('id', '=', built.id)
        .execute();
    }
    const answer = await stats(token);
    expect(answer.genres).toHaveLength(11);
    expect(answer.genres.slice(0, 2)).toEqual([
      { name: 'Jazz', album_count: 3 },
      { name: 'Blues', album_count: 2 },
    ]);
    // The two genres after the top ten are summed, one album each.
    expect(answer.genres.at(-1)).toEqual({ name: 'Other', album_count: 2 });
    expect(answer.decades).toEqual([
      { decade: 1950, album_count: 2 },
      { decade: 1990, album_count: 1 },
      { decade: 2010, album_count: 1 },
    ]);
    expect(answer.added_per_month.map((month: { month: string }) => month.month)).toEqual(months);
    expect(answer.added_per_month[0]).toEqual({ month: months[0], album_count: 2 });
    expect(answer.added_per_month.at(-1)).toEqual({ month: months.at(-1), album_count: 2 });
    expect(answer.top_artists).toEqual([
      { name: 'Björk', slug: expect.any(String), album_count: 2 },
      { name: 'Miles Davis', slug: expect.any(String), album_count: 2 },
      { name: 'Rosalía', slug: expect.any(String), album_count: 1 },
    ]);
  });

  it('ranks genres and artists of as many albums by name regardless of case and accents', async () => {
    const token = await user();
    for (const artist of ['Zappa', 'Édith Piaf', 'abba'])
      await buildAlbum(testApp().app, token, { artist, genres: [`${artist} music`] });
    const answer = await stats(token);
    const names = (items: { name: string }[]) => items.map((item) => item.name);
    expect(names(answer.genres)).toEqual(['abba music', 'Édith Piaf music', 'Zappa music']);
    expect(names(answer.top_artists)).toEqual(['abba', 'Édith Piaf', 'Zappa']);
  });

  it('follows the collection as it changes', async () => {
    const token = await user();
    expect((await stats(token)).decades).toEqual([]);
    await buildAlbum(testApp().app, token, { name: 'Blue', release_date: '1971' });
    expect((await stats(token)).decades).toEqual([{ decade: 1970, album_count: 1 }]);
  });

  it("never counts another user's albums", async () => {
    const mine = await user();
    await buildAlbum(testApp().app, await user(), {
      name: 'Theirs',
      genres: ['Jazz'],
      release_date: '1960',
    });
    expect(await stats(mine)).toMatchObject({ genres: [], decades: [], top_artists: [] });
  });

  it('answers only a signed-in user', async () => {
    const response = await testApp().app.inject({ url: '/api/v1/stats' });
    expect(response.statusCode).toBe(401);
  });
});
