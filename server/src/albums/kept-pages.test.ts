import { albumSummary } from '@gatefold/contract/albums';
import { describe, expect, it } from 'vitest';
import { readLibraryState } from '../db/library-results';
import { summariesIn } from '../testing/album-json';
import { buildAlbum, buildFolder, tagAlbum } from '../testing/factories';
import { QueryCounter } from '../testing/query-counter';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';
import { listAlbums } from './queries';

type Listed = {
  id: number;
  name: string;
  tags: { name: string; color: string }[];
  genres: { name: string }[];
};

/**
 * A page of albums is kept for the library's version: asked again it is the same answer, and
 * the first change to anything it shows (an album, its tags, a tag's colour, its genres, a
 * folder's albums) asks it afresh.
 */
describe.each(testDatabaseKinds)('a kept page of albums on %s', (kind) => {
  const testApp = useTestApp(kind);
  const setUp = async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Keeper'));
    const list = async (url: string) => {
      const response = await app.inject({ url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(200);
      return { albums: response.json<Listed[]>(), total: response.headers['x-total-count'] };
    };
    const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const response = await app.inject({ method, url, headers: bearer(token), payload });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    };
    const blue = await buildAlbum(app, token, { name: 'Blue', artist: 'Joni Mitchell' });
    return { app, token, list, send, blue };
  };

  it('shows an album added, renamed and removed since the page was first asked', async () => {
    const { app, token, list, send, blue } = await setUp();
    expect((await list('/api/v1/albums')).albums.map((a) => a.name)).toEqual(['Blue']);
    const court = await buildAlbum(app, token, { name: 'Court and Spark' });
    expect((await list('/api/v1/albums?sort=name-asc')).albums.map((a) => a.name)).toEqual([
      'Blue',
      'Court and Spark',
    ]);
    await send('PUT', `/api/v1/albums/${blue.id}`, { name: 'Blue (remaster)' });
    const renamed = await list('/api/v1/albums?sort=name-asc');
    expect(renamed.albums.map((a) => a.name)).toEqual(['Blue (remaster)', 'Court and Spark']);
    await send('DELETE', `/api/v1/albums/${court.id}`);
    const after = await list('/api/v1/albums?sort=name-asc');
    expect(after.albums.map((a) => a.name)).toEqual(['Blue (remaster)']);
    expect(after.total).toBe('1');
  });

  it('shows a tag given, recoloured and taken away since', async () => {
    const { app, token, list, send, blue } = await setUp();
    expect((await list('/api/v1/albums')).albums[0]?.tags).toEqual([]);
    await tagAlbum(app, token, blue.id, 'Owned');
    expect((await list('/api/v1/albums')).albums[0]?.tags.map((t) => t.name)).toEqual(['Owned']);
    expect((await list('/api/v1/tags/Owned/albums')).albums.map((a) => a.id)).toEqual([blue.id]);
    await send('PUT', '/api/v1/tags/Owned', { color: '#10B981' });
    expect((await list('/api/v1/albums')).albums[0]?.tags[0]?.color).toBe('#10B981');
    await send('DELETE', `/api/v1/albums/${blue.id}/tags/Owned`);
    expect((await list('/api/v1/albums')).albums[0]?.tags).toEqual([]);
    expect((await list('/api/v1/tags/Owned/albums')).albums).toEqual([]);
  });

  it('shows a genre given since, in the album list and the genre’s', async () => {
    const { list, send, blue } = await setUp();
    expect((await list('/api/v1/albums')).albums[0]?.genres).toEqual([]);
    await send('POST', `/api/v1/albums/${blue.id}/genres/Folk`);
    expect((await list('/api/v1/albums')).albums[0]?.genres.map((g) => g.name)).toEqual(['Folk']);
    expect((await list('/api/v1/genres/Folk/albums')).albums.map((a) => a.id)).toEqual([blue.id]);
  });

  it('shows the albums filed into and out of a folder since', async () => {
    const { app, token, send, blue } = await setUp();
    const folder = await buildFolder(app, token, { name: 'Canadian' });
    const filed = async () => {
      const url = `/api/v1/folders/${folder.id}/albums`;
      const response = await app.inject({ url, headers: bearer(token) });
      return response.json<{ albums: Listed[] }>().albums.map((a) => a.id);
    };
    expect(await filed()).toEqual([]);
    await send('POST', `/api/v1/albums/${blue.id}/folders/${folder.id}`);
    expect(await filed()).toEqual([blue.id]);
    // One album for another: the folder's count is as it was, its albums are not.
    const hejira = await buildAlbum(app, token, { name: 'Hejira' });
    await send('DELETE', `/api/v1/albums/${blue.id}/folders/${folder.id}`);
    await send('POST', `/api/v1/albums/${hejira.id}/folders/${folder.id}`);
    expect(await filed()).toEqual([hejira.id]);
  });

  it('shows a bulk tagging and its undo since', async () => {
    const { app, token, list, blue } = await setUp();
    await buildAlbum(app, token, { name: 'Hejira' });
    expect((await list('/api/v1/albums')).albums.flatMap((a) => a.tags)).toEqual([]);
    const bulk = await app.inject({
      method: 'POST',
      url: '/api/v1/albums/bulk',
      headers: bearer(token),
      payload: { query: '', action: 'tag', tag: 'Canon' },
    });
    expect(bulk.statusCode).toBe(200);
    const tagged = await list('/api/v1/albums');
    expect(tagged.albums.map((a) => a.tags.map((t) => t.name))).toEqual([['Canon'], ['Canon']]);
    const undo = await app.inject({
      method: 'POST',
      url: '/api/v1/albums/bulk/undo',
      headers: bearer(token),
      payload: { undo: bulk.json().undo },
    });
    expect(undo.statusCode).toBe(200);
    expect((await list('/api/v1/albums')).albums.flatMap((a) => a.tags)).toEqual([]);
    expect((await list(`/api/v1/albums?q=${encodeURIComponent('blue')}`)).albums[0]?.id).toBe(
      blue.id,
    );
  });

  it('shows what a smart folder matches once its query is edited', async () => {
    const { app, token, send, blue } = await setUp();
    const hejira = await buildAlbum(app, token, { name: 'Hejira', artist: 'Joni Mitchell' });
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/folders',
      headers: bearer(token),
      payload: { name: 'Blue things', query: 'album:blue' },
    });
    expect(created.statusCode).toBe(201);
    const smart = created.json<{ id: number }>();
    const matched = async () => {
      const url = `/api/v1/folders/${smart.id}/albums`;
      const response = await app.inject({ url, headers: bearer(token) });
      return response.json<{ albums: Listed[] }>().albums.map((a) => a.id);
    };
    expect(await matched()).toEqual([blue.id]);
    await send('PUT', `/api/v1/folders/${smart.id}`, {
      name: 'Blue things',
      query: 'album:hejira',
    });
    expect(await matched()).toEqual([hejira.id]);
  });

  it('reads a page larger than the app asks for afresh, and answers it whole', async () => {
    const { app, token, list } = await setUp();
    await buildAlbum(app, token, { name: 'Hejira' });
    expect((await list('/api/v1/albums?limit=200')).albums).toHaveLength(2);
    await buildAlbum(app, token, { name: 'Mingus' });
    expect((await list('/api/v1/albums?limit=200')).albums).toHaveLength(3);
  });

  it('keeps one user’s page from another’s, for the same path', async () => {
    const { app, list } = await setUp();
    const other = await signIn(app, uniqueName('Other'));
    await buildAlbum(app, other, { name: 'Hejira' });
    expect((await list('/api/v1/albums')).albums.map((a) => a.name)).toEqual(['Blue']);
    const theirs = await app.inject({ url: '/api/v1/albums', headers: bearer(other) });
    expect(theirs.json<Listed[]>().map((a) => a.name)).toEqual(['Hejira']);
  });

  it('keeps the page as the JSON it sends, and answers it again without a statement', async () => {
    const { app, token, blue } = await setUp();
    const { db } = testApp();
    const userId = (await app.inject({ url: '/api/v1/auth/me', headers: bearer(token) })).json().id;
    const library = await readLibraryState(db, userId);
    const counter = new QueryCounter();
    const counted = db.withPlugin(counter);
    const firstPage = () =>
      listAlbums(counted, userId, {}, 'added-desc', { limit: 24, offset: 0 }, library);
    const { albums } = await firstPage();
    expect(counter.count).toBeGreaterThan(0);
    const read = counter.count;
    expect((await firstPage()).albums).toBe(albums);
    expect(counter.count).toBe(read);
    const [summary, ...others] = summariesIn(albums);
    expect(others).toEqual([]);
    expect(summary?.id).toBe(blue.id);
    expect(Object.keys(summary ?? {})).toEqual(Object.keys(albumSummary.shape));
  });
});
