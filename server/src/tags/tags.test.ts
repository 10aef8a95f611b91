import { describe, expect, it } from 'vitest';
import { buildAlbum, tagAlbum } from '../testing/factories';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKindsWithReaders } from '../testing/test-database';

describe.each(testDatabaseKindsWithReaders)('tags on %s', (kind) => {
  const testApp = useTestApp(kind);
  const user = async () => signIn(testApp().app, uniqueName('Tagger'));
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
  ) =>
    testApp().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('answers 409, never 500, to all but one of several creates of one name at once', async () => {
    const token = await user();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('POST', '/api/v1/tags', token, { name: 'Simultaneous' }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json().detail).toBe('A tag named "Simultaneous" already exists.');
    }
  });

  it('refuses tag calls without a session', async () => {
    for (const url of [
      '/api/v1/tags',
      '/api/v1/tags/jazz',
      '/api/v1/tags/jazz/albums',
      '/api/v1/tags/popular/trending',
    ]) {
      expect((await testApp().app.inject({ url })).statusCode).toBe(401);
    }
  });

  it.each([
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(51) }, 'name'],
    [{ name: 'Jazz', color: 'blue' }, 'color'],
    [{ name: 'Jazz', color: '#12345' }, 'color'],
  ])('refuses to create a tag from %o', async (payload, field) => {
    const token = await user();
    const response = await call('POST', '/api/v1/tags', token, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].field).toBe(field);
    expect((await call('GET', '/api/v1/tags', token)).json()).toEqual([]);
  });

  it('creates a tag with a trimmed name and the default blue', async () => {
    const token = await user();
    const created = await call('POST', '/api/v1/tags', token, { name: '  Late night  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Late night', color: '#3B82F6', album_count: 0 });
  });

  it('refuses a second tag whose name differs only in case', async () => {
    const token = await user();
    await call('POST', '/api/v1/tags', token, { name: 'Vinyl' });
    const clash = await call('POST', '/api/v1/tags', token, { name: 'VINYL', color: '#FF0000' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().detail).toBe('A tag named "VINYL" already exists.');
  });

  it('lets two users keep tags of the same name', async () => {
    const [a, b] = [await user(), await user()];
    expect((await call('POST', '/api/v1/tags', a, { name: 'Jazz' })).statusCode).toBe(201);
    expect((await call('POST', '/api/v1/tags', b, { name: 'Jazz' })).statusCode).toBe(201);
  });

  it('finds a tag by name regardless of case, with its album count, and 404s another user’s', async () => {
    const token = await user();
    const album = await buildAlbum(testApp().app, token);
    await tagAlbum(testApp().app, token, album.id, 'Road Trip');
    const found = await call('GET', '/api/v1/tags/road%20trip', token);
    expect(found.json()).toMatchObject({ name: 'Road Trip', album_count: 1 });
    expect((await call('GET', '/api/v1/tags/road%20trip', await user())).statusCode).toBe(404);
  });

  it('lists tags by name with counts, filtered by q and paged with X-Total-Count', async () => {
    const token = await user();
    const album = await buildAlbum(testApp().app, token);
    for (const name of ['Zydeco', 'Big beats', 'Électro', 'Alpha', 'beta'])
      await call('POST', '/api/v1/tags', token, { name });
    await tagAlbum(testApp().app, token, album.id, 'beta');
    const all = await call('GET', '/api/v1/tags', token);
    // By name regardless of case and accents: "Électro" with the e's.
    expect(
      all.json().map((t: { name: string; album_count: number }) => [t.name, t.album_count]),
    ).toEqual([
      ['Alpha', 0],
      ['beta', 1],
      ['Big beats', 0],
      ['Électro', 0],
      ['Zydeco', 0],
    ]);
    // Words starting with q's, the exact name first.
    const filtered = await call('GET', '/api/v1/tags?q=BEAT&limit=1', token);
    expect(filtered.headers['x-total-count']).toBe('1');
    const both = await call('GET', '/api/v1/tags?q=BE&limit=1', token);
    expect(both.headers['x-total-count']).toBe('2');
    expect(both.json().map((t: { name: string }) => t.name)).toEqual(['beta']);
    const past = await call('GET', '/api/v1/tags?q=BE&limit=1&offset=5', token);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('2');
    const none = await call('GET', '/api/v1/tags?q=zebra', token);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('renames and recolours a tag, refusing a clash', async () => {
    const token = await user();
    await call('POST', '/api/v1/tags', token, { name: 'Chill' });
    await call('POST', '/api/v1/tags', token, { name: 'Loud' });
    const updated = await call('PUT', '/api/v1/tags/chill', token, {
      name: 'Chill-out',
      color: '#10b981',
    });
    expect(updated.json()).toMatchObject({ name: 'Chill-out', color: '#10B981' });
    expect((await call('PUT', '/api/v1/tags/chill-out', token, { name: 'LOUD' })).statusCode).toBe(
      409,
    );
    expect((await call('PUT', '/api/v1/tags/chill-out', token, {})).statusCode).toBe(422);
  });

  describe('deleting (SPEC §4 two steps)', () => {
    it('deletes an unused tag at the first call', async () => {
      const token = await user();
      await call('POST', '/api/v1/tags', token, { name: 'Unused' });
      const response = await call('DELETE', '/api/v1/tags/unused', token);
      expect(response.json()).toEqual({ can_delete: true, message: 'Tag "Unused" was deleted.' });
      expect((await call('GET', '/api/v1/tags/unused', token)).statusCode).toBe(404);
    });

    it('keeps a tag in use and says how many albums use it', async () => {
      const token = await user();
      const [one, two] = [
        await buildAlbum(testApp().app, token),
        await buildAlbum(testApp().app, token),
      ];
      await tagAlbum(testApp().app, token, one.id, 'Favourites');
      await tagAlbum(testApp().app, token, two.id, 'Favourites');
      const check = await call('DELETE', '/api/v1/tags/favourites', token);
      expect(check.json()).toEqual({
        can_delete: false,
        message: 'Tag "Favourites" is used by 2 albums. Remove it from all of them and delete it?',
      });
      expect((await call('GET', '/api/v1/tags/favourites', token)).json().album_count).toBe(2);
    });

    it('removes a used tag from every album and deletes it when forced', async () => {
      const token = await user();
      const album = await buildAlbum(testApp().app, token);
      await tagAlbum(testApp().app, token, album.id, 'Doomed');
      const forced = await call('DELETE', '/api/v1/tags/doomed?force=true', token);
      expect(forced.json()).toMatchObject({
        can_delete: true,
        message: 'Tag "Doomed" was deleted.',
      });
      expect((await call('GET', `/api/v1/albums/${album.id}`, token)).json().tags).toEqual([]);
    });

    it('answers 404 for another user’s tag and leaves it', async () => {
      const owner = await user();
      await call('POST', '/api/v1/tags', owner, { name: 'Private' });
      expect(
        (await call('DELETE', '/api/v1/tags/private?force=true', await user())).statusCode,
      ).toBe(404);
      expect((await call('GET', '/api/v1/tags/private', owner)).statusCode).toBe(200);
    });
  });

  describe('on albums', () => {
    it('attaches an existing tag by name regardless of case, or by id, and only once', async () => {
      const token = await user();
      const album = await buildAlbum(testApp().app, token);
      const tag = (
        await call('POST', '/api/v1/tags', token, { name: 'Jazz', color: '#FF0000' })
      ).json();
      expect(await tagAlbum(testApp().app, token, album.id, 'JAZZ')).toEqual({
        id: tag.id,
        name: 'Jazz',
        color: '#FF0000',
      });
      await tagAlbum(testApp().app, token, album.id, String(tag.id));
      const detail = (await call('GET', `/api/v1/albums/${album.id}`, token)).json();
      expect(detail.tags).toEqual([{ id: tag.id, name: 'Jazz', color: '#FF0000' }]);
    });

    it('creates a new tag in the default blue when the name is new', async () => {
      const token = await user();
      const album = await buildAlbum(testApp().app, token);
      const created = await tagAlbum(testApp().app, token, album.id, ' Summer 1999 ');
      expect(created).toMatchObject({ name: 'Summer 1999', color: '#3B82F6' });
      expect((await call('GET', '/api/v1/tags/summer%201999', token)).json().album_count).toBe(1);
    });

    it('removes a tag from an album and keeps the tag', async () => {
      const token = await user();
      const album = await buildAlbum(testApp().app, token);
      await tagAlbum(testApp().app, token, album.id, 'Temporary');
      expect(
        (await call('DELETE', `/api/v1/albums/${album.id}/tags/temporary`, token)).statusCode,
      ).toBe(204);
      expect((await call('GET', `/api/v1/albums/${album.id}`, token)).json().tags).toEqual([]);
      expect((await call('GET', '/api/v1/tags/temporary', token)).json().album_count).toBe(0);
      expect(
        (await call('DELETE', `/api/v1/albums/${album.id}/tags/nonexistent`, token)).statusCode,
      ).toBe(404);
    });

    it('never attaches another user’s tag by id', async () => {
      const owner = await user();
      const stranger = await user();
      const theirs = (await call('POST', '/api/v1/tags', owner, { name: 'Theirs' })).json();
      const album = await buildAlbum(testApp().app, stranger);
      const attached = await tagAlbum(testApp().app, stranger, album.id, String(theirs.id));
      expect(attached.id).not.toBe(theirs.id);
      expect(attached.name).toBe(String(theirs.id));
      expect((await call('GET', '/api/v1/tags/theirs', owner)).json().album_count).toBe(0);
    });

    it('lists the albums with a tag', async () => {
      const token = await user();
      const tagged = await buildAlbum(testApp().app, token, { name: 'Tagged' });
      await buildAlbum(testApp().app, token, { name: 'Untagged' });
      await tagAlbum(testApp().app, token, tagged.id, 'Picks');
      const albums = await call('GET', '/api/v1/tags/picks/albums', token);
      expect(albums.json().map((a: { name: string }) => a.name)).toEqual(['Tagged']);
      expect(albums.headers['x-total-count']).toBe('1');
      expect((await call('GET', '/api/v1/tags/nope/albums', token)).statusCode).toBe(404);
    });
  });

  it('trends the tags used most in the last 30 days, then overall, at most ten', async () => {
    const { app, db } = testApp();
    const token = await user();
    const albums = [];
    for (let i = 0; i < 3; i += 1) albums.push(await buildAlbum(app, token));
    const [a, b, c] = albums.map((album) => album.id);
    if (a === undefined || b === undefined || c === undefined) throw new Error('albums missing');
    for (const id of [a, b, c]) await tagAlbum(app, token, id, 'Old favourite');
    await tagAlbum(app, token, a, 'New love');
    await tagAlbum(app, token, b, 'New love');
    await call('POST', '/api/v1/tags', token, { name: 'Never used' });
    const old = await db
      .selectFrom('tags')
      .select('id')
      .where('name', '=', 'Old favourite')
      .execute();
    await db
      .updateTable('album_tags')
      .set({ created_at: new Date(Date.now() - 60 * 86_400_000).toISOString() })
      .where(
        'tag_id',
        'in',
        old.map((row) => row.id),
      )
      .execute();
    const before = (await call('GET', '/api/v1/tags/popular/trending', token)).json().trending_tags;
    expect(before.map((t: { name: string }) => t.name)).toEqual(['New love', 'Old favourite']);
    for (let i = 0; i < 10; i += 1) await tagAlbum(app, token, c, `Filler ${i}`);
    const trending = (await call('GET', '/api/v1/tags/popular/trending', token)).json()
      .trending_tags;
    expect(trending).toHaveLength(10);
    expect(trending[0]).toMatchObject({ name: 'New love', album_count: 2 });
    expect(trending.map((t: { name: string }) => t.name)).not.toContain('Never used');
    expect(trending.map((t: { name: string }) => t.name)).not.toContain('Old favourite');
  });

  it('trends tags used alike by name, regardless of case and accents', async () => {
    const { app } = testApp();
    const token = await user();
    const album = await buildAlbum(app, token);
    for (const name of ['Zydeco', 'Électro', 'alpha']) await tagAlbum(app, token, album.id, name);
    const trending = (await call('GET', '/api/v1/tags/popular/trending', token)).json()
      .trending_tags;
    expect(trending.map((t: { name: string }) => t.name)).toEqual(['alpha', 'Électro', 'Zydeco']);
  });

  it('knows a name in any case and script as one tag, genre and artist', async () => {
    const { app } = testApp();
    const token = await user();
    const first = await buildAlbum(app, token, { artist: 'Édith Piaf', genres: ['Électro'] });
    const second = await buildAlbum(app, token, { artist: 'ÉDITH PIAF', genres: ['ÉLECTRO'] });
    for (const [album, name] of [
      [first.id, 'Été'],
      [second.id, 'ÉTÉ'],
      [second.id, 'été'],
      [first.id, 'Straße'],
      [second.id, 'STRASSE'],
      [first.id, 'Σοφός'],
      [second.id, 'ΣΟΦΌΣ'],
    ] as const)
      await tagAlbum(app, token, album, name);
    const tags = (await call('GET', '/api/v1/tags', token)).json();
    // Listed by folded name: "ete", "strasse", "σοφοσ".
    expect(tags.map((t: { name: string; album_count: number }) => [t.name, t.album_count])).toEqual(
      [
        ['Été', 2],
        ['Straße', 2],
        ['Σοφός', 2],
      ],
    );
    const opened = await call('GET', `/api/v1/tags/${encodeURIComponent('ÉTÉ')}`, token);
    expect(opened.json()).toMatchObject({ name: 'Été', album_count: 2 });
    const created = await call('POST', '/api/v1/tags', token, { name: 'été' });
    expect(created.statusCode).toBe(409);
    const genre = await call('GET', `/api/v1/genres/${encodeURIComponent('électro')}`, token);
    expect(genre.json()).toMatchObject({ name: 'Électro', album_count: 2 });
    const artists = await call('GET', '/api/v1/artists', token);
    expect(artists.json().map((a: { name: string }) => a.name)).toEqual(['Édith Piaf']);
  });
});
