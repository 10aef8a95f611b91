import { albumDetail, albumSummary } from '@gatefold/contract/albums';
import { folderDetail } from '@gatefold/contract/folders';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { summariesIn } from '../testing/album-json';
import { exportedAlbum, exportFileOf, importFile, newSpotifyId } from '../testing/factories';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';

/** Texts that JSON must escape or carry beyond ASCII. */
const ODD_NAME = 'Quote "this" \\ back\tslash\u0001 \u2028 end';
/** Sorts by its folded words: "clef …". */
const ASTRAL_NAME = '𝄞 Clef 🎵 Ágætis';

/**
 * A list's page of albums is JSON the database writes, where an album's own page is built from
 * rows: the two must say the same of every album, whatever its text holds.
 */
describe.each(testDatabaseKinds)('a page of albums as the database writes it, on %s', (kind) => {
  const testApp = useTestApp(kind);

  const setUp = async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Writer'));
    const file = exportFileOf([
      exportedAlbum({
        spotify_id: newSpotifyId(),
        name: ODD_NAME,
        artist: 'Björk',
        release_date: '1997-09-22',
        total_tracks: 10,
        image_url: 'https://i.scdn.co/image/homogenic',
        spotify_url: 'https://open.spotify.com/album/homogenic',
        tags: ['Zebra', 'say "hi"', 'Ágætis'],
        genres: ['Électro', 'trip hop'],
        folder_keys: [0],
      }),
      exportedAlbum({
        spotify_id: newSpotifyId(),
        name: ASTRAL_NAME,
        artist: 'Björk',
        release_date: null,
        tags: ['Zebra'],
        genres: ['trip hop'],
        folder_keys: [0],
      }),
      exportedAlbum({ spotify_id: newSpotifyId(), name: 'Plain', artist: 'Sigur Rós' }),
    ]);
    file.folders = [
      {
        key: 0,
        parent_key: null,
        name: 'Shelf',
        description: null,
        image_url: null,
        sort_order: 0,
      },
    ];
    const job = await importFile(app, token, file);
    expect(job.status).toBe('finished');
    const get = async (url: string, method: 'GET' | 'HEAD' = 'GET') => {
      const response = await app.inject({ method, url, headers: bearer(token) });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response;
    };
    /** What an album's own page says of it, as a list's summary. */
    const summaryOf = async (id: number) =>
      albumSummary.parse(albumDetail.parse((await get(`/api/v1/albums/${id}`)).json()));
    const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const response = await app.inject({ method, url, headers: bearer(token), payload });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      return response;
    };
    return { get, summaryOf, send };
  };

  it('lists each album as its own page summarises it, in every list', async () => {
    const { get, summaryOf } = await setUp();
    const all = summariesIn((await get('/api/v1/albums?sort=name-asc')).body);
    expect(all.map((album) => album.name)).toEqual([ASTRAL_NAME, 'Plain', ODD_NAME]);
    for (const album of all) expect(album).toEqual(await summaryOf(album.id));
    const odd = all.find((album) => album.name === ODD_NAME);
    expect(odd?.tags.map((tag) => tag.name)).toEqual(['Ágætis', 'say "hi"', 'Zebra']);
    expect(odd?.genres.map((genre) => genre.name)).toEqual(['Électro', 'trip hop']);
    expect(all.find((album) => album.name === 'Plain')).toMatchObject({ tags: [], genres: [] });

    const [folderId] = (await get('/api/v1/folders/')).json<{ id: number }[]>().map((f) => f.id);
    const bjork = all.filter((album) => album.artist === 'Björk');
    const lists = [
      `/api/v1/tags/${encodeURIComponent('Zebra')}/albums?sort=name-asc`,
      `/api/v1/genres/${encodeURIComponent('trip hop')}/albums?sort=name-asc`,
      `/api/v1/artists/${encodeURIComponent('Björk')}/albums?sort=name-asc`,
    ];
    for (const url of lists) {
      const listed = await get(url);
      expect(summariesIn(listed.body), url).toEqual(bjork);
      expect(listed.headers['x-total-count'], url).toBe('2');
    }
    const folderPage = await get(`/api/v1/folders/${folderId}/albums?sort=name-asc`);
    const { folder, albums } = z
      .object({ folder: folderDetail.strict(), albums: z.unknown() })
      .strict()
      .parse(folderPage.json());
    expect(folder).toEqual((await get(`/api/v1/folders/${folderId}`)).json());
    expect(summariesIn(JSON.stringify(albums))).toEqual(bjork);
    expect(folderPage.headers['x-total-count']).toBe('2');
  });

  it("lists each album's labels as they change, as its own page does", async () => {
    const { get, summaryOf, send } = await setUp();
    /** Every album of the collection, each as its own page summarises it. */
    const listedAsOwnPage = async () => {
      const all = summariesIn((await get('/api/v1/albums?sort=name-asc')).body);
      for (const album of all) expect(album).toEqual(await summaryOf(album.id));
      return new Map(all.map((album) => [album.name, album]));
    };
    const tagNames = async (name: string) =>
      (await listedAsOwnPage()).get(name)?.tags.map((tag) => `${tag.name} ${tag.color}`);
    const plain = (await listedAsOwnPage()).get('Plain');
    if (!plain) throw new Error('Plain is in the collection.');

    await send('POST', `/api/v1/albums/${plain.id}/tags/New`);
    expect(await tagNames('Plain')).toEqual(['New #3B82F6']);
    await send('PUT', '/api/v1/tags/zebra', { name: 'Aardvark', color: '#FF0000' });
    expect(await tagNames(ODD_NAME)).toEqual([
      'Aardvark #FF0000',
      'Ágætis #3B82F6',
      'say "hi" #3B82F6',
    ]);
    expect(await tagNames(ASTRAL_NAME)).toEqual(['Aardvark #FF0000']);
    await send('DELETE', `/api/v1/albums/${plain.id}/tags/new`);
    expect(await tagNames('Plain')).toEqual([]);
    const genreNames = async (name: string) =>
      (await listedAsOwnPage()).get(name)?.genres.map((genre) => genre.name);
    await send('POST', `/api/v1/albums/${plain.id}/genres/Ambient`);
    await send('POST', `/api/v1/albums/${plain.id}/genres/${encodeURIComponent('Électro')}`);
    expect(await genreNames('Plain')).toEqual(['Ambient', 'Électro']);
    await send('DELETE', `/api/v1/albums/${plain.id}/genres/Ambient`);
    expect(await genreNames('Plain')).toEqual(['Électro']);
    await send('DELETE', '/api/v1/tags/aardvark?force=true');
    expect(await tagNames(ASTRAL_NAME)).toEqual([]);
    const tagged = await send('POST', '/api/v1/albums/bulk', {
      query: '',
      action: 'tag',
      tag: 'Everything',
    });
    expect(await tagNames('Plain')).toEqual(['Everything #3B82F6']);
    expect(await tagNames(ODD_NAME)).toEqual([
      'Ágætis #3B82F6',
      'Everything #3B82F6',
      'say "hi" #3B82F6',
    ]);
    await send('POST', '/api/v1/albums/bulk/undo', { undo: tagged.json().undo });
    expect(await tagNames('Plain')).toEqual([]);
    expect(await tagNames(ODD_NAME)).toEqual(['Ágætis #3B82F6', 'say "hi" #3B82F6']);
  });

  it('answers JSON with the count beside it, and an empty array past the last page', async () => {
    const { get } = await setUp();
    // Not the albums' own order (by id): the page's order is the sort's.
    const page = await get('/api/v1/albums?limit=2&offset=1&sort=name-asc');
    expect(page.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(page.headers['x-total-count']).toBe('3');
    expect(summariesIn(page.body).map((album) => album.name)).toEqual(['Plain', ODD_NAME]);
    const head = await get('/api/v1/albums?limit=2&offset=1&sort=name-asc', 'HEAD');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(page.body)));
    expect(head.headers['x-total-count']).toBe('3');
    const past = await get('/api/v1/albums?offset=10');
    expect(past.body).toBe('[]');
    expect(past.headers['x-total-count']).toBe('3');
  });
});
