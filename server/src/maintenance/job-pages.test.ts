import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { insertAlbums } from '../albums/store';
import { sharedWriter } from '../db/database';
import type { Database } from '../db/schema';
import { userWithRunningJob } from '../testing/factories';
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKindsWithReaders,
} from '../testing/test-database';
import { type LibraryPage, storedLibraryPage, storeLibraryPage } from './library-page';
import { type RefreshPage, refreshedPage, storeRefreshPage } from './refresh-page';

const INSTANCE = 'this instance';

describe.each(testDatabaseKindsWithReaders)('pages of jobs on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  describe('a page of a library import', () => {
    /** A user with a library import claimed by `claimedBy`, and a page of two albums for it. */
    async function pageFor(claimedBy: string | null): Promise<LibraryPage> {
      const now = new Date().toISOString();
      const { userId, jobId } = await userWithRunningJob(database.db, 'library-import', {
        total: 120,
        claimedBy,
      });
      const album = (n: number, genres: string[]) => ({
        spotify_id: `album${n}`,
        name: `Album ${n}`,
        artist: 'Someone',
        genres,
        tracks: [
          { name: 'Only', artist: 'Someone', track_number: 1, disc_number: 1, duration_ms: 1000 },
        ],
        added_at: now,
      });
      return {
        userId,
        claim: { jobId, instance: INSTANCE },
        albums: [album(1, ['rock']), album(2, [])],
        progress: { total: 120, done: 52, added: 40, offset: 100, failed: 1, withoutGenres: 3 },
      };
    }

    /** As the import stores it: on the writing thread where the database has one. */
    const store = (page: LibraryPage) =>
      asTheJobWrites(database, 'library-page-write', page, storedLibraryPage, storeLibraryPage);

    const albumsOf = (userId: number) =>
      database.db.selectFrom('albums').select('name').where('user_id', '=', userId).execute();
    const jobOf = (jobId: number) =>
      database.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();

    it('stores the albums and the progress past them together', async () => {
      const page = await pageFor(INSTANCE);
      const stored = await store(page);
      expect(stored).toEqual({
        added: 2,
        progress: { total: 120, done: 52, added: 42, offset: 100, failed: 1, withoutGenres: 4 },
      });
      expect(await albumsOf(page.userId)).toHaveLength(2);
      const job = await jobOf(page.claim.jobId);
      expect(job).toMatchObject({ done: 52, added: 42, message: 'Imported 52 of 120 albums' });
      expect(JSON.parse(job.resume_from ?? 'null')).toEqual({
        offset: 100,
        failed: 1,
        withoutGenres: 4,
      });
    });

    it('stores nothing once the job is no longer this instance’s', async () => {
      const page = await pageFor('another instance');
      expect(await store(page)).toBeNull();
      expect(await albumsOf(page.userId)).toHaveLength(0);
      expect(await jobOf(page.claim.jobId)).toMatchObject({ done: 0, added: 0, resume_from: null });
    });
  });

  describe('a page of a refresh', () => {
    /** A user's album as first stored, a refresh claimed by `claimedBy`, and a page refreshing it. */
    async function pageFor(claimedBy: string | null): Promise<RefreshPage> {
      const { userId, jobId } = await userWithRunningJob(database.db, 'metadata-refresh', {
        total: 1,
        claimedBy,
      });
      const added_at = new Date().toISOString();
      const stored = await database.db
        .transaction()
        .execute((trx) =>
          insertAlbums(trx, userId, [
            { spotify_id: 'album1', name: 'Old name', artist: 'Someone', added_at },
          ]),
        );
      const albumId = stored.get('album1') ?? -1;
      return {
        userId,
        claim: { jobId, instance: INSTANCE },
        albums: [
          { id: albumId, fresh: { spotify_id: 'album1', name: 'New name', artist: 'Someone' } },
        ],
        progress: { total: 1, done: 1, after: albumId, updated: 0, failed: 0 },
      };
    }

    /** As the refresh writes it: on the writing thread where the database has one. */
    const write = (page: RefreshPage) =>
      asTheJobWrites(database, 'refresh-page-write', page, refreshedPage, storeRefreshPage);

    const nameOf = async (albumId: number) =>
      (
        await database.db
          .selectFrom('albums')
          .select('name')
          .where('id', '=', albumId)
          .executeTakeFirstOrThrow()
      ).name;

    it('writes what the service says now and the progress past it together', async () => {
      const page = await pageFor(INSTANCE);
      expect(await write(page)).toEqual({
        total: 1,
        done: 1,
        after: page.progress.after,
        updated: 1,
        failed: 0,
      });
      expect(await nameOf(page.progress.after)).toBe('New name');
      const job = await database.db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', page.claim.jobId)
        .executeTakeFirstOrThrow();
      expect(job).toMatchObject({ done: 1, message: 'Refreshed 1 of 1 album' });
    });

    it('writes nothing once the job is no longer this instance’s', async () => {
      const page = await pageFor('another instance');
      expect(await write(page)).toBeNull();
      expect(await nameOf(page.progress.after)).toBe('Old name');
    });
  });
});

/** A page written as a job writes it: by the writing thread's `module` where the database has one. */
async function asTheJobWrites<Page extends object, Answer>(
  database: TestDatabase,
  module: string,
  page: Page,
  answer: z.ZodType<Answer>,
  here: (trx: Kysely<Database>, page: Page) => Promise<Answer>,
): Promise<Answer> {
  const writer = sharedWriter(database.db);
  if (!writer) return database.db.transaction().execute((trx) => here(trx, page));
  return answer.parse(
    await writer.writeOnThread(new URL(`./${module}.ts`, import.meta.url).href, page),
  );
}
