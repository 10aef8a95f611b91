import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { importFile, shelfExport } from '../testing/factories';
import { signIn, type TestApp, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';
import type { Database } from './schema';

/** The album counts kept for the user and for each of their tags, genres, artists and folders. */
async function keptCounts(db: Kysely<Database>, userId: number) {
  const count = async (table: 'tags' | 'genres' | 'artists' | 'folders') =>
    (
      await db
        .selectFrom(table)
        .select(['name', 'album_count'])
        .where('user_id', '=', userId)
        .orderBy('name')
        .execute()
    ).map((row) => `${row.name}: ${row.album_count}`);
  const user = await db
    .selectFrom('users')
    .select('album_count')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    albums: Number(user.album_count),
    tags: await count('tags'),
    genres: await count('genres'),
    artists: await count('artists'),
    folders: await count('folders'),
  };
}

/** A user with a shelf of two albums, each with its tag, genre, artist and folder. */
async function shelfOwner({ app, db }: TestApp, shelf: string) {
  const name = uniqueName(shelf);
  const token = await signIn(app, name);
  expect((await importFile(app, token, shelfExport(shelf, 2))).status).toBe('finished');
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('display_name', '=', name)
    .executeTakeFirstOrThrow();
  const albums = await db
    .selectFrom('albums')
    .select('id')
    .where('user_id', '=', user.id)
    .orderBy('id')
    .execute();
  const labelOf = async (table: 'tags' | 'genres' | 'artists' | 'folders') =>
    (
      await db
        .selectFrom(table)
        .select('id')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow()
    ).id;
  return {
    userId: user.id,
    albumIds: albums.map((album) => album.id),
    tagId: await labelOf('tags'),
    genreId: await labelOf('genres'),
    artistId: await labelOf('artists'),
    folderId: await labelOf('folders'),
  };
}

describe.each(testDatabaseKinds)('the rows counted elsewhere on %s', (kind) => {
  const testApp = useTestApp(kind);

  it('refuses to move a row to another user, album or label, and keeps every count', async () => {
    const { db } = testApp();
    const mine = await shelfOwner(testApp(), 'Moved');
    const theirs = await shelfOwner(testApp(), 'Kept');
    const before = [await keptCounts(db, mine.userId), await keptCounts(db, theirs.userId)];
    expect(before[0]).toEqual({
      albums: 2,
      tags: ['Moved: 2'],
      genres: ['Moved Pop: 2'],
      artists: ['Moved Players: 2'],
      folders: ['Moved: 2'],
    });
    const [album, otherAlbum] = mine.albumIds;
    const moves = [
      sql`update albums set user_id = ${theirs.userId} where id = ${album}`,
      sql`update tags set user_id = ${theirs.userId} where id = ${mine.tagId}`,
      sql`update genres set user_id = ${theirs.userId} where id = ${mine.genreId}`,
      sql`update artists set user_id = ${theirs.userId} where id = ${mine.artistId}`,
      sql`update folders set user_id = ${theirs.userId} where id = ${mine.folderId}`,
      sql`update album_tags set tag_id = ${theirs.tagId} where album_id = ${album}`,
      sql`update album_tags set album_id = ${otherAlbum} where album_id = ${album}`,
      sql`update album_genres set genre_id = ${theirs.genreId} where album_id = ${album}`,
      sql`update album_artists set artist_id = ${theirs.artistId} where album_id = ${album}`,
      sql`update folder_albums set folder_id = ${theirs.folderId} where album_id = ${album}`,
      sql`update folder_albums set album_id = ${otherAlbum} where album_id = ${album}`,
    ];
    for (const move of moves)
      await expect(move.execute(db)).rejects.toThrow(/never moved: delete and insert them/);
    expect([await keptCounts(db, mine.userId), await keptCounts(db, theirs.userId)]).toEqual(
      before,
    );
    // Setting a column to the value it has moves nothing, and other columns change as before.
    await sql`update album_tags set tag_id = tag_id where album_id = ${album}`.execute(db);
    await sql`update tags set name = 'Moved on' where id = ${mine.tagId}`.execute(db);
    expect((await keptCounts(db, mine.userId)).tags).toEqual(['Moved on: 2']);
  });
});

describe.runIf(testDatabaseKinds.includes('postgres'))('the counted tables on postgres', () => {
  const testApp = useTestApp('postgres');

  it('refuses to empty a counted table at once', async () => {
    const { db } = testApp();
    const { userId } = await shelfOwner(testApp(), 'Emptied');
    const before = await keptCounts(db, userId);
    for (const table of ['albums', 'album_artists', 'album_genres', 'album_tags', 'folder_albums'])
      await expect(sql`truncate ${sql.table(table)} cascade`.execute(db)).rejects.toThrow(
        /is counted elsewhere: delete its rows instead/,
      );
    expect(await keptCounts(db, userId)).toEqual(before);
  });
});
