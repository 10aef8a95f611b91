import type { FastifyInstance } from 'fastify';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/schema';
import { summariesIn } from '../testing/album-json';
import { type ExportedAlbum, exportedAlbum, exportFileOf, importFile } from '../testing/factories';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';
import { readAlbumQuery } from './album-page';
import { albumsMatching } from './matching-albums';
import { listAlbums } from './queries';
import {
  datedGenreAlbumIds,
  freeWords,
  labelsWithManyLinks,
  type MatchPlan,
} from './query-conditions';
import { FEW_MATCHES, walkPlan } from './query-reading';

/** More matches than a filter reads itself: past them it walks the sort's index. */
const MANY = FEW_MATCHES + 30;
const FEW = 12;

/** An album of the plans' collections: its id, artist, year and time of adding drawn from its index. */
const planAlbum = (name: string, index: number, tags: string[] = [], genres: string[] = []) =>
  exportedAlbum({
    spotify_id: `plan${name.replace(/\W/g, '')}${index}`,
    name,
    artist: `Artist ${index % 7}`,
    release_date: `${1960 + (index % 50)}-01-01`,
    added_at: new Date(Date.UTC(2020, 0, 1, 0, index)).toISOString(),
    tags,
    genres,
  });

/** Brings the albums and their tags into the user's collection through the import API. */
async function importAlbums(
  app: FastifyInstance,
  token: string,
  tags: string[],
  albums: ExportedAlbum[],
) {
  const job = await importFile(app, token, exportFileOf(albums, tags));
  expect(job.status).toBe('finished');
}

