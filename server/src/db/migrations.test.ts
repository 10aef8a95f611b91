import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readAlbumQuery } from '../albums/album-page';
import { albumsMatching } from '../albums/matching-albums';
import { listAlbums } from '../albums/queries';
import { listArtists } from '../artists/queries';
import { folderHitsQuery } from '../folders/queries';
import { summariesIn } from '../testing/album-json';
import { createTestDatabase, testDatabaseKinds } from '../testing/test-database';
import { migrateTo, migrateToLatest } from './migrate';
import type { Database } from './schema';
import { fts5PrefixQuery, readSearch, searchText } from './search-text';

/** A user as every schema since the first stores one; its id. */
async function insertUser(db: Kysely<Database>, key: string): Promise<number> {
  const now = new Date().toISOString();
  const [user] = (
    await sql<{ id: number }>`insert into users
      (provider, provider_user_id, display_name, created_at, updated_at)
      values ('demo', ${key}, ${key}, ${now}, ${now}) returning id`.execute(db)
  ).rows;
  if (!user) throw new Error('no user inserted');
  return user.id;
}

/** An album as schemas since 0004 store one (folded search text, ASCII names); its id. */
async function insertAlbum(
  db: Kysely<Database>,
  userId: number,
  key: string,
  name: string,
  artist: string,
): Promise<number> {
  const now = new Date().toISOString();
  const [row] = (
    await sql<{ id: number }>`insert into albums (user_id, spotify_id, name, artist,
        search_name, search_text, added_at, first_added_at, created_at, updated_at)
      values (${userId}, ${key}, ${name}, ${artist}, ${name.toLowerCase()},
        ${`${name} ${artist}`.toLowerCase()}, ${now}, ${now}, ${now}, ${now})
      returning id`.execute(db)
  ).rows;
  if (!row) throw new Error('no album inserted');
  return row.id;
}

/** A tag with its folded name as both its search text and its name key; its id. */
async function insertTag(db: Kysely<Database>, userId: number, name: string): Promise<number> {
  const folded = searchText(name);
  const [row] = (
    await sql<{ id: number }>`insert into tags (user_id, name, created_at, search_text, name_key)
      values (${userId}, ${name}, ${new Date().toISOString()}, ${folded}, ${folded})
      returning id`.execute(db)
  ).rows;
  if (!row) throw new Error('no tag inserted');
  return row.id;
}

/** An artist as schemas since 0004 store one (folded search text), credited on the album. */
async function creditArtist(
  db: Kysely<Database>,
  userId: number,
  albumId: number | undefined,
  name: string,
): Promise<void> {
  const now = new Date().toISOString();
  const folded = searchText(name);
  const [artist] = (
    await sql<{ id: number }>`insert into artists (user_id, name, slug, search_text, created_at)
      values (${userId}, ${name}, ${folded.replace(' ', '-')}, ${folded}, ${now})
      returning id`.execute(db)
  ).rows;
  await sql`insert into album_artists (album_id, artist_id, position)
    values (${albumId}, ${artist?.id}, 0)`.execute(db);
}

/** A folder at the root as schemas since 0004 store one (folded search text); its id. */
async function insertFolder(db: Kysely<Database>, userId: number, name: string): Promise<number> {
  const now = new Date().toISOString();
  const [row] = (
    await sql<{ id: number }>`insert into folders
        (user_id, name, search_text, sort_order, created_at, updated_at)
      values (${userId}, ${name}, ${searchText(name)}, 0, ${now}, ${now})
      returning id`.execute(db)
  ).rows;
  if (!row) throw new Error('no folder inserted');
  return row.id;
}

/** The names of the folders collection search finds for a search, best first. */
async function folderHitNames(db: Kysely<Database>, userId: number, q: string) {
  const rows = await db.selectFrom('folders').select(['id', 'name']).execute();
  const nameOf = new Map(rows.map((row) => [row.id, row.name]));
  const found = await folderHitsQuery(db, userId, readSearch(q), 5).execute();
  return found.map(({ id }) => nameOf.get(id));
}

