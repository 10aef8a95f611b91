import type { AlbumCreate } from '@gatefold/contract/albums';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAlbum, buildFolder, tagAlbum } from '../testing/factories';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/** A small collection with one album for each rule to find or miss. */
const COLLECTION: (Partial<AlbumCreate> & { name: string; tags?: string[]; addedAt: string })[] = [
  {
    name: 'Kind of Blue',
    artist: 'Miles Davis',
    release_date: '1959-08-17',
    total_tracks: 5,
    genres: ['Jazz', 'Modal Jazz'],
    tags: ['owned'],
    addedAt: daysAgo(2),
  },
  {
    name: 'Blue Train',
    artist: 'John Coltrane',
    release_date: '1957',
    total_tracks: 5,
    genres: ['Jazz', 'Hard Bop'],
    addedAt: daysAgo(3),
  },
  {
    name: 'Blues & Roots',
    artist: 'Charles Mingus',
    release_date: '1960-03',
    total_tracks: 7,
    genres: ['Jazz', 'Blues'],
    tags: ['owned'],
    addedAt: daysAgo(4),
  },
  {
    name: 'Ágætis byrjun',
    artist: 'Sigur Rós',
    release_date: '1999-06-12',
    total_tracks: 10,
    genres: ['Post-Rock'],
    tags: ['favourite'],
    addedAt: daysAgo(5),
  },
  {
    name: 'Homogenic',
    artist: 'Björk',
    release_date: '1997-09-22',
    total_tracks: 10,
    genres: ['Electronic'],
    tags: ['Fav 90s'],
    addedAt: daysAgo(40),
  },
  {
    name: 'El Mal Querer',
    artist: 'Rosalía',
    release_date: '2018-11-02',
    total_tracks: 11,
    genres: ['Flamenco Pop'],
    addedAt: daysAgo(6),
  },
  {
    name: 'OK Computer',
    artist: 'Radiohead',
    release_date: '1997-05-21',
    total_tracks: 12,
    genres: ['Alternative Rock'],
    addedAt: '2024-06-30T23:00:00.000Z',
  },
  { name: 'Untitled Demo', artist: 'Nobody', addedAt: daysAgo(1) },
];