/** A page of the albums list: its count and its albums' names. */
async function listedPage(app: FastifyInstance, token: string, query: string) {
  const response = await app.inject({ url: `/api/v1/albums?${query}`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return {
    total: response.headers['x-total-count'],
    names: response.json().map((album: { name: string }) => album.name),
  };
}

/** Corrects the release date of the user's album of that name, and gives the album's id. */
async function correctReleaseDate(
  app: FastifyInstance,
  token: string,
  name: string,
  releaseDate: string,
): Promise<{ id: number }> {
  const found = await app.inject({
    url: `/api/v1/albums?q=${encodeURIComponent(`"${name}"`)}`,
    headers: bearer(token),
  });
  const [album] = found.json();
  const corrected = await app.inject({
    method: 'PUT',
    url: `/api/v1/albums/${album.id}`,
    headers: bearer(token),
    payload: { release_date: releaseDate },
  });
  expect(corrected.statusCode).toBe(200);
  return album;
}

/** The names of the signed-in user's albums a query matches, read by the plan, in a sort. */
async function matchedNames(app: FastifyInstance, db: Kysely<Database>, token: string) {
  const me = await app.inject({ url: '/api/v1/auth/me', headers: bearer(token) });
  const userId: number = me.json().id;
  return (q: string, sort: 'name' | 'added', plan: MatchPlan) =>
    albumsMatching(db, userId, { query: readAlbumQuery(q) }, new Date(), { matchPlan: plan })
      .select('albums.name')
      .orderBy(sort === 'name' ? sql`albums.search_name` : sql`albums.added_at desc`)
      .orderBy('albums.id')
      .execute()
      .then((rows) => rows.map((row) => row.name));
}

/**
 * A text filter reads its matches one way when they are few and another when they are many; the
 * pages and counts are the same either way.
 */
describe.each(testDatabaseKinds)('a text filter’s pages on %s', (kind) => {
  const testApp = useTestApp(kind);

  it('pages few matches and many alike, in order, with their counts', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Planner'));
    const albums = [
      ...Array.from({ length: MANY }, (_, n) => planAlbum(`Velvet ${n}`, n)),
      ...Array.from({ length: FEW }, (_, n) =>
        planAlbum(`Quiet ${n}`, MANY + n, n === 0 ? ['velvety'] : []),
      ),
    ];
    await importAlbums(app, token, ['velvety'], albums);
    const page = (query: string) => listedPage(app, token, query);

    // Every Velvet album and the Quiet one tagged "velvety", newest first.
    const velvet = [...albums.slice(0, MANY + 1)].reverse().map((album) => album.name);
    expect(await page('q=velvet&sort=added-desc&limit=24')).toEqual({
      total: String(MANY + 1),
      names: velvet.slice(0, 24),
    });
    expect(await page(`q=velvet&sort=added-desc&limit=24&offset=${MANY - 10}`)).toEqual({
      total: String(MANY + 1),
      names: velvet.slice(MANY - 10),
    });
    const quiet = albums.slice(MANY).map((album) => album.name);
    expect(await page('q=quiet&sort=added-asc&limit=5&offset=5')).toEqual({
      total: String(FEW),
      names: quiet.slice(5, 10),
    });
    expect(await page('q=quiet%20velvety&sort=year-desc')).toEqual({
      total: '1',
      names: ['Quiet 0'],
    });
    // Within a scope its own albums lead, whatever the word's matches.
    const tagged = await app.inject({
      url: '/api/v1/tags/velvety/albums?q=velvet',
      headers: bearer(token),
    });
    expect(tagged.headers['x-total-count']).toBe('1');
    expect(tagged.json().map((album: { name: string }) => album.name)).toEqual(['Quiet 0']);
  });
});

/**
 * Few matches are read themselves, repeats and all, and a page is read by their ids; a word whose
 * few albums match it many times over is counted as any other.
 */
describe.each(testDatabaseKinds)('a word of few albums on %s', (kind) => {
  const testApp = useTestApp(kind);

  it('counts and pages a word whose albums match it many times over, as any other', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Repeats'));
    const repeated = Array.from({ length: 300 }, (_, n) =>
      planAlbum(`Velvet Velveteen ${n}`, n, ['velvety', 'velvet underground']),
    );
    const once = Array.from({ length: 20 }, (_, n) => planAlbum(`Quiet ${n}`, 300 + n));
    await importAlbums(app, token, ['velvety', 'velvet underground'], [...repeated, ...once]);
    const page = (query: string) => listedPage(app, token, query);
    const names = repeated.map((album) => album.name);

    expect(await page('q=velv&sort=added-asc&limit=5&offset=100')).toEqual({
      total: '300',
      names: names.slice(100, 105),
    });
    // Another page of the kept count.
    expect(await page('q=velv&sort=added-desc&limit=3')).toEqual({
      total: '300',
      names: names.slice(-3).reverse(),
    });
    // Its tag alone: one match an album, few enough to be read, and paged again in another sort.
    expect(await page('q=velvety&sort=name-desc&limit=2')).toEqual({
      total: '300',
      names: ['Velvet Velveteen 99', 'Velvet Velveteen 98'],
    });
    expect(await page('q=velvety&sort=added-asc&limit=2&offset=298')).toEqual({
      total: '300',
      names: names.slice(298),
    });
    // Words of few matches each, which no album has together.
    expect(await page('q=velvety%20quiet')).toEqual({ total: '0', names: [] });
    expect(await page('q=velv%20underground%2042&sort=name-asc')).toEqual({
      total: '1',
      names: ['Velvet Velveteen 42'],
    });
    expect(await page('q=velv%20quiet')).toEqual({ total: '0', names: [] });
  });
});