/** Collections stored before the kept counts, search text and name keys come through whole. */
describe.each(testDatabaseKinds)('upgrading a collection on %s', (kind) => {
  it('fills counts, search text and name keys, merging names that differ only in case', async () => {
    const { db, destroy } = await createTestDatabase(kind, { migratedTo: '0003-jobs' });
    try {
      const now = new Date().toISOString();
      const day = now.slice(0, 10);
      const row = async <T>(query: ReturnType<typeof sql<T>>) => {
        const [first] = (await query.execute(db)).rows;
        if (!first) throw new Error('nothing inserted');
        return first;
      };
      const user = await insertUser(db, 'old');
      const { id: album } = await row<{ id: number }>(sql`insert into albums (user_id,
        spotify_id, name, artist, added_at, first_added_at, created_at, updated_at)
        values (${user}, 'a1', 'Ágætis byrjun', 'Sigur Rós', ${now}, ${now}, ${now}, ${now})
        returning id`);
      const { id: artist } = await row<{ id: number }>(sql`insert into artists
        (user_id, name, slug, created_at) values (${user}, 'Sigur Rós', 'sigur-ros', ${now})
        returning id`);
      await sql`insert into album_artists (album_id, artist_id, position)
        values (${album}, ${artist}, 0)`.execute(db);
      const tags = [];
      // lower() tells these apart on both databases; the name key does not.
      for (const name of ['Straße', 'STRASSE'])
        tags.push(
          await row<{ id: number }>(sql`insert into tags (user_id, name, created_at)
            values (${user}, ${name}, ${now}) returning id`),
        );
      for (const tag of tags)
        await sql`insert into album_tags (album_id, tag_id, created_at)
          values (${album}, ${tag.id}, ${now})`.execute(db);

      await migrateToLatest(db);

      const merged = await db.selectFrom('tags').selectAll().execute();
      expect(merged).toHaveLength(1);
      expect(merged[0]).toMatchObject({ name: 'Straße', album_count: 1, search_text: 'strasse' });
      expect(await db.selectFrom('tag_uses_by_day').select(['day', 'uses']).execute()).toEqual([
        { day, uses: 1 },
      ]);
      expect(await db.selectFrom('users').select('album_count').execute()).toEqual([
        { album_count: 1 },
      ]);
      expect(
        await db.selectFrom('albums').select(['search_name', 'search_text']).executeTakeFirst(),
      ).toEqual({ search_name: 'agaetis byrjun', search_text: 'agaetis byrjun sigur ros' });
      expect(
        await db
          .selectFrom('artists')
          .select(['album_count', 'latest_album_date', 'name_key'])
          .executeTakeFirst(),
      ).toEqual({ album_count: 1, latest_album_date: now, name_key: 'sigur rós' });
    } finally {
      await destroy();
    }
  });

  it("keeps only the newest of a user's running jobs running, then ends it when jobs are claimed", async () => {
    const { db, destroy } = await createTestDatabase(kind, {
      migratedTo: '0008-deep-sort-indexes',
    });
    try {
      const now = new Date().toISOString();
      const user = await insertUser(db, 'busy');
      for (let n = 0; n < 2; n += 1) {
        await sql`insert into jobs (user_id, kind, status, started_at)
          values (${user}, 'library-import', 'running', ${now})`.execute(db);
      }
      await migrateTo(db, '0013-album-corrections');
      const jobs = await db
        .selectFrom('jobs')
        .select(['status', 'heartbeat_at'])
        .orderBy('id')
        .execute();
      expect(jobs).toEqual([
        { status: 'failed', heartbeat_at: now },
        { status: 'running', heartbeat_at: now },
      ]);
      const third = sql`insert into jobs (user_id, kind, status, started_at)
        values (${user}, 'library-import', 'running', ${now})`.execute(db);
      await expect(third).rejects.toThrow();

      // Run by code without claims, a job still running when claims arrive cannot be taken over.
      await migrateToLatest(db);
      const after = await db.selectFrom('jobs').select(['status', 'message']).execute();
      expect(after).toEqual([
        { status: 'failed', message: 'The import was interrupted.' },
        { status: 'failed', message: 'The import was interrupted.' },
      ]);
    } finally {
      await destroy();
    }
  });

  it('finds the artists stored before the artist text index by a word of their names', async () => {
    const { db, destroy } = await createTestDatabase(kind, { migratedTo: '0014-job-claims' });
    try {
      const now = new Date().toISOString();
      const userId = await insertUser(db, 'early');
      const [album] = (
        await sql<{ id: number }>`insert into albums (user_id, spotify_id, name, artist,
          added_at, first_added_at, created_at, updated_at)
          values (${userId}, 'a1', 'Ágætis byrjun', 'Sigur Rós', ${now}, ${now}, ${now}, ${now})
          returning id`.execute(db)
      ).rows;
      await creditArtist(db, userId, album?.id, 'Sigur Rós');

      await migrateToLatest(db);

      const found = await listArtists(db, userId, {
        q: 'ROS',
        sort: 'name-asc',
        limit: 10,
        offset: 0,
      });
      expect(found.artists.map((a) => a.name)).toEqual(['Sigur Rós']);
    } finally {
      await destroy();
    }
  });

  it('finds an album folded before final sigma was sigma by the start of its word', async () => {
    const { db, destroy } = await createTestDatabase(kind, {
      migratedTo: '0015-artist-search-index',
    });
    try {
      const now = new Date().toISOString();
      const userId = await insertUser(db, 'greek');
      // As search text was folded then: "Κόσμος" ended in a final sigma.
      await sql`insert into albums (user_id, spotify_id, name, artist, search_name, search_text,
          added_at, first_added_at, created_at, updated_at)
        values (${userId}, 'g1', 'Κόσμος', 'Χάρις Αλεξίου', 'κοσμος', 'κοσμος χαρις αλεξιου',
          ${now}, ${now}, ${now}, ${now})`.execute(db);

      await migrateToLatest(db);

      const query = readAlbumQuery('ΚΟΣ χαρισ');
      const listed = await listAlbums(db, userId, { query }, 'added-desc', {
        limit: 24,
        offset: 0,
      });
      expect(listed.total).toBe(1);
      const walked = await albumsMatching(db, userId, { query }, new Date(), {
        matchPlan: 'test-rows',
      })
        .select('albums.name')
        .execute();
      expect(walked.map((album) => album.name)).toEqual(['Κόσμος']);
    } finally {
      await destroy();
    }
  });

  it("finds a user's albums and artists indexed before each word was the user's own, and only theirs", async () => {
    const { db, destroy } = await createTestDatabase(kind, {
      migratedTo: '0017-covering-link-indexes',
    });
    try {
      const album = (userId: number, key: string, name: string) =>
        insertAlbum(db, userId, key, name, 'Velvet Band');
      const mine = await insertUser(db, 'mine');
      const theirs = await insertUser(db, 'theirs');
      for (const [userId, key] of [
        [mine, 'm'],
        [theirs, 't'],
      ] as const) {
        await creditArtist(
          db,
          userId,
          await album(userId, `${key}1`, 'Velvet Night'),
          'Velvet Band',
        );
      }

      await migrateToLatest(db);
      // Indexed by the new shape's trigger.
      await album(mine, 'm2', 'Velvet Morning');

      const page = { limit: 24, offset: 0 };
      const byWord = await listAlbums(
        db,
        mine,
        { query: readAlbumQuery('VELV') },
        'name-asc',
        page,
      );
      expect(summariesIn(byWord.albums).map((row) => row.name)).toEqual([
        'Velvet Morning',
        'Velvet Night',
      ]);
      expect(byWord.total).toBe(2);
      const byPhrase = await listAlbums(
        db,
        mine,
        { query: readAlbumQuery('"velvet night"') },
        'name-asc',
        page,
      );
      expect(summariesIn(byPhrase.albums).map((row) => row.name)).toEqual(['Velvet Night']);
      const artists = await listArtists(db, mine, { q: 'velv', sort: 'name-asc', ...page });
      expect(artists.artists.map((artist) => artist.name)).toEqual(['Velvet Band']);
      expect(artists.total).toBe(1);
    } finally {
      await destroy();
    }
  });
  it('finds albums and artists stored before their words had rows of their own, and follows every rename and removal', async () => {
    const { db, destroy } = await createTestDatabase(kind, { migratedTo: '0018-owned-word-index' });
    try {
      const album = (userId: number, key: string, name: string) =>
        insertAlbum(db, userId, key, name, 'Band');
      const found = async (userId: number, query: string) => {
        const { albums, total } = await listAlbums(
          db,
          userId,
          { query: readAlbumQuery(query) },
          'name-asc',
          { limit: 24, offset: 0 },
        );
        return { names: summariesIn(albums).map((row) => row.name), total };
      };
      const artistsFound = async (userId: number, q: string) =>
        (await listArtists(db, userId, { q, sort: 'name-asc', limit: 24, offset: 0 })).artists.map(
          (artist) => artist.name,
        );
      const mine = await insertUser(db, 'mine');
      const theirs = await insertUser(db, 'theirs');
      const night = await album(mine, 'm1', 'Velvet Night');
      await creditArtist(db, mine, night, 'Velvet Band');
      await creditArtist(db, theirs, await album(theirs, 't1', 'Velvet Night'), 'Velvet Band');

      await migrateToLatest(db);
      const morning = await album(mine, 'm2', 'Velvet Morning');
      await creditArtist(db, mine, morning, 'Vellum');
      expect(await artistsFound(mine, 'vel')).toEqual(['Vellum', 'Velvet Band']);
      await sql`update artists set name = 'Quiet Band', search_text = 'quiet band'
        where user_id = ${mine} and name = 'Velvet Band'`.execute(db);
      expect(await artistsFound(mine, 'vel')).toEqual(['Vellum']);
      expect(await artistsFound(mine, 'quie')).toEqual(['Quiet Band']);
      expect(await artistsFound(theirs, 'vel')).toEqual(['Velvet Band']);
      expect(await found(mine, 'velv')).toEqual({
        names: ['Velvet Morning', 'Velvet Night'],
        total: 2,
      });
      expect(await found(mine, 'vel nig')).toEqual({ names: ['Velvet Night'], total: 1 });

      await sql`update albums set name = 'Quiet Night', search_name = 'quiet night',
        search_text = 'quiet night band' where id = ${night}`.execute(db);
      expect(await found(mine, 'velv')).toEqual({ names: ['Velvet Morning'], total: 1 });
      expect(await found(mine, 'quie')).toEqual({ names: ['Quiet Night'], total: 1 });

      await sql`delete from albums where id = ${morning}`.execute(db);
      expect(await found(mine, 'velv')).toEqual({ names: [], total: 0 });
      expect(await found(theirs, 'velv')).toEqual({ names: ['Velvet Night'], total: 1 });

      await sql`delete from users where id = ${theirs}`.execute(db);
      if (kind === 'postgres') {
        const left = await sql<{ words: number }>`select
            (select count(*) from album_words where user_id = ${theirs})
            + (select count(*) from artist_words where user_id = ${theirs}) as words`.execute(db);
        expect(Number(left.rows[0]?.words)).toBe(0);
      }
    } finally {
      await destroy();
    }
  });

  it('keeps a file kept whole before parts as its job’s one part, to the byte', async () => {
    const { db, destroy } = await createTestDatabase(kind, { migratedTo: '0019-word-tables' });
    try {
      const now = new Date().toISOString();
      const user = await insertUser(db, 'importing');
      const [job] = (
        await sql<{ id: number }>`insert into jobs (user_id, kind, status, started_at)
          values (${user}, 'collection-import', 'running', ${now}) returning id`.execute(db)
      ).rows;
      if (!job) throw new Error('no job inserted');
      const file = new TextEncoder().encode('{"albums": ["Ágætis byrjun"]}');
      await sql`insert into job_files (job_id, file, labels)
        values (${job.id}, ${file}, '{}')`.execute(db);

      await migrateToLatest(db);
      const parts = await db
        .selectFrom('job_file_parts')
        .select(['job_id', 'part', 'bytes'])
        .execute();
      expect(parts.map(({ job_id, part }) => ({ job_id, part }))).toEqual([
        { job_id: job.id, part: 0 },
      ]);
      expect(Buffer.from(parts[0]?.bytes ?? []).equals(Buffer.from(file))).toBe(true);
      expect(await db.selectFrom('job_files').selectAll().execute()).toEqual([
        { job_id: job.id, labels: '{}' },
      ]);
    } finally {
      await destroy();
    }
  });

  it('finds folders stored before their search index by the start of a word, through it on PostgreSQL', async () => {
    const { db, destroy } = await createTestDatabase(kind, { migratedTo: '0020-job-file-parts' });
    try {
      const now = new Date().toISOString();
      const user = await insertUser(db, 'shelving');
      for (const [n, name] of ['Blue shelf', 'Night shelf', 'Deep blue'].entries()) {
        await sql`insert into folders
            (user_id, name, search_text, sort_order, created_at, updated_at)
          values (${user}, ${name}, ${name.toLowerCase()}, ${n}, ${now}, ${now})`.execute(db);
      }

      await migrateToLatest(db);
      const found = await folderHitsQuery(db, user, readSearch('blu'), 5).execute();
      const names = await db.selectFrom('folders').select(['id', 'name']).execute();
      const nameOf = new Map(names.map((row) => [row.id, row.name]));
      expect(found.map(({ id }) => nameOf.get(id))).toEqual(['Blue shelf', 'Deep blue']);
      if (kind === 'postgres') {
        // However few folders there are, the index can serve the search's word condition.
        const plan = await db.connection().execute(async (connection) => {
          await sql`set enable_seqscan = off`.execute(connection);
          const explained = await sql<{ 'QUERY PLAN': string }>`explain select id from folders
            where (' ' || search_text) like ${'% blu%'}`.execute(connection);
          await sql`reset enable_seqscan`.execute(connection);
          return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
        });
        expect(plan).toContain('folders_search');
      }
    } finally {
      await destroy();
    }
  });

  it('finds folders stored before their words were indexed, only the user’s own, and follows renames and removals', async () => {
    const { db, destroy } = await createTestDatabase(kind, {
      migratedTo: '0026-genre-link-release-dates',
    });
    try {
      const owner = await insertUser(db, 'folded shelves');
      const other = await insertUser(db, 'other shelves');
      const blue = await insertFolder(db, owner, 'Blue shelf');
      const deep = await insertFolder(db, owner, 'Deep Blü');
      await insertFolder(db, owner, 'Night shelf');
      await insertFolder(db, other, 'Blue of another');

      await migrateToLatest(db);
      const hits = (q: string) => folderHitNames(db, owner, q);
      expect(await hits('blu')).toEqual(['Blue shelf', 'Deep Blü']);

      await sql`update folders set name = ${'Cobalt shelf'}, search_text = ${searchText('Cobalt shelf')}
        where id = ${blue}`.execute(db);
      await sql`delete from folders where id = ${deep}`.execute(db);
      await insertFolder(db, owner, 'Bluish box');
      expect(await hits('blu')).toEqual(['Bluish box']);
      expect(await hits('COBALT')).toEqual(['Cobalt shelf']);
      expect(await hits('shelf')).toEqual(['Cobalt shelf', 'Night shelf']);
      // New Tai Lue's vowel shortener, which SQLite's tokenizer took for a separator until 0028
      // (when the bare search found every folder), starts no word here.
      expect(await hits('\u19b0')).toEqual([]);
      if (kind === 'sqlite') {
        // The index itself: a removed folder's words go, and each user's words are their own.
        const indexed = async (user: number, word: string) => {
          const { rows } = await sql<{ id: number }>`select rowid as id from folder_search
            where folder_search match ${fts5PrefixQuery(user, [word])}`.execute(db);
          return rows.map((row) => row.id);
        };
        expect(await indexed(owner, 'deep')).toEqual([]);
        expect(await indexed(owner, 'another')).toEqual([]);
        expect(await indexed(other, 'another')).toHaveLength(1);
      }
    } finally {
      await destroy();
    }
  });

  it('tells apart words that differ only in letters SQLite’s tokenizer once took for marks', async () => {
    const { db, destroy } = await createTestDatabase(kind, {
      migratedTo: '0027-folder-word-index',
    });
    try {
      const user = await insertUser(db, 'new tai lue');
      // New Tai Lue words of the same first letter, one with the vowel sign AA (U+19B1), one with
      // the vowel sign E (U+19B5): letters to the folded text, marks to FTS5's own tables.
      const withAa = 'ᦂ\u19b1ᦓ';
      const withE = 'ᦂ\u19b5';
      const addAlbumBy = async (key: string, name: string) =>
        creditArtist(db, user, await insertAlbum(db, user, key, name, name), name);
      await addAlbumBy('a1', withAa);
      await insertFolder(db, user, withAa);

      await migrateToLatest(db);
      // Indexed by the rebuilt index's triggers.
      await addAlbumBy('a2', withE);
      await insertFolder(db, user, withE);

      const albums = async (q: string) => {
        const page = { limit: 24, offset: 0 };
        const query = readAlbumQuery(q);
        const listed = await listAlbums(db, user, { query }, 'name-asc', page);
        return summariesIn(listed.albums).map((row) => row.name);
      };
      const artists = async (q: string) =>
        (await listArtists(db, user, { q, sort: 'name-asc', limit: 24, offset: 0 })).artists.map(
          (artist) => artist.name,
        );
      const folders = (q: string) => folderHitNames(db, user, q);
      for (const found of [albums, artists, folders]) {
        expect(await found('ᦂ\u19b1')).toEqual([withAa]);
        expect(await found(withE)).toEqual([withE]);
        expect((await found('ᦂ')).sort()).toEqual([withAa, withE].sort());
        // The sign alone starts no word: it once became the user's bare prefix, matching all.
        expect(await found('\u19b0')).toEqual([]);
      }
    } finally {
      await destroy();
    }
  });

  it('sorts albums stored before their folded artist by it, and artists by their folded names', async () => {
    const { db, destroy } = await createTestDatabase(kind, { migratedTo: '0024-folded-name-sort' });
    try {
      const userId = await insertUser(db, 'sorting');
      // More albums than one statement of the upgrade writes.
      const artists = Array.from({ length: 600 }, (_, n) => `Band ${String(n).padStart(3, '0')}`);
      for (const [n, artist] of ['Zappa', 'Édith Piaf', 'eagles', ...artists].entries()) {
        const albumId = await insertAlbum(db, userId, `s${n}`, `Album ${n}`, artist);
        await creditArtist(db, userId, albumId, artist);
      }

      await migrateToLatest(db);

      const page = { limit: 4, offset: 0 };
      const byArtist = await listAlbums(db, userId, {}, 'artist-asc', page);
      expect(summariesIn(byArtist.albums).map((album) => album.artist)).toEqual([
        'Band 000',
        'Band 001',
        'Band 002',
        'Band 003',
      ]);
      const last = await listAlbums(db, userId, {}, 'artist-desc', page);
      expect(summariesIn(last.albums).map((album) => album.artist)).toEqual([
        'Zappa',
        'Édith Piaf',
        'eagles',
        'Band 599',
      ]);
      const listed = await listArtists(db, userId, { sort: 'name-desc', limit: 3, offset: 0 });
      expect(listed.artists.map((artist) => artist.name)).toEqual([
        'Zappa',
        'Édith Piaf',
        'eagles',
      ]);
    } finally {
      await destroy();
    }
  });

  it('finds a genre’s albums of a decade among links stored before they carried dates', async () => {
    const { db, destroy } = await createTestDatabase(kind, { migratedTo: '0025-folded-sorts' });
    try {
      const userId = await insertUser(db, 'decades');
      const [genre] = (
        await sql<{ id: number }>`insert into genres
          (user_id, name, name_key, created_at, search_text)
          values (${userId}, 'Jazz', 'jazz', ${new Date().toISOString()}, 'jazz')
          returning id`.execute(db)
      ).rows;
      for (const [n, year] of [1965, 1978, 1972, 1991].entries()) {
        const albumId = await insertAlbum(db, userId, `d${n}`, `Album ${n}`, 'Quartet');
        await sql`update albums set release_date = ${`${year}-01-01`}
          where id = ${albumId}`.execute(db);
        await sql`insert into album_genres (album_id, genre_id, source)
          values (${albumId}, ${genre?.id}, 'user')`.execute(db);
      }

      await migrateToLatest(db);

      const query = readAlbumQuery('genre:jazz year:1970..1979');
      const page = { limit: 10, offset: 0 };
      const seventies = await listAlbums(db, userId, { query }, 'year-asc', page);
      expect(seventies.total).toBe(2);
      expect(summariesIn(seventies.albums).map((album) => album.name)).toEqual([
        'Album 2',
        'Album 1',
      ]);
    } finally {
      await destroy();
    }
  });

  it('finds albums by the words of tags attached before the text index held them, and follows every tag change', async () => {
    const { db, destroy } = await createTestDatabase(kind, {
      migratedTo: '0028-letters-as-folded',
    });
    try {
      const user = await insertUser(db, 'tag words');
      const now = new Date().toISOString();
      const link = (albumId: number, tagId: number) =>
        sql`insert into album_tags (album_id, tag_id, created_at)
          values (${albumId}, ${tagId}, ${now})`.execute(db);
      const underground = await insertAlbum(db, user, 'a1', 'Underground', 'Nico');
      const morning = await insertAlbum(db, user, 'a2', 'Blue Morning', 'Lee');
      const velvety = await insertTag(db, user, 'Velvety Night');
      await link(underground, velvety);

      await migrateToLatest(db);
      const found = async (q: string) => {
        const query = readAlbumQuery(q);
        const listed = await listAlbums(db, user, { query }, 'name-asc', { limit: 24, offset: 0 });
        return { names: summariesIn(listed.albums).map((row) => row.name), total: listed.total };
      };
      expect(await found('velv')).toEqual({ names: ['Underground'], total: 1 });
      // An album renamed keeps its tags' words beside its new ones.
      await sql`update albums set search_text = 'underground live nico' where id = ${underground}`.execute(
        db,
      );
      expect(await found('live velv')).toEqual({ names: ['Underground'], total: 1 });
      // Each word may match the album's own words or its tags'; a phrase stays within one.
      expect(await found('blue night')).toEqual({ names: [], total: 0 });
      await link(morning, velvety);
      expect(await found('blue night')).toEqual({ names: ['Blue Morning'], total: 1 });
      expect(await found('"blue night"')).toEqual({ names: [], total: 0 });
      // Nor does a phrase run from one tag's name into another's.
      await link(morning, await insertTag(db, user, 'Owned'));
      expect(await found('"night owned"')).toEqual({ names: [], total: 0 });
      expect(await found('night owned')).toEqual({ names: ['Blue Morning'], total: 1 });
      expect(await found('"velvety night"')).toEqual({
        names: ['Blue Morning', 'Underground'],
        total: 2,
      });

      await sql`update tags set name = 'Rough', search_text = 'rough' where id = ${velvety}`.execute(
        db,
      );
      expect(await found('velv')).toEqual({ names: [], total: 0 });
      expect(await found('rou')).toEqual({ names: ['Blue Morning', 'Underground'], total: 2 });
      expect(await found('under')).toEqual({ names: ['Underground'], total: 1 });

      await sql`delete from album_tags where album_id = ${morning}`.execute(db);
      expect(await found('rou')).toEqual({ names: ['Underground'], total: 1 });
      expect(await found('morn')).toEqual({ names: ['Blue Morning'], total: 1 });
      await sql`delete from tags where id = ${velvety}`.execute(db);
      expect(await found('rou')).toEqual({ names: [], total: 0 });
      expect(await found('nico')).toEqual({ names: ['Underground'], total: 1 });

      // An album deleted with its tags leaves nothing in the index to be found.
      await link(underground, await insertTag(db, user, 'Rough'));
      await sql`delete from albums where id = ${underground}`.execute(db);
      expect(await found('rou')).toEqual({ names: [], total: 0 });
      expect(await found('nico')).toEqual({ names: [], total: 0 });
      const indexed = async (words: string[]) =>
        kind === 'sqlite'
          ? (
              await sql<{ id: number }>`select rowid as id from album_search
                where album_search match ${fts5PrefixQuery(user, words)}`.execute(db)
            ).rows
          : [];
      expect(await indexed(['rou'])).toEqual([]);
      // A user deleted leaves nothing of theirs in the index.
      await link(morning, await insertTag(db, user, 'Rougher'));
      await sql`delete from users where id = ${user}`.execute(db);
      expect(await indexed(['rou'])).toEqual([]);
      expect(await indexed(['morn'])).toEqual([]);
    } finally {
      await destroy();
    }
  });

  it("moves a user's folders version with every statement that changes their folders, and only theirs", async () => {
    const { db, destroy } = await createTestDatabase(kind, {
      migratedTo: '0029-album-tag-words',
    });
    try {
      const user = await insertUser(db, 'filer');
      const other = await insertUser(db, 'other');
      await migrateToLatest(db);
      const now = new Date().toISOString();
      const version = async (id: number) =>
        Number(
          (
            await sql<{
              v: number;
            }>`select folders_version as v from users where id = ${id}`.execute(db)
          ).rows[0]?.v,
        );
      const moved = async (change: () => Promise<unknown>) => {
        const [before, otherBefore] = [await version(user), await version(other)];
        await change();
        expect(await version(other)).toBe(otherBefore);
        return (await version(user)) - before;
      };

      const created = await moved(() =>
        sql`insert into folders (user_id, name, sort_order, created_at, updated_at)
          values (${user}, 'Jazz', 0, ${now}, ${now}), (${user}, 'Soul', 1, ${now}, ${now}),
            (${user}, 'Funk', 2, ${now}, ${now})`.execute(db),
      );
      const album = await insertAlbum(db, user, 'f1', 'Kind of Blue', 'Miles Davis');
      // One statement files the album in three folders, moving three folders' counts.
      const filed = await moved(() =>
        sql`insert into folder_albums (folder_id, album_id, added_at)
          select id, ${album}, ${now} from folders where user_id = ${user}`.execute(db),
      );
      const renamed = await moved(() =>
        sql`update folders set name = name || '!' where user_id = ${user}`.execute(db),
      );
      const removed = await moved(() =>
        sql`delete from folders where user_id = ${user}`.execute(db),
      );
      for (const change of [created, filed, renamed, removed]) expect(change).toBeGreaterThan(0);
      // PostgreSQL moves it once per statement; SQLite's row triggers once per folder.
      if (kind === 'postgres') expect([created, filed, renamed, removed]).toEqual([1, 1, 1, 1]);
    } finally {
      await destroy();
    }
  });

  it('counts the albums and tags stored before prefixes were counted, and follows every change', async () => {
    const { db, destroy } = await createTestDatabase(kind, {
      migratedTo: '0030-statement-folder-versions',
    });
    try {
      const user = await insertUser(db, 'prefix counts');
      const other = await insertUser(db, 'other prefix counts');
      const now = new Date().toISOString();
      const underground = await insertAlbum(db, user, 'p1', 'Underground', 'Nico');
      const morning = await insertAlbum(db, user, 'p2', 'Blue Morning', 'Lee');
      await insertAlbum(db, other, 'p3', 'Blue Train', 'Coltrane');
      const tag = await insertTag(db, user, 'Night Owl');
      await sql`insert into album_tags (album_id, tag_id, created_at)
        values (${underground}, ${tag}, ${now}), (${morning}, ${tag}, ${now})`.execute(db);

      await migrateToLatest(db);
      const counted = async (userId: number, prefix: string) => {
        const { rows } = await sql<{ album_count: number }>`select album_count from prefix_counts
          where user_id = ${userId} and prefix = ${prefix}`.execute(db);
        return rows[0]?.album_count ?? 0;
      };
      const total = async (q: string) =>
        (
          await listAlbums(db, user, { query: readAlbumQuery(q) }, 'name-asc', {
            limit: 24,
            offset: 0,
          })
        ).total;
      expect([
        await counted(user, 'n'),
        await counted(user, 'nic'),
        await counted(user, 'bl'),
      ]).toEqual([2, 1, 1]);
      expect(await counted(other, 'bl')).toBe(1);
      expect([await total('n'), await total('owl'), await total('blu')]).toEqual([2, 2, 1]);

      // Written after the migration, each change moves the counts.
      await sql`update albums set search_text = 'blue evening lee' where id = ${morning}`.execute(
        db,
      );
      expect([await counted(user, 'morn'), await counted(user, 'ev')]).toEqual([0, 1]);
      await sql`update tags set search_text = 'day owl' where id = ${tag}`.execute(db);
      expect([await total('n'), await total('day')]).toEqual([1, 2]);
      await sql`delete from album_tags where album_id = ${underground}`.execute(db);
      expect([await total('owl'), await total('under')]).toEqual([1, 1]);
      await sql`delete from albums where id = ${underground}`.execute(db);
      expect([await total('n'), await total('under')]).toEqual([0, 0]);
      await sql`delete from users where id = ${user}`.execute(db);
      const { rows } = await sql<{
        user_id: number;
      }>`select distinct user_id from prefix_counts`.execute(db);
      expect(rows.map((row) => row.user_id)).toEqual([other]);
    } finally {
      await destroy();
    }
  });

  it("lists the labels of albums stored before each album's were kept, and follows their changes", async () => {
    const { db, destroy } = await createTestDatabase(kind, {
      migratedTo: '0035-album-summaries-function',
    });
    try {
      const userId = await insertUser(db, 'labels');
      const now = new Date().toISOString();
      const tagged = await insertAlbum(db, userId, 'l1', 'Tagged', 'Quartet');
      const bare = await insertAlbum(db, userId, 'l2', 'Bare', 'Quartet');
      const night = await insertTag(db, userId, 'Night');
      const [genre] = (
        await sql<{ id: number }>`insert into genres
          (user_id, name, name_key, created_at, search_text)
          values (${userId}, 'Jazz', 'jazz', ${now}, 'jazz') returning id`.execute(db)
      ).rows;
      await sql`insert into album_tags (album_id, tag_id, created_at)
        values (${tagged}, ${night}, ${now})`.execute(db);
      await sql`insert into album_genres (album_id, genre_id, source)
        values (${tagged}, ${genre?.id}, 'user')`.execute(db);

      await migrateToLatest(db);
      const labels = async () => {
        const listed = await listAlbums(db, userId, {}, 'name-asc', { limit: 10, offset: 0 });
        return summariesIn(listed.albums).map(({ name, tags, genres }) => ({
          name,
          tags: tags.map((tag) => tag.name),
          genres: genres.map((item) => item.name),
        }));
      };
      expect(await labels()).toEqual([
        { name: 'Bare', tags: [], genres: [] },
        { name: 'Tagged', tags: ['Night'], genres: ['Jazz'] },
      ]);
      await sql`insert into album_tags (album_id, tag_id, created_at)
        values (${bare}, ${night}, ${now})`.execute(db);
      await sql`update tags set name = 'Late', search_text = 'late' where id = ${night}`.execute(
        db,
      );
      await sql`update genres set name = 'Cool Jazz', search_text = 'cool jazz'
        where id = ${genre?.id}`.execute(db);
      expect(await labels()).toEqual([
        { name: 'Bare', tags: ['Late'], genres: [] },
        { name: 'Tagged', tags: ['Late'], genres: ['Cool Jazz'] },
      ]);
      await sql`delete from album_genres where album_id = ${tagged}`.execute(db);
      expect(await labels()).toEqual([
        { name: 'Bare', tags: ['Late'], genres: [] },
        { name: 'Tagged', tags: ['Late'], genres: [] },
      ]);
      await sql`delete from users where id = ${userId}`.execute(db);
      if (kind === 'postgres') {
        const { rows } = await sql<{ left: number }>`select cast(count(*) as integer) as left
          from album_labels`.execute(db);
        expect(rows[0]?.left).toBe(0);
      }
    } finally {
      await destroy();
    }
  });
});
