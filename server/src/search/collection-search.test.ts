import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { searchAlbumRows } from '../albums/queries';
import { FEW_MATCHES } from '../albums/query-reading';
import { readSearch } from '../db/search-text';
import {
  buildAlbum,
  buildFolder,
  type ExportedAlbum,
  exportedAlbum,
  exportFileOf,
  importFile,
  insertNumberedAlbums,
  tagAlbum,
} from '../testing/factories';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';

describe.each(testDatabaseKinds)('collection search on %s', (kind) => {
  const testApp = useTestApp(kind);
  const user = async () => signIn(testApp().app, uniqueName('Seeker'));
  const get = (url: string, token: string) => testApp().app.inject({ url, headers: bearer(token) });

  async function seed(token: string) {
    const { app } = testApp();
    const album = await buildAlbum(app, token, {
      name: 'Blue Train',
      artist: 'John Coltrane',
      genres: ['Hard Bop'],
    });
    await buildAlbum(app, token, { name: 'Bluebird', artist: 'Blue Rodeo', genres: ['Bluegrass'] });
    await tagAlbum(app, token, album.id, 'Blue mood');
    await app.inject({
      method: 'POST',
      url: '/api/v1/folders',
      headers: bearer(token),
      payload: { name: 'Blues shelf' },
    });
  }

  it('needs a session and a non-blank q', async () => {
    expect((await testApp().app.inject({ url: '/api/v1/search?q=blue' })).statusCode).toBe(401);
    const token = await user();
    expect((await get('/api/v1/search', token)).statusCode).toBe(422);
    expect((await get('/api/v1/search/suggestions?q=%20', token)).statusCode).toBe(422);
  });

  it('finds albums, artists, tags, folders and genres by name, case-insensitively', async () => {
    const token = await user();
    await seed(token);
    const results = (await get('/api/v1/search?q=BLUE', token)).json();
    expect(results.albums.map((a: { name: string }) => a.name)).toEqual(['Blue Train', 'Bluebird']);
    expect(results.artists.map((a: { name: string }) => a.name)).toEqual(['Blue Rodeo']);
    expect(results.tags.map((t: { name: string }) => t.name)).toEqual(['Blue mood']);
    expect(results.folders.map((f: { name: string }) => f.name)).toEqual(['Blues shelf']);
    expect(results.genres.map((g: { name: string }) => g.name)).toEqual(['Bluegrass']);
  });

  it('lists artists by name, not by the genres of their albums, which it lists themselves', async () => {
    const token = await user();
    await buildAlbum(testApp().app, token, {
      name: 'Untrue',
      artist: 'Burial',
      genres: ['Dubstep'],
    });
    const results = (await get('/api/v1/search?q=dub', token)).json();
    expect(results.artists).toEqual([]);
    expect(results.genres.map((g: { name: string }) => g.name)).toEqual(['Dubstep']);
    const page = (await get('/api/v1/artists?q=dub', token)).json();
    expect(page.map((a: { name: string }) => a.name)).toEqual(['Burial']);
  });

  it('finds nothing of another user’s', async () => {
    const owner = await user();
    await seed(owner);
    // The owner's search first: the other's is then the same statement with its own user.
    const own = (await get('/api/v1/search?q=blue', owner)).json();
    expect(own.albums.length).toBeGreaterThan(0);
    const results = (await get('/api/v1/search?q=blue', await user())).json();
    expect(results).toEqual({ albums: [], artists: [], tags: [], folders: [], genres: [] });
  });

  it('suggests at most ten entries, kinds in turn, each with the screen it opens', async () => {
    const token = await user();
    await seed(token);
    for (let i = 0; i < 12; i += 1)
      await buildAlbum(testApp().app, token, { name: `Blue ${i}`, artist: 'Various' });
    const { suggestions } = (await get('/api/v1/search/suggestions?q=blue', token)).json();
    expect(suggestions).toHaveLength(10);
    expect(suggestions.slice(0, 5).map((s: { kind: string }) => s.kind)).toEqual([
      'album',
      'artist',
      'tag',
      'folder',
      'genre',
    ]);
    expect(suggestions[2]).toEqual({ kind: 'tag', label: 'Blue mood', path: '/tags/Blue%20mood' });
    expect(suggestions[0].path).toMatch(/^\/albums\/\d+$/);
  });
});

