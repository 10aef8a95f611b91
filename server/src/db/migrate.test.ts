import { describe, expect, it } from 'vitest';
import { demoUserRow } from '../testing/factories';
import { createTestDatabase, testDatabaseKinds } from '../testing/test-database';
import { migrateToLatest } from './migrate';

describe.each(testDatabaseKinds)('the schema on %s', (kind) => {
  const now = new Date().toISOString();

  async function withUser<T>(
    work: (db: Awaited<ReturnType<typeof createTestDatabase>>['db'], userId: number) => Promise<T>,
  ) {
    const { db, destroy } = await createTestDatabase(kind);
    try {
      const user = await db
        .insertInto('users')
        .values(demoUserRow('Ada'))
        .returning('id')
        .executeTakeFirstOrThrow();
      return await work(db, user.id);
    } finally {
      await destroy();
    }
  }

  it('migrates again without change', async () => {
    await withUser(async (db) => {
      await migrateToLatest(db);
      expect((await db.selectFrom('users').select('id').execute()).length).toBe(1);
    });
  });

  it('refuses a second tag of the same name in another case for one user', async () => {
    await withUser(async (db, userId) => {
      await db
        .insertInto('tags')
        .values({
          user_id: userId,
          name: 'Jazz',
          name_key: 'jazz',
          search_text: 'jazz',
          created_at: now,
        })
        .execute();
      await expect(
        db
          .insertInto('tags')
          .values({
            user_id: userId,
            name: 'JAZZ',
            name_key: 'jazz',
            search_text: 'jazz',
            created_at: now,
          })
          .execute(),
      ).rejects.toThrow();
    });
  });

  it('gives a new tag the default blue', async () => {
    await withUser(async (db, userId) => {
      const tag = await db
        .insertInto('tags')
        .values({
          user_id: userId,
          name: 'Vinyl',
          name_key: 'vinyl',
          search_text: 'vinyl',
          created_at: now,
        })
        .returning('color')
        .executeTakeFirstOrThrow();
      expect(tag.color).toBe('#3B82F6');
    });
  });

  it('refuses the same streaming album twice for one user', async () => {
    await withUser(async (db, userId) => {
      const album = {
        user_id: userId,
        spotify_id: '4LH4d3cOWNNsVw41Gqt2kv',
        name: 'The Dark Side of the Moon',
        artist: 'Pink Floyd',
        search_name: 'the dark side of the moon',
        search_artist: 'pink floyd',
        search_text: 'the dark side of the moon pink floyd',
        release_date: '1973-03-01',
        total_tracks: 10,
        image_url: null,
        spotify_url: null,
        added_at: now,
        first_added_at: now,
        created_at: now,
        updated_at: now,
      };
      await db.insertInto('albums').values(album).execute();
      await expect(db.insertInto('albums').values(album).execute()).rejects.toThrow();
    });
  });

  it('removes a user’s rows with the user, and an album’s tracks with the album', async () => {
    await withUser(async (db, userId) => {
      const album = await db
        .insertInto('albums')
        .values({
          user_id: userId,
          spotify_id: null,
          name: 'Kind of Blue',
          artist: 'Miles Davis',
          search_name: 'kind of blue',
          search_artist: 'miles davis',
          search_text: 'kind of blue miles davis',
          release_date: '1959',
          total_tracks: 1,
          image_url: null,
          spotify_url: null,
          added_at: now,
          first_added_at: now,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('tracks')
        .values({
          album_id: album.id,
          spotify_id: null,
          name: 'So What',
          artist: 'Miles Davis',
          track_number: 1,
          duration_ms: 562_000,
          spotify_url: null,
        })
        .execute();
      await db.deleteFrom('albums').where('id', '=', album.id).execute();
      expect(await db.selectFrom('tracks').select('id').execute()).toEqual([]);
      await db
        .insertInto('tags')
        .values({
          user_id: userId,
          name: 'Jazz',
          name_key: 'jazz',
          search_text: 'jazz',
          created_at: now,
        })
        .execute();
      await db.deleteFrom('users').where('id', '=', userId).execute();
      expect(await db.selectFrom('tags').select('id').execute()).toEqual([]);
    });
  });

  it('will not delete a folder that still has subfolders', async () => {
    await withUser(async (db, userId) => {
      const parent = await db
        .insertInto('folders')
        .values({
          user_id: userId,
          parent_id: null,
          name: 'Jazz',
          search_text: 'jazz',
          description: null,
          image_url: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('folders')
        .values({
          user_id: userId,
          parent_id: parent.id,
          name: 'Bebop',
          search_text: 'bebop',
          description: null,
          image_url: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await expect(
        db.deleteFrom('folders').where('id', '=', parent.id).execute(),
      ).rejects.toThrow();
    });
  });
});
