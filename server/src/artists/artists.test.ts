import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fts5PrefixQuery } from '../db/search-text';
import { buildAlbum, tagAlbum } from '../testing/factories';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';

describe.each(testDatabaseKinds)('artists on %s', (kind) => {
  const testApp = useTestApp(kind);
  const user = async () => signIn(testApp().app, uniqueName('Fan'));
  const get = (url: string, token: string) => testApp().app.inject({ url, headers: bearer(token) });
  const wait = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('refuses artist calls without a session', async () => {
    for (const url of ['/api/v1/artists', '/api/v1/artists/1', '/api/v1/artists/1/albums']) {
      expect((await testApp().app.inject({ url })).statusCode).toBe(401);
    }
  });

  it('credits every artist of an album and derives counts, genres, tags and dates', async () => {
    const { app } = testApp();
    const token = await user();
    const first = await buildAlbum(app, token, {
      name: 'Watch the Throne',
      artist: 'JAY-Z, Kanye West',
      artists: [
        { name: 'JAY-Z', spotify_id: 'jayz' },
        { name: 'Kanye West', spotify_id: 'kanye', genres: ['Rap'] },
      ],
      genres: ['Hip Hop'],
    });
    await wait();
    const second = await buildAlbum(app, token, {
      name: 'Graduation',
      artist: 'Kanye West',
      artists: [{ name: 'Kanye West', spotify_id: 'kanye' }],
      genres: ['Hip Hop', 'Pop Rap'],
    });
    await tagAlbum(app, token, second.id, 'Gym');
    const artists = (await get('/api/v1/artists', token)).json();
    expect(artists.map((a: { name: string }) => a.name)).toEqual(['JAY-Z', 'Kanye West']);
    const kanye = artists[1];
    expect(kanye).toMatchObject({
      slug: 'kanye-west',
      album_count: 2,
      // "Rap" is the streaming service's word for the artist, on none of the user's albums.
      genres: ['Hip Hop', 'Pop Rap'],
      tags: [{ name: 'Gym', color: '#3B82F6' }],
      first_album_date: first.first_added_at,
      latest_album_date: second.added_at,
    });
    expect(artists[0]).toMatchObject({ album_count: 1, slug: 'jay-z' });
  });

  it('finds an artist by id, slug or name, and lists the artist’s albums', async () => {
    const token = await user();
    await buildAlbum(testApp().app, token, { name: 'Ágætis byrjun', artist: 'Sigur Rós' });
    const [artist] = (await get('/api/v1/artists', token)).json();
    expect(artist.slug).toBe('sigur-ros');
    for (const key of [String(artist.id), 'sigur-ros', 'SIGUR%20R%C3%93S']) {
      const found = await get(`/api/v1/artists/${key}`, token);
      expect(found.json().id, key).toBe(artist.id);
    }
    const albums = (await get('/api/v1/artists/sigur-ros/albums', token)).json();
    expect(albums.map((a: { name: string }) => a.name)).toEqual(['Ágætis byrjun']);
    const missing = await get('/api/v1/artists/nobody', token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(
      'The artist "nobody" could not be found in your collection.',
    );
  });

  it('gives same-named artists of different streaming ids distinct slugs', async () => {
    const token = await user();
    await buildAlbum(testApp().app, token, {
      artists: [{ name: 'Nirvana', spotify_id: 'nirvanaUS' }],
      artist: 'Nirvana',
    });
    await buildAlbum(testApp().app, token, {
      artists: [{ name: 'Nirvana', spotify_id: 'nirvanaUK' }],
      artist: 'Nirvana',
    });
    const slugs = (await get('/api/v1/artists', token)).json().map((a: { slug: string }) => a.slug);
    expect(slugs.sort()).toEqual(['nirvana', 'nirvana-2']);
  });

  it('matches q on the name or any genre, sorts four ways and pages with X-Total-Count', async () => {
    const { app } = testApp();
    const token = await user();
    await buildAlbum(app, token, { artist: 'Aphex Twin', genres: ['IDM'] });
    await wait();
    await buildAlbum(app, token, { artist: 'Burial', genres: ['Dubstep'] });
    await wait();
    await buildAlbum(app, token, { artist: 'Coltrane', genres: ['Jazz'] });
    const names = async (url: string) =>
      (await get(url, token)).json().map((a: { name: string }) => a.name);
    expect(await names('/api/v1/artists?q=dubstep')).toEqual(['Burial']);
    expect(await names('/api/v1/artists?q=TWIN')).toEqual(['Aphex Twin']);
    expect(await names('/api/v1/artists?sort=name-desc')).toEqual([
      'Coltrane',
      'Burial',
      'Aphex Twin',
    ]);
    expect(await names('/api/v1/artists?sort=added-desc')).toEqual([
      'Coltrane',
      'Burial',
      'Aphex Twin',
    ]);
    expect(await names('/api/v1/artists?sort=added-asc')).toEqual([
      'Aphex Twin',
      'Burial',
      'Coltrane',
    ]);
    const page = await get('/api/v1/artists?limit=1&offset=1', token);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json().map((a: { name: string }) => a.name)).toEqual(['Burial']);
  });

  it('sorts artists by their folded names, so an accented name sits with its letter', async () => {
    const token = await user();
    for (const artist of ['Zappa', 'Édith Piaf', 'eagles'])
      await buildAlbum(testApp().app, token, { artist });
    const names = async (url: string) =>
      (await get(url, token)).json().map((a: { name: string }) => a.name);
    expect(await names('/api/v1/artists?sort=name-asc')).toEqual(['eagles', 'Édith Piaf', 'Zappa']);
    expect(await names('/api/v1/artists?sort=name-desc&limit=2')).toEqual(['Zappa', 'Édith Piaf']);
  });

  it('counts only artists with an album added since a moment, for Added This Month', async () => {
    const { app, db } = testApp();
    const token = await user();
    const old = await buildAlbum(app, token, { artist: 'Old Favourite' });
    await buildAlbum(app, token, { artist: 'New Find' });
    await db
      .updateTable('albums')
      .set({ added_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', old.id)
      .execute();
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const recent = await get(`/api/v1/artists?added_since=${since}&limit=1`, token);
    expect(recent.headers['x-total-count']).toBe('1');
    expect(recent.json().map((a: { name: string }) => a.name)).toEqual(['New Find']);
    expect((await get('/api/v1/artists?added_since=yesterday', token)).statusCode).toBe(422);
  });

  it('forgets an artist whose last album is deleted, and shows no one else’s', async () => {
    const token = await user();
    const album = await buildAlbum(testApp().app, token, { artist: 'One-hit Wonder' });
    expect((await get('/api/v1/artists', await user())).json()).toEqual([]);
    await testApp().app.inject({
      method: 'DELETE',
      url: `/api/v1/albums/${album.id}`,
      headers: bearer(token),
    });
    expect((await get('/api/v1/artists', token)).json()).toEqual([]);
    expect((await get('/api/v1/artists/one-hit-wonder', token)).statusCode).toBe(404);
  });

  it('no longer answers to a forgotten artist’s name, which leaves the text index', async () => {
    const { app, db } = testApp();
    const token = await user();
    const album = await buildAlbum(app, token, { artist: 'Vanished Quartet' });
    await app.inject({
      method: 'DELETE',
      url: `/api/v1/albums/${album.id}`,
      headers: bearer(token),
    });
    await buildAlbum(app, token, { artist: 'Newcomer' });
    const names = async (url: string) =>
      (await get(url, token)).json().map((a: { name: string }) => a.name);
    expect(await names('/api/v1/artists?q=vanished')).toEqual([]);
    expect(await names('/api/v1/artists?q=newc')).toEqual(['Newcomer']);
    if (kind === 'sqlite') {
      const { id } = (await get('/api/v1/auth/me', token)).json();
      const entries = await sql<{ rowid: number }>`select rowid from artist_search
        where artist_search match ${fts5PrefixQuery(id, ['vanished'])}`.execute(db);
      expect(entries.rows).toEqual([]);
    }
  });
});