describe.each(testDatabaseKinds)('accent- and case-insensitive search on %s', (kind) => {
  const testApp = useTestApp(kind);
  const get = (url: string, token: string) => testApp().app.inject({ url, headers: bearer(token) });
  const albumNames = async (url: string, token: string) =>
    (await get(url, token)).json().map((album: { name: string }) => album.name);

  async function seed() {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Listener'));
    await buildAlbum(app, token, { name: 'Homogenic', artist: 'Björk' });
    await buildAlbum(app, token, { name: 'Ágætis byrjun', artist: 'Sigur Rós' });
    const motomami = await buildAlbum(app, token, { name: 'Motomami', artist: 'Rosalía' });
    await buildAlbum(app, token, { name: 'Группа крови', artist: 'Кино' });
    await tagAlbum(app, token, motomami.id, 'Éxitos');
    return token;
  }

  it('filters albums by name, artist and tag regardless of accents and case', async () => {
    const token = await seed();
    expect(await albumNames('/api/v1/albums?q=bjork', token)).toEqual(['Homogenic']);
    expect(await albumNames('/api/v1/albums?q=%C3%81G%C3%86TIS', token)).toEqual(['Ágætis byrjun']);
    expect(await albumNames('/api/v1/albums?q=agaetis', token)).toEqual(['Ágætis byrjun']);
    expect(await albumNames('/api/v1/albums?q=rosalia', token)).toEqual(['Motomami']);
    expect(await albumNames('/api/v1/albums?q=exito', token)).toEqual(['Motomami']);
    expect(await albumNames(`/api/v1/albums?q=${encodeURIComponent('КИНО')}`, token)).toEqual([
      'Группа крови',
    ]);
    const counted = await get('/api/v1/albums?q=ros', token);
    expect(counted.headers['x-total-count']).toBe('2');
  });

  it('matches word starts, every word of the search', async () => {
    const token = await seed();
    expect(await albumNames('/api/v1/albums?q=sig%20ros', token)).toEqual(['Ágætis byrjun']);
    expect(await albumNames('/api/v1/albums?q=igur', token)).toEqual([]);
    expect(await albumNames('/api/v1/albums?q=sigur%20bjork', token)).toEqual([]);
  });

  it('finds an album by its words all in its name or all in one tag, never split between them', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Listener'));
    const album = await buildAlbum(app, token, { name: 'Kind of Blue', artist: 'Miles Davis' });
    await tagAlbum(app, token, album.id, 'Owned');
    await tagAlbum(app, token, album.id, 'Late Night');
    const quick = async (q: string) =>
      (await get(`/api/v1/search?q=${encodeURIComponent(q)}`, token))
        .json()
        .albums.map((found: { name: string }) => found.name);
    expect(await quick('kind blue')).toEqual(['Kind of Blue']);
    expect(await quick('late night')).toEqual(['Kind of Blue']);
    expect(await quick('blue owned')).toEqual([]);
    expect(await quick('owned late')).toEqual([]);
    // The album filter takes each free word on its own, in the name or in any tag.
    expect(await albumNames('/api/v1/albums?q=blue%20owned', token)).toEqual(['Kind of Blue']);
    expect(await albumNames('/api/v1/albums?q=%22owned%20late%22', token)).toEqual([]);
    expect(await albumNames('/api/v1/albums?q=%22late%20night%22', token)).toEqual([
      'Kind of Blue',
    ]);
  });

  it('finds accented artists, tags and genres in the quick search and its suggestions', async () => {
    const { app } = testApp();
    const token = await seed();
    await buildAlbum(app, token, { name: 'Chansons', artist: 'Édith Piaf', genres: ['Électro'] });
    const results = (await get('/api/v1/search?q=edith', token)).json();
    expect(results.artists.map((a: { name: string }) => a.name)).toEqual(['Édith Piaf']);
    const genres = (await get('/api/v1/search?q=ELECTRO', token)).json().genres;
    expect(genres.map((g: { name: string }) => g.name)).toEqual(['Électro']);
    const { suggestions } = (await get('/api/v1/search/suggestions?q=bjo', token)).json();
    expect(suggestions.map((s: { label: string }) => s.label)).toEqual([
      'Homogenic — Björk',
      'Björk',
    ]);
  });

  it('finds an album and a tag by their new names once renamed, and no longer by the old', async () => {
    const { app } = testApp();
    const token = await seed();
    const [homogenic] = (await get('/api/v1/albums?q=homogenic', token)).json();
    await app.inject({
      method: 'PUT',
      url: `/api/v1/albums/${homogenic.id}`,
      headers: bearer(token),
      payload: { name: 'Vespertine' },
    });
    await app.inject({
      method: 'PUT',
      url: `/api/v1/tags/${encodeURIComponent('Éxitos')}`,
      headers: bearer(token),
      payload: { name: 'Clásicos' },
    });
    expect(await albumNames('/api/v1/albums?q=homogenic', token)).toEqual([]);
    expect(await albumNames('/api/v1/albums?q=vesper', token)).toEqual(['Vespertine']);
    expect(await albumNames('/api/v1/albums?q=exitos', token)).toEqual([]);
    expect(await albumNames('/api/v1/albums?q=clasicos', token)).toEqual(['Motomami']);
  });

  it('ranks an exact name first, then names that start with the search', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Ranker'));
    for (const name of ['The Blue Album', 'Blueprint', 'Blue'])
      await buildAlbum(app, token, { name, artist: 'Various' });
    const results = (await get('/api/v1/search?q=blue', token)).json();
    expect(results.albums.map((a: { name: string }) => a.name)).toEqual([
      'Blue',
      'Blueprint',
      'The Blue Album',
    ]);
  });

  it('ranks a name that repeats a word first when the search repeats it too', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Ranker'));
    const named = (found: { name: string }[]) => found.map((item) => item.name);
    const about = await buildAlbum(app, token, {
      name: 'Talk of the Town',
      artist: 'Talk Show',
      genres: ['Talk Radio'],
    });
    const talk = await buildAlbum(app, token, {
      name: 'Talk Talk',
      artist: 'Talk Talk',
      genres: ['Talk Talk'],
    });
    await tagAlbum(app, token, about.id, 'Talk about');
    await tagAlbum(app, token, talk.id, 'Talk Talk');
    await buildFolder(app, token, { name: 'Talk about it' });
    await buildFolder(app, token, { name: 'Talk Talk' });
    // "talk talk" has one word to match, but the whole of it ranks the names; "talk", asked
    // first, is kept apart from it.
    expect((await get('/api/v1/search?q=talk', token)).statusCode).toBe(200);
    const results = (await get('/api/v1/search?q=talk%20talk', token)).json();
    for (const kind of ['albums', 'artists', 'tags', 'genres', 'folders'])
      expect(named(results[kind])[0], kind).toBe('Talk Talk');
    expect(named(results.albums)).toEqual(['Talk Talk', 'Talk of the Town']);
    const tags = (await get('/api/v1/tags?q=talk%20talk', token)).json();
    expect(named(tags)).toEqual(['Talk Talk', 'Talk about']);
    const genres = (await get('/api/v1/genres?search=talk%20talk', token)).json();
    expect(named(genres)).toEqual(['Talk Talk', 'Talk Radio']);
    const artists = (await get('/api/v1/artists?q=talk%20talk', token)).json();
    expect(named(artists)).toEqual(['Talk Talk', 'Talk Show']);
  });

  it('ranks tags and genres as the tags list and genres list do, five of each at most', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Labeller'));
    const tags = [
      'Deep Blue',
      'Blues Night',
      'Blue',
      'Bluegrass',
      'Sad Blues',
      'Blue Note',
      'Ébluet',
    ];
    const genres = [['Deep Blues', 'Blues Rock'], ['Blues Rock'], ['Blues'], ['Blue-Eyed Soul']];
    for (const [n, name] of tags.entries()) {
      const album = await buildAlbum(app, token, {
        name: `Record ${n}`,
        artist: 'Someone',
        genres: genres[n] ?? [],
      });
      await tagAlbum(app, token, album.id, name);
    }
    const results = (await get('/api/v1/search?q=blue', token)).json();
    // The exact name, the names that start with the search, then the other word starts.
    expect(results.tags.map((t: { name: string }) => t.name)).toEqual([
      'Blue',
      'Blue Note',
      'Bluegrass',
      'Blues Night',
      'Deep Blue',
    ]);
    // Within a rank, the genre of more albums first.
    expect(results.genres.map((g: { name: string }) => g.name)).toEqual([
      'Blues Rock',
      'Blue-Eyed Soul',
      'Blues',
      'Deep Blues',
    ]);
  });

  it('ranks folders as albums: the exact name, then the names that start with the search, each by folded name', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Shelver'));
    const names = ['Zebra Blue', 'Blues', 'Ébène Blue', 'Blue', 'Blue Zone', 'Green', 'Bluegrass'];
    const folders = [];
    for (const name of names) folders.push(await buildFolder(app, token, { name }));
    // Five of each kind: Zebra Blue, last by its folded name, is left out.
    const results = (await get('/api/v1/search?q=BLUE', token)).json();
    expect(results.folders.map((f: { name: string }) => f.name)).toEqual([
      'Blue',
      'Blue Zone',
      'Bluegrass',
      'Blues',
      'Ébène Blue',
    ]);
    // Every word must start a word of the name; a renamed folder is found by its new name.
    const both = (await get('/api/v1/search?q=blu%20eb', token)).json();
    expect(both.folders.map((f: { name: string }) => f.name)).toEqual(['Ébène Blue']);
    const green = folders.find((folder) => folder.name === 'Green');
    const renaming = await app.inject({
      method: 'PUT',
      url: `/api/v1/folders/${green?.id}`,
      headers: bearer(token),
      payload: { name: 'Blue Green' },
    });
    expect(renaming.statusCode).toBe(200);
    const renamed = (await get('/api/v1/search?q=blue%20gr', token)).json();
    expect(renamed.folders.map((f: { name: string }) => f.name)).toEqual(['Blue Green']);
  });

  it('ranks artists as albums: the exact name, the names that start with the search, then the other matches, each by folded name', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Crediter'));
    const names = [
      'Zebra Blue',
      'Deep Blue',
      'Blue Zone',
      'Blue Öyster Cult',
      'Blue',
      'Ébène Blue',
    ];
    for (const artist of [...names, 'Green']) await buildAlbum(app, token, { artist });
    // An artist whose albums are all gone is no longer listed, though its name comes first.
    const gone = await buildAlbum(app, token, { artist: 'Blue Abyss' });
    const removal = await app.inject({
      method: 'DELETE',
      url: `/api/v1/albums/${gone.id}`,
      headers: bearer(token),
    });
    expect(removal.statusCode).toBe(204);
    // Five of each kind: Zebra Blue, last by its folded name, is left out.
    const results = (await get('/api/v1/search?q=BLUE', token)).json();
    expect(results.artists.map((a: { name: string }) => a.name)).toEqual([
      'Blue',
      'Blue Öyster Cult',
      'Blue Zone',
      'Deep Blue',
      'Ébène Blue',
    ]);
    const both = (await get('/api/v1/search?q=blu%20oy', token)).json();
    expect(both.artists.map((a: { name: string }) => a.name)).toEqual(['Blue Öyster Cult']);
  });

  it('fills the albums with the other matches by name, accents aside, after those that start with the search', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Filler'));
    for (const name of ['Zebra Blue', 'Blues', 'Ébène Blue', 'Azure Blue', 'Blue Zone', 'Green'])
      await buildAlbum(app, token, { name, artist: 'Various' });
    const results = (await get('/api/v1/search?q=BLUE', token)).json();
    expect(results.albums.map((a: { name: string }) => a.name)).toEqual([
      'Blue Zone',
      'Blues',
      'Azure Blue',
      'Ébène Blue',
      'Zebra Blue',
    ]);
  });

  it('ranks a large collection’s albums and artists as a small one’s, though it reads them in two steps', async () => {
    const { app } = testApp();
    const blue = [
      { name: 'Zebra Blue', artist: 'Blue' },
      { name: 'Blues', artist: 'Deep Blue' },
      { name: 'Ébène Blue', artist: 'Blue Zone' },
      { name: 'Azure Blue', artist: 'Ébène Blue' },
      { name: 'Blue Zone', artist: 'Zebra Blue' },
      { name: 'Green', artist: 'Blue Öyster Cult' },
      { name: 'Moody', artist: 'Nobody', tags: ['Blue mood'] },
      { name: 'Blue', artist: 'Blue Train' },
      { name: 'Blue Ridge', artist: 'Blue Ridge Band' },
      { name: 'Blue Train', artist: 'Blue Trainers' },
      { name: 'Moody Moody', artist: 'Moody Moody' },
    ].map((album, n) => exportedAlbum({ spotify_id: `searchblue${n}`, ...album }));
    // More albums than a quick search reads at once (`quickSearchReadsEveryMatch`).
    const others = Array.from({ length: FEW_MATCHES }, (_, n) =>
      exportedAlbum({
        spotify_id: `searchother${n}`,
        name: `Green ${n}`,
        artist: `Grey ${n % 40}`,
      }),
    );
    const queries = [
      'BLUE',
      'blue z',
      'zone',
      'blu oy',
      'moo',
      'blue mood',
      'ebene',
      'moody moody',
    ];
    const searched = async (albums: ExportedAlbum[]) => {
      const token = await signIn(app, uniqueName('Ranker'));
      const job = await importFile(app, token, exportFileOf(albums));
      expect(job.status).toBe('finished');
      const counted = await get('/api/v1/albums?limit=1', token);
      const names = async (q: string) => {
        const found = (await get(`/api/v1/search?q=${encodeURIComponent(q)}`, token)).json();
        return {
          albums: found.albums.map((a: { name: string }) => a.name),
          artists: found.artists.map((a: { name: string }) => a.name),
        };
      };
      const results = [];
      for (const q of queries) results.push(await names(q));
      return { albumCount: Number(counted.headers['x-total-count']), results };
    };
    const small = await searched(blue);
    expect(small.albumCount).toBeLessThanOrEqual(FEW_MATCHES);
    // Five names start with "blue" (the exact name first), filling the albums as they stand.
    expect(small.results[0]).toEqual({
      albums: ['Blue', 'Blue Ridge', 'Blue Train', 'Blue Zone', 'Blues'],
      artists: ['Blue', 'Blue Öyster Cult', 'Blue Ridge Band', 'Blue Train', 'Blue Trainers'],
    });
    // None starts with "zone": every match comes after, Blue Zone by its name, Ébène Blue by
    // its artist's.
    expect(small.results[2]).toEqual({
      albums: ['Blue Zone', 'Ébène Blue'],
      artists: ['Blue Zone'],
    });
    // Moody by its tag.
    expect(small.results[5]).toEqual({ albums: ['Moody'], artists: [] });
    // The whole phrase ranks the names, its one word matches.
    expect(small.results[7]).toEqual({
      albums: ['Moody Moody', 'Moody'],
      artists: ['Moody Moody'],
    });
    const large = await searched([...blue, ...others]);
    expect(large.albumCount).toBeGreaterThan(FEW_MATCHES);
    expect(large.results).toEqual(small.results);
  });
});