/** A query of fields alone is counted and paged over the albums, however many it finds. */
describe.each(testDatabaseKinds)('a query of fields alone on %s', (kind) => {
  const testApp = useTestApp(kind);

  it('counts and pages its albums alike whether they are few or many', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Fields'));
    // Released 1960–2009, ten or eleven albums a year; more than the first albums read.
    const albums = Array.from({ length: 2 * FEW_MATCHES + 30 }, (_, n) =>
      planAlbum(`Record ${n}`, n),
    );
    await importAlbums(app, token, [], albums);
    const page = (query: string) => listedPage(app, token, query);
    const names = albums.map((album) => album.name);
    const ofYear = (year: number) => names.filter((_, n) => 1960 + (n % 50) === year);

    expect(await page('q=year%3A1960..2009&sort=added-asc&limit=3&offset=820')).toEqual({
      total: String(albums.length),
      names: names.slice(820, 823),
    });
    expect(await page('q=year%3A1971&sort=added-desc&limit=4')).toEqual({
      total: String(ofYear(1971).length),
      names: ofYear(1971).reverse().slice(0, 4),
    });
    expect(await page('q=year%3A1971&sort=added-asc&limit=2&offset=16')).toEqual({
      total: String(ofYear(1971).length),
      names: ofYear(1971).slice(16),
    });
    expect(await page('q=year%3A2020')).toEqual({ total: '0', names: [] });
    // With a word, whose matches the count reads through the text index.
    expect(await page('q=record%20year%3A1971&sort=added-asc&limit=3&offset=1')).toEqual({
      total: String(ofYear(1971).length),
      names: ofYear(1971).slice(1, 4),
    });
    expect(await page('q=year%3A1971%20-record')).toEqual({ total: '0', names: [] });
  });
});

/**
 * A walk along a sort tests each album's own text on a short walk and the text index's gathered
 * matches on a long one; whichever is chosen, a filter lists the same albums.
 */
describe.each(testDatabaseKinds)('each way of reading a text filter on %s', (kind) => {
  const testApp = useTestApp(kind);

  it('lists the same albums in the same order whichever way it reads the matches', async () => {
    const { app, db } = testApp();
    const token = await signIn(app, uniqueName('Reader'));
    const names = ['Électrique Nuit', 'Blue Night', 'Bluer Days', 'Ágætis Byrjun', 'Κόσμος Blue'];
    const albums = Array.from({ length: 60 }, (_, n) => ({
      ...planAlbum(`${names[n % names.length]} ${n}`, n, n % 7 === 0 ? ['blue mood'] : []),
      artist: n % 3 === 0 ? 'Björk' : 'Sigur Rós',
    }));
    await importAlbums(app, token, ['blue mood'], albums);
    const listed = await matchedNames(app, db, token);

    for (const q of [
      'blu',
      'electr nuit',
      'MOOD',
      'agaetis',
      'night blue',
      'BJORK byrjun',
      'ros mood',
      'ΚΟΣ',
      'κοσμοσ blu',
    ]) {
      for (const sort of ['name', 'added'] as const) {
        const read = await listed(q, sort, 'read-matches');
        expect(read.length, q).toBeGreaterThan(0);
        expect(await listed(q, sort, 'test-rows'), q).toEqual(read);
        expect(await listed(q, sort, 'gather-matches'), q).toEqual(read);
      }
    }
  });
});

/**
 * A short walk along a sort tests each album against the tags a word names by the album's own
 * links, one or two, where probing the tags' links once for each tag cost three times as long. A
 * long one reads the text index alone, whose entries hold the albums' tags' words.
 */
