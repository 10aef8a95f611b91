import { describe, expect, it } from 'vitest';
import { buildAlbum } from '../testing/factories';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';

describe.each(testDatabaseKinds)('genres on %s', (kind) => {
  const testApp = useTestApp(kind);
  const user = async () => signIn(testApp().app, uniqueName('Digger'));
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    testApp().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('answers 409, never 500, to all but one of several creates of one name at once', async () => {
    const token = await user();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('POST', '/api/v1/genres', token, { name: 'Simultaneous' }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json().detail).toBe('A genre named "Simultaneous" already exists.');
    }
  });

  it('reads a number past any id as a name in name-or-id paths: 404, not a failed query', async () => {
    const token = await user();
    for (const scope of ['genres', 'tags', 'artists']) {
      const response = await call('GET', `/api/v1/${scope}/9999999999999999999999`, token);
      expect(response.statusCode, scope).toBe(404);
    }
  });

  it('refuses genre calls without a session', async () => {
    for (const url of ['/api/v1/genres', '/api/v1/genres/jazz', '/api/v1/genres/jazz/albums']) {
      expect((await testApp().app.inject({ url })).statusCode).toBe(401);
    }
  });

  it('lists only genres with albums, most albums first, with a search', async () => {
    const token = await user();
    await buildAlbum(testApp().app, token, { genres: ['Rock', 'Zydeco', 'Grunge', 'Électro'] });
    await buildAlbum(testApp().app, token, { genres: ['rock'] });
    await call('POST', '/api/v1/genres', token, { name: 'Polka' });
    const genres = (await call('GET', '/api/v1/genres', token)).json();
    // Ties of count by name regardless of case and accents.
    expect(
      genres.map((g: { name: string; album_count: number }) => [g.name, g.album_count]),
    ).toEqual([
      ['Rock', 2],
      ['Électro', 1],
      ['Grunge', 1],
      ['Zydeco', 1],
    ]);
    const searched = (await call('GET', '/api/v1/genres?search=GRU', token)).json();
    expect(searched.map((g: { name: string }) => g.name)).toEqual(['Grunge']);
  });

  it('creates a genre, refusing a blank name and a case-insensitive clash', async () => {
    const token = await user();
    expect((await call('POST', '/api/v1/genres', token, { name: ' ' })).statusCode).toBe(422);
    const created = await call('POST', '/api/v1/genres', token, { name: 'Shoegaze' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Shoegaze', album_count: 0 });
    expect((await call('POST', '/api/v1/genres', token, { name: 'SHOEGAZE' })).statusCode).toBe(
      409,
    );
  });

  it('reads a genre and its albums by name regardless of case, and 404s another user’s', async () => {
    const token = await user();
    await buildAlbum(testApp().app, token, { name: 'Loveless', genres: ['Dream Pop'] });
    await buildAlbum(testApp().app, token, { name: 'Other' });
    expect((await call('GET', '/api/v1/genres/dream%20pop', token)).json()).toMatchObject({
      name: 'Dream Pop',
      album_count: 1,
    });
    const albums = await call('GET', '/api/v1/genres/DREAM%20POP/albums', token);
    expect(albums.json().map((a: { name: string }) => a.name)).toEqual(['Loveless']);
    expect(albums.headers['x-total-count']).toBe('1');
    const stranger = await user();
    expect((await call('GET', '/api/v1/genres/dream%20pop', stranger)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/genres/dream%20pop/albums', stranger)).statusCode).toBe(404);
  });

  it('gives an album a genre by name or id, once, and takes it off again', async () => {
    const token = await user();
    const album = await buildAlbum(testApp().app, token);
    const given = await call('POST', `/api/v1/albums/${album.id}/genres/Krautrock`, token);
    expect(given.json()).toMatchObject({ name: 'Krautrock' });
    await call('POST', `/api/v1/albums/${album.id}/genres/${given.json().id}`, token);
    expect((await call('GET', `/api/v1/albums/${album.id}`, token)).json().genres).toEqual([
      given.json(),
    ]);
    expect(
      (await call('DELETE', `/api/v1/albums/${album.id}/genres/krautrock`, token)).statusCode,
    ).toBe(204);
    expect((await call('GET', `/api/v1/albums/${album.id}`, token)).json().genres).toEqual([]);
    expect((await call('GET', '/api/v1/genres', token)).json()).toEqual([]);
  });
});