describe.runIf(testDatabaseKinds.includes('postgres'))('collection search on postgres', () => {
  const testApp = useTestApp('postgres');

  it('plans the names that start with the search once, not on every keystroke', async () => {
    const { app, db } = testApp();
    const token = await signIn(app, uniqueName('Typist'));
    const userId = (await app.inject({ url: '/api/v1/auth/me', headers: bearer(token) })).json().id;
    // As many albums as a large collection, and their statistics: a plan for any limit then
    // looks dearer than one for five, and PostgreSQL would plan every search anew.
    await insertNumberedAlbums(db, userId, 'Blue', 25_000);
    await sql`analyze albums`.execute(db);
    const plans = await db.connection().execute(async (connection) => {
      for (const q of ['b', 'bl', 'blu', 'blue', 'g', 'gi', 'c', 'cr']) {
        await searchAlbumRows(connection, userId, readSearch(q), 5, 25_000);
      }
      const { rows } = await sql<{ statement: string; generic_plans: string }>`
        select statement, generic_plans from pg_prepared_statements
      `.execute(connection);
      // The labelled albums whose names start with the search (the rest have a statement of
      // their own, which leaves those names out).
      return rows.filter((row) =>
        row.statement.includes(
          'from "albums" where "albums"."user_id" = $1 and ("albums"."search_name" collate "C" >=',
        ),
      );
    });
    expect(plans).toHaveLength(1);
    expect(Number(plans[0]?.generic_plans)).toBeGreaterThan(0);
  });
});