describe.each(testDatabaseKinds)('the album query language on %s', (kind) => {
  const testApp = useTestApp(kind);
  let token = '';

  beforeAll(async () => {
    const { app, db } = testApp();
    token = await signIn(app, uniqueName('Listener'));
    const jazz = await buildFolder(app, token, { name: 'Jazz' });
    const fifties = await buildFolder(app, token, { name: 'Fifties', parent_id: jazz.id });
    for (const { tags = [], addedAt, ...album } of COLLECTION) {
      const built = await buildAlbum(app, token, album);
      for (const tag of tags) await tagAlbum(app, token, built.id, tag);
      await db
        .updateTable('albums')
        .set({ added_at: addedAt })
        .where('id', '=', built.id)
        .execute();
      const folder = { 'Kind of Blue': fifties, 'Blue Train': jazz }[built.name];
      if (folder) {
        await app.inject({
          method: 'POST',
          url: `/api/v1/albums/${built.id}/folders/${folder.id}`,
          headers: bearer(token),
        });
      }
    }
  });

  /** The names of the albums a query finds, by name; the total must agree with them. */
  async function found(q: string): Promise<string[]> {
    const response = await testApp().app.inject({
      url: `/api/v1/albums?sort=name-asc&limit=200&q=${encodeURIComponent(q)}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const names = response.json<{ name: string }[]>().map((album) => album.name);
    expect(Number(response.headers['x-total-count'])).toBe(names.length);
    return names;
  }

  it('matches free words against names, artists and tags, regardless of case and accents', async () => {
    expect(await found('bjork')).toEqual(['Homogenic']);
    expect(await found('ÁGÆTIS')).toEqual(['Ágætis byrjun']);
    expect(await found('agaetis')).toEqual(['Ágætis byrjun']);
    expect(await found('rosalia')).toEqual(['El Mal Querer']);
    expect(await found('blue')).toEqual(['Blue Train', 'Blues & Roots', 'Kind of Blue']);
    expect(await found('owned')).toEqual(['Blues & Roots', 'Kind of Blue']);
  });

  it('joins free words by AND, each in a name, an artist or a tag', async () => {
    expect(await found('blue owned')).toEqual(['Blues & Roots', 'Kind of Blue']);
    expect(await found('miles owned')).toEqual(['Kind of Blue']);
    expect(await found('coltrane owned')).toEqual([]);
    expect(await found('blue -owned')).toEqual(['Blue Train']);
    expect(await found('blue !! train')).toEqual(['Blue Train']);
  });

  it('matches a quoted phrase as whole words in order', async () => {
    expect(await found('"of blue"')).toEqual(['Kind of Blue']);
    expect(await found('"blue"')).toEqual(['Blue Train', 'Kind of Blue']);
    expect(await found('"blue of"')).toEqual([]);
    expect(await found('"fav 90s"')).toEqual(['Homogenic']);
  });

  it('matches artist: and album: against that name alone', async () => {
    expect(await found('artist:davis')).toEqual(['Kind of Blue']);
    expect(await found('artist:"charles mingus"')).toEqual(['Blues & Roots']);
    expect(await found('artist:bjork,rosalia')).toEqual(['El Mal Querer', 'Homogenic']);
    expect(await found('album:blue')).toEqual(['Blue Train', 'Blues & Roots', 'Kind of Blue']);
    expect(await found('album:coltrane')).toEqual([]);
  });

  it('matches genre: and tag: against whole names, or a prefix with *', async () => {
    expect(await found('genre:jazz')).toEqual(['Blue Train', 'Blues & Roots', 'Kind of Blue']);
    expect(await found('genre:hard*')).toEqual(['Blue Train']);
    expect(await found('genre:"post rock"')).toEqual(['Ágætis byrjun']);
    expect(await found('genre:modal')).toEqual([]);
    expect(await found('genre:blues,electronic')).toEqual(['Blues & Roots', 'Homogenic']);
    expect(await found('-genre:*')).toEqual(['Untitled Demo']);
    expect(await found('tag:fav*')).toEqual(['Ágætis byrjun', 'Homogenic']);
    expect(await found('tag:fav')).toEqual([]);
  });

  it('matches folder: in that folder and every folder within it', async () => {
    expect(await found('folder:jazz')).toEqual(['Blue Train', 'Kind of Blue']);
    expect(await found('folder:fifties')).toEqual(['Kind of Blue']);
    expect(await found('folder:fif*')).toEqual(['Kind of Blue']);
  });

  it('matches year: as a year, a range, an open range or a comparison', async () => {
    expect(await found('year:1959')).toEqual(['Kind of Blue']);
    expect(await found('year:1957..1960')).toEqual(['Blue Train', 'Blues & Roots', 'Kind of Blue']);
    expect(await found('year:2000..')).toEqual(['El Mal Querer']);
    expect(await found('year:..1958')).toEqual(['Blue Train']);
    expect(await found('year:>1998')).toEqual(['Ágætis byrjun', 'El Mal Querer']);
    expect(await found('year:1997')).toEqual(['Homogenic', 'OK Computer']);
    expect(await found('year:>9999')).toEqual([]);
  });

  it('keeps albums without a year or track count in a negated range', async () => {
    const notNineties = await found('-year:1990..1999');
    expect(notNineties).toContain('Untitled Demo');
    expect(notNineties).not.toContain('Homogenic');
    expect(await found('-tracks:1..1000')).toEqual(['Untitled Demo']);
  });

  it('matches tracks: as a count, a range or a comparison', async () => {
    expect(await found('tracks:>10')).toEqual(['El Mal Querer', 'OK Computer']);
    expect(await found('tracks:5..7')).toEqual(['Blue Train', 'Blues & Roots', 'Kind of Blue']);
    expect(await found('tracks:10')).toEqual(['Ágætis byrjun', 'Homogenic']);
  });

  it('matches added: by age and by dates', async () => {
    expect(await found('added:<30d')).toHaveLength(6);
    expect(await found('added:<30d')).not.toContain('Homogenic');
    expect(await found('added:>1m')).toEqual(['Homogenic', 'OK Computer']);
    expect(await found('added:>1y')).toEqual(['OK Computer']);
    expect(await found('added:2024-01..2024-06')).toEqual(['OK Computer']);
    expect(await found('added:2024-07..2024-12')).toEqual([]);
    expect(await found('added:2024-06-30')).toEqual(['OK Computer']);
  });

  it('joins terms with AND, OR between them, brackets and -', async () => {
    expect(await found('artist:miles OR artist:coltrane')).toEqual(['Blue Train', 'Kind of Blue']);
    expect(await found('genre:jazz OR genre:electronic year:1959..1997')).toEqual([
      'Blues & Roots',
      'Homogenic',
      'Kind of Blue',
    ]);
    expect(await found('-(genre:jazz OR year:..2000)')).toEqual(['El Mal Querer', 'Untitled Demo']);
    expect(await found('genre:jazz year:1955..1965 -tag:owned')).toEqual(['Blue Train']);
    expect(await found('blue -train')).toEqual(['Blues & Roots', 'Kind of Blue']);
  });

  it('filters a folder, tag, genre or artist list with the same language', async () => {
    const { app } = testApp();
    const folders = await app.inject({ url: '/api/v1/folders', headers: bearer(token) });
    const jazz = folders.json<{ id: number; name: string }[]>().find((f) => f.name === 'Jazz');
    const response = await app.inject({
      url: `/api/v1/folders/${jazz?.id}/albums?q=${encodeURIComponent('year:1957')}`,
      headers: bearer(token),
    });
    const { albums } = response.json<{ albums: { name: string }[] }>();
    expect(albums.map((album) => album.name)).toEqual(['Blue Train']);

    const listed = async (path: string, q: string) => {
      const answer = await app.inject({
        url: `/api/v1/${path}/albums?sort=name-asc&q=${encodeURIComponent(q)}`,
        headers: bearer(token),
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const names = answer.json<{ name: string }[]>().map((album) => album.name);
      expect(Number(answer.headers['x-total-count'])).toBe(names.length);
      return names;
    };
    expect(await listed('tags/owned', 'year:..1959')).toEqual(['Kind of Blue']);
    expect(await listed('genres/Jazz', '-tag:owned')).toEqual(['Blue Train']);
    const artists = await app.inject({ url: '/api/v1/artists?limit=50', headers: bearer(token) });
    const miles = artists
      .json<{ name: string; slug: string }[]>()
      .find((a) => a.name === 'Miles Davis');
    expect(await listed(`artists/${miles?.slug}`, 'tracks:5')).toEqual(['Kind of Blue']);
    expect(await listed(`artists/${miles?.slug}`, 'tracks:6')).toEqual([]);
  });

  it('pages a query as any list: every match once across pages, the total on each', async () => {
    const pages: string[][] = [];
    for (const offset of [0, 2, 4]) {
      const response = await testApp().app.inject({
        url: `/api/v1/albums?sort=name-asc&limit=2&offset=${offset}&q=${encodeURIComponent('genre:jazz OR year:1990..1999')}`,
        headers: bearer(token),
      });
      expect(response.headers['x-total-count']).toBe('6');
      pages.push(response.json<{ name: string }[]>().map((album) => album.name));
    }
    expect(pages).toEqual([
      ['Ágætis byrjun', 'Blue Train'],
      ['Blues & Roots', 'Homogenic'],
      ['Kind of Blue', 'OK Computer'],
    ]);
  });

  it('answers a malformed query with 422 pointing at the bad token', async () => {
    const response = await testApp().app.inject({
      url: `/api/v1/albums?q=${encodeURIComponent('jazz yr:1990')}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatch(/"yr" is not a field.*at character 6 \("yr"\)/);
  });

  it("never finds another user's albums, folders or tags", async () => {
    const { app } = testApp();
    const other = await signIn(app, uniqueName('Neighbour'));
    const theirs = await buildAlbum(app, other, { name: 'Jazz Neighbour', genres: ['Jazz'] });
    await tagAlbum(app, other, theirs.id, 'owned');
    expect(await found('neighbour')).toEqual([]);
    expect(await found('tag:owned')).toEqual(['Blues & Roots', 'Kind of Blue']);
    expect(await found('genre:jazz')).toHaveLength(3);
  });
});