describe.runIf(testDatabaseKinds.includes('sqlite'))('a text filter’s walk on sqlite', () => {
  const testApp = useTestApp('sqlite');

  it('tests each album’s own tag links on a short walk, and none on a long one, however many tags the word names', async () => {
    const { app, db } = testApp();
    const token = await signIn(app, uniqueName('Walker'));
    const tags = Array.from({ length: 12 }, (_, n) => `blue ${n}`);
    const albums = Array.from({ length: 40 }, (_, n) =>
      planAlbum(`Night ${n}`, n, [tags[n % tags.length] ?? 'blue']),
    );
    await importAlbums(app, token, tags, albums);
    const me = await app.inject({ url: '/api/v1/auth/me', headers: bearer(token) });
    const userId: number = me.json().id;

    for (const matchPlan of ['test-rows', 'gather-matches'] as const) {
      const walk = albumsMatching(db, userId, { query: readAlbumQuery('blu') }, new Date(), {
        matchPlan,
      })
        .select('albums.id')
        .orderBy(sql`albums.search_name`)
        .limit(24)
        .compile();
      const plan = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${walk.sql}`, [...walk.parameters]),
      );
      // Tied to SQLite's wording of its plan on purpose: which index reads the links is the point.
      const linkReads = plan.rows
        .map((row) => row.detail)
        .filter((step) => / album_tags /.test(step));
      expect(linkReads, matchPlan).toEqual(
        matchPlan === 'test-rows' ? [expect.stringMatching(/\(album_id=\?\)$/)] : [],
      );
    }
  });
});

/**
 * A label, artist or folder condition reads the labels' links on a long walk and tests each
 * album's own links on a short one; whichever is chosen, a query lists the same albums.
 */
describe.each(testDatabaseKinds)('each way of reading a label query on %s', (kind) => {
  const testApp = useTestApp(kind);

  it('lists the same albums in the same order whichever way it reads the links', async () => {
    const { app, db } = testApp();
    const token = await signIn(app, uniqueName('Labels'));
    const genres = [['Rock'], ['Rocksteady', 'Jazz'], ['Reggae'], [], ['Jazz']];
    const albums = Array.from({ length: 60 }, (_, n) => ({
      ...planAlbum(`Record ${n}`, n, n % 4 === 0 ? ['late night'] : []),
      artist: n % 3 === 0 ? 'Björk' : 'Sigur Rós',
      genres: genres[n % genres.length] ?? [],
      folder_keys: n % 6 === 0 ? [2] : n % 5 === 0 ? [1] : [],
    }));
    const folder = (key: number, parent: number | null, name: string) => ({
      key,
      parent_key: parent,
      name,
      description: null,
      image_url: null,
      sort_order: 0,
    });
    const job = await importFile(app, token, {
      ...exportFileOf(albums, ['late night']),
      folders: [folder(1, null, 'Shelf'), folder(2, 1, 'Top Row')],
    });
    expect(job.status).toBe('finished');
    const matched = await matchedNames(app, db, token);
    const listed = (q: string, plan: MatchPlan) => matched(q, 'added', plan);

    for (const q of [
      'genre:r*',
      'genre:jazz',
      '-genre:rock',
      'genre:r* year:1970..1989',
      'genre:jazz year:1965..1974',
      'genre:jazz year:..1969,1990.. -genre:reggae',
      'genre:rock genre:r* year:1975..1999 year:1960..1980',
      'tag:"late night" OR genre:reggae',
      'folder:shelf',
      'folder:"top row" -tag:late*',
      'artist:bjork genre:jazz',
    ]) {
      const read = await listed(q, 'read-matches');
      expect(read.length, q).toBeGreaterThan(0);
      expect(await listed(q, 'test-rows'), q).toEqual(read);
      expect(await listed(q, 'gather-matches'), q).toEqual(read);
    }
    // Folders hold their subfolders' albums: ten in Top Row (every sixth) and ten more in Shelf.
    expect(await listed('folder:shelf', 'test-rows')).toHaveLength(20);
  });
});

describe.each(testDatabaseKinds)('a genre within years on %s', (kind) => {
  const testApp = useTestApp(kind);

  it('finds the genre’s albums of those years, and follows an album whose date is corrected', async () => {
    const { app, db } = testApp();
    const token = await signIn(app, uniqueName('Periods'));
    const albums = Array.from({ length: 40 }, (_, n) => ({
      ...planAlbum(`Era ${n}`, n),
      release_date: `${1960 + n}-05-01`,
      genres: n % 2 === 0 ? ['Jazz'] : ['Blues'],
    }));
    await importAlbums(app, token, [], albums);
    const seventies = await listedPage(app, token, 'q=genre:jazz year:1970..1979&sort=year-asc');
    expect(seventies).toEqual({
      total: '5',
      names: ['Era 10', 'Era 12', 'Era 14', 'Era 16', 'Era 18'],
    });

    const moved = await correctReleaseDate(app, token, 'Era 30', '1975');
    expect(await listedPage(app, token, 'q=genre:jazz year:1970..1979&sort=year-asc')).toEqual({
      total: '6',
      names: ['Era 10', 'Era 12', 'Era 14', 'Era 30', 'Era 16', 'Era 18'],
    });

    // Every other write of a link or a date leaves each link its album's date.
    const added = await app.inject({
      method: 'POST',
      url: `/api/v1/albums/${moved.id}/genres/Bebop`,
      headers: bearer(token),
    });
    expect(added.statusCode).toBe(200);
    const bulk = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: bearer(token), payload });
    const deleted = await bulk('/api/v1/albums/bulk', {
      query: 'year:1970..1979',
      action: 'delete',
    });
    expect(deleted.json()).toMatchObject({ affected: 11 });
    await bulk('/api/v1/albums/bulk/undo', { undo: deleted.json().undo });
    expect(await listedPage(app, token, 'q=genre:bebop year:1975')).toEqual({
      total: '1',
      names: ['Era 30'],
    });
    const { rows } = await sql<{ stale: number | string }>`select count(*) as stale
      from album_genres join albums on albums.id = album_genres.album_id
      where album_genres.release_date <> albums.release_date
        or (album_genres.release_date is null) <> (albums.release_date is null)`.execute(db);
    expect(Number(rows[0]?.stale)).toBe(0);
  });
});

/**
 * A genre and its years alone are counted from the genre's links, which carry their albums'
 * release dates, without reading the albums; the count and pages are those of any other query.
 */
describe.each(testDatabaseKinds)('a genre and its years alone on %s', (kind) => {
  const testApp = useTestApp(kind);

  it('counts an album in two of the genres once, and only the user’s own', async () => {
    const { app } = testApp();
    const [token, other] = await Promise.all([
      signIn(app, uniqueName('Dated genres')),
      signIn(app, uniqueName('Other dated genres')),
    ]);
    // Released 1960–1999, one of each four undated; every sixth album in Bebop and Blues both.
    // 27 links start with a B, fewer than the 40 albums, so SQLite reads them from the links too.
    const albums = Array.from({ length: 40 }, (_, n) => ({
      ...planAlbum(`Take ${n}`, n),
      release_date: n % 4 === 3 ? null : `${1960 + n}-05-01`,
      genres: n % 6 === 0 ? ['Bebop', 'Blues'] : n % 3 === 1 ? ['Blues'] : ['Soul'],
    }));
    await importAlbums(app, token, [], albums);
    await importAlbums(app, other, [], albums.slice(0, 20));
    const expected = (genre: (genres: string[]) => boolean, from: number, to: number) =>
      albums
        .filter((album) => genre(album.genres) && album.release_date !== null)
        .filter((album) => {
          const year = Number(album.release_date?.slice(0, 4));
          return year >= from && year <= to;
        })
        .map((album) => album.name);
    const bluesOrBebop = (genres: string[]) => genres.some((genre) => genre.startsWith('B'));
    const seventies = expected(bluesOrBebop, 1970, 1979);
    expect(seventies).toHaveLength(5);
    expect(await listedPage(app, token, 'q=genre:b* year:1970..1979&sort=added-asc')).toEqual({
      total: String(seventies.length),
      names: seventies,
    });
    const soulSince = expected((genres) => genres.includes('Soul'), 1985, 9999);
    expect(await listedPage(app, token, 'q=genre:soul year:1985..&sort=added-desc')).toEqual({
      total: String(soulSince.length),
      names: soulSince.reverse(),
    });
    const bebopUntil = expected((genres) => genres.includes('Bebop'), 0, 1969);
    expect(await listedPage(app, token, 'q=year:..1969 genre:bebop&sort=added-asc')).toEqual({
      total: String(bebopUntil.length),
      names: bebopUntil,
    });
    expect(await listedPage(app, token, 'q=genre:jazz year:1970..1979')).toEqual({
      total: '0',
      names: [],
    });

    // An album whose date is corrected leaves the years its links were counted in.
    await correctReleaseDate(app, token, 'Take 10', '1990-05-01');
    expect(await listedPage(app, token, 'q=genre:b* year:1970..1979&sort=added-desc')).toEqual({
      total: String(seventies.length - 1),
      names: seventies.filter((name) => name !== 'Take 10').reverse(),
    });
  });

  it('reads the links alone for a genre and its years, and the albums for any other list', async () => {
    const { app, db } = testApp();
    const token = await signIn(app, uniqueName('Links alone'));
    const albums = Array.from({ length: 6 }, (_, n) => ({
      ...planAlbum(`Side ${n}`, n),
      release_date: `${1971 + n}-01-01`,
      genres: ['Soul'],
    }));
    await importAlbums(app, token, [], albums);
    // A link's date set apart from its album's, as no write leaves it, shows which was read.
    const [side0] = (
      await app.inject({ url: '/api/v1/albums?q="side 0"', headers: bearer(token) })
    ).json();
    await sql`update album_genres set release_date = '1985' where album_id = ${side0.id}`.execute(
      db,
    );
    const eighties = 'genre:soul year:1980..1989';
    expect(await listedPage(app, token, `q=${eighties}`)).toEqual({
      total: '1',
      names: ['Side 0'],
    });
    const asked = await app.inject({
      method: 'POST',
      url: '/api/v1/folders',
      headers: bearer(token),
      payload: { name: 'Eighties soul', query: eighties },
    });
    expect(asked.statusCode).toBe(201);
    // A smart folder, a genre's own list and a query of more terms read the albums' dates.
    const otherLists = [
      `/api/v1/folders/${asked.json().id}/albums`,
      `/api/v1/genres/soul/albums?q=${eighties}`,
      `/api/v1/albums?q=${eighties} -tag:none`,
    ];
    for (const url of otherLists) {
      const listed = await app.inject({ url, headers: bearer(token) });
      expect(listed.statusCode).toBe(200);
      expect(listed.headers['x-total-count'], url).toBe('0');
    }
  });

  it('reads a genre and years of one range each from the links, and no other query', async () => {
    const { app, db } = testApp();
    const token = await signIn(app, uniqueName('Dated genre shapes'));
    const me = await app.inject({ url: '/api/v1/auth/me', headers: bearer(token) });
    const scope = { db, userId: me.json().id, now: new Date(), matchPlan: 'read-matches' as const };
    const readFromLinks = (q: string) => {
      const query = readAlbumQuery(q);
      return query !== null && datedGenreAlbumIds(scope, query) !== undefined;
    };
    expect(readFromLinks('genre:jazz year:1970..1979')).toBe(true);
    expect(readFromLinks('year:1970.. genre:"free jazz" year:..1975')).toBe(true);
    expect(readFromLinks('genre:jazz')).toBe(false);
    expect(readFromLinks('year:1970..1979')).toBe(false);
    expect(readFromLinks('genre:jazz year:1960..1969,1980..1989')).toBe(false);
    expect(readFromLinks('genre:jazz genre:soul year:1970')).toBe(false);
    expect(readFromLinks('genre:jazz year:1970 blue')).toBe(false);
    expect(readFromLinks('genre:jazz year:1970 -tag:owned')).toBe(false);
    expect(readFromLinks('genre:jazz OR year:1970')).toBe(false);
  });
});

describe.runIf(testDatabaseKinds.includes('postgres'))('a genre and its years on postgres', () => {
  const testApp = useTestApp('postgres');

  it('prepares the count from the links once with its page, and plans a count through the albums each time', async () => {
    const { app, db } = testApp();
    const token = await signIn(app, uniqueName('Prepared decades'));
    const userId = (await app.inject({ url: '/api/v1/auth/me', headers: bearer(token) })).json().id;
    const albums = Array.from({ length: 70 }, (_, n) => ({
      ...planAlbum(`Groove ${n}`, n),
      release_date: `${1950 + n}-03-01`,
      genres: ['Soul'],
    }));
    await importAlbums(app, token, [], albums);
    const decades = [1950, 1960, 1970, 1980, 1990, 2000, 2010];
    const statements = await db.connection().execute(async (connection) => {
      for (const decade of decades) {
        const years = `year:${decade}..${decade + 9}`;
        const fromLinks = await listAlbums(
          connection,
          userId,
          { query: readAlbumQuery(`genre:soul ${years}`) },
          'added-asc',
          { limit: 24, offset: 0 },
        );
        expect(fromLinks.total).toBe(10);
        expect(summariesIn(fromLinks.albums)[0]?.name).toBe(`Groove ${decade - 1950}`);
        // One more term: counted through the albums.
        const throughAlbums = await listAlbums(
          connection,
          userId,
          { query: readAlbumQuery(`genre:soul ${years} -tag:none`) },
          'added-asc',
          { limit: 24, offset: 0 },
        );
        expect(throughAlbums.total).toBe(10);
      }
      const { rows } = await sql<{ statement: string; runs: string }>`
        select statement, generic_plans + custom_plans as runs from pg_prepared_statements
      `.execute(connection);
      return rows;
    });
    // The album counts with their ids (`countedWithFewIds`), among the connection's statements.
    const counts = statements.filter((row) =>
      row.statement.startsWith('with counted as materialized'),
    );
    expect(counts.map((row) => row.statement.includes('from "album_genres"'))).toEqual([true]);
    expect(Number(counts[0]?.runs)).toBe(decades.length);
    // Each page of few matches came with its count: no statement read a page on its own.
    const pages = statements.filter((row) => row.statement.startsWith('select album_summaries'));
    expect(pages).toEqual([]);
  });
});

/**
 * On SQLite a genre or tag prefix whose labels have more links than the collection has albums is
 * tested album by album, in the count as in the page; the albums and counts are the same.
 */
describe.each(testDatabaseKinds)('a label prefix of many links on %s', (kind) => {
  const testApp = useTestApp(kind);

  it('counts and pages the albums it names as any other query', async () => {
    const { app, db } = testApp();
    const token = await signIn(app, uniqueName('Links'));
    // Every album has two genres starting with "r": twice as many links as albums.
    const albums = Array.from({ length: 40 }, (_, n) =>
      planAlbum(
        `Record ${n}`,
        n,
        n % 3 === 0 ? ['rare'] : [],
        n % 4 === 0 ? ['Rock', 'Reggae', 'Jazz'] : ['Rock', 'Reggae'],
      ),
    );
    await importAlbums(app, token, ['rare'], albums);
    const names = albums.map((album) => album.name);
    const page = (query: string) => listedPage(app, token, query);

    expect(await page('q=genre%3Ar*&sort=added-asc&limit=3&offset=5')).toEqual({
      total: '40',
      names: names.slice(5, 8),
    });
    const seventies = names.filter((_, n) => n % 50 >= 10 && n % 50 < 20);
    expect(await page('q=genre%3Ar*%20year%3A1970..1979&sort=added-asc')).toEqual({
      total: String(seventies.length),
      names: seventies,
    });
    const jazzNotRare = names.filter((_, n) => n % 4 === 0 && n % 3 !== 0);
    expect(await page('q=genre%3Ar*%20genre%3Aj*%20-tag%3Ar*&sort=added-asc')).toEqual({
      total: String(jazzNotRare.length),
      names: jazzNotRare,
    });
    expect(await page('q=-genre%3Ar*')).toEqual({ total: '0', names: [] });

    // Of these terms only `genre:r*` has more links (80) than the collection has albums.
    const me = await app.inject({ url: '/api/v1/auth/me', headers: bearer(token) });
    const query = readAlbumQuery('genre:r* genre:j* -tag:r* genre:rock');
    const many = await labelsWithManyLinks(
      { db, userId: me.json().id },
      query ? [query] : [],
      async () => albums.length,
    );
    expect([...many]).toEqual([{ kind: 'genre', values: [{ name: 'r', prefix: true }] }]);
  });
});

/** Free words alone are counted from the text index and the tags, without reading the albums. */
describe.each(testDatabaseKinds)('a count of free words on %s', (kind) => {
  const testApp = useTestApp(kind);

  it('counts an album once whichever ways it matches, and only the user’s own', async () => {
    const { app } = testApp();
    const importTagged = (token: string, albums: ExportedAlbum[]) =>
      importAlbums(app, token, ['velvet', 'velvety'], albums);
    const listener = await signIn(app, uniqueName('Counter'));
    const neighbour = await signIn(app, uniqueName('Neighbour'));
    await importTagged(listener, [
      // Its name, its artist and its tag all match.
      { ...planAlbum('Velvet Morning', 1, ['velvet']), artist: 'Velvet Crush' },
      { ...planAlbum('Night Drive', 2), artist: 'The Velveteens' },
      planAlbum('Quiet Hours', 3, ['velvety']),
      planAlbum('Sleep', 4),
    ]);
    await importTagged(neighbour, [
      planAlbum('Velvet Rope', 5, ['velvet']),
      planAlbum('Velvet Night', 6),
    ]);
    await importAlbums(app, neighbour, ['quilted'], [planAlbum('Loud', 7, ['quilted'])]);
    // The count, which must also be the number of albums the page lists.
    const count = async (token: string, q: string) => {
      const response = await app.inject({
        url: `/api/v1/albums?q=${encodeURIComponent(q)}&limit=50`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      const total = Number(response.headers['x-total-count']);
      expect(response.json()).toHaveLength(total);
      return total;
    };

    expect(await count(listener, 'velv')).toBe(3);
    expect(await count(listener, 'velvet')).toBe(3);
    expect(await count(listener, 'velv night')).toBe(1);
    expect(await count(listener, 'VELVET, morning')).toBe(1);
    expect(await count(listener, 'velvety sleep')).toBe(0);
    expect(await count(listener, 'velvet-crush')).toBe(1);
    // Words that name no tag, counted from the text alone.
    expect(await count(listener, 'nig')).toBe(1);
    expect(await count(listener, 'qui')).toBe(1);
    expect(await count(listener, 'vinyl')).toBe(0);
    // A query of another shape is counted over the albums, alike.
    expect(await count(listener, '(velv) night')).toBe(1);
    expect(await count(neighbour, 'velvet')).toBe(2);
    expect(await count(neighbour, 'night velv')).toBe(1);
    // A word only another user's tag has.
    expect(await count(neighbour, 'qui')).toBe(1);
    expect(await count(listener, 'quil')).toBe(0);
  });
});

describe('how a walk along a sort tests its albums', () => {
  const page = (offset: number) => ({ limit: 24, offset });

  it('tests each album while the walk to the page is short', () => {
    // A broad word at 50,000 albums: about a hundred albums to the first page.
    expect(walkPlan(page(0), 12_000, 50_000)).toBe('test-rows');
    expect(walkPlan(page(480), 12_000, 50_000)).toBe('test-rows');
  });

  it('gathers the matches first once the walk is long', () => {
    expect(walkPlan(page(2_400), 12_000, 50_000)).toBe('gather-matches');
    expect(walkPlan(page(480), 2_617, 50_000)).toBe('gather-matches');
  });

  it('never walks further than the collection', () => {
    expect(walkPlan(page(2_000), 500, 2_500)).toBe('test-rows');
  });
});

describe('the words of a query', () => {
  it('gives the words of a query of free words alone, and none for any other', () => {
    const wordsOf = (q: string) => {
      const node = readAlbumQuery(q);
      return node === null ? [] : freeWords(node);
    };
    expect(wordsOf('Ágætis Byrjun-live byrjun')).toEqual(['agaetis', 'byrjun', 'live']);
    expect(wordsOf('blue, night')).toEqual(['blue', 'night']);
    expect(wordsOf('"kind of blue"')).toEqual([]);
    expect(wordsOf('blue year:1970..1979')).toEqual([]);
    expect(wordsOf('blue OR night')).toEqual([]);
    expect(wordsOf('blue -night')).toEqual([]);
  });
});
