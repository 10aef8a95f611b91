import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedWriter } from '../db/database';
import { userWithRunningJob } from '../testing/factories';
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKindsWithReaders,
} from '../testing/test-database';
import { type LibraryPage, storedLibraryPage, storeLibraryPage } from './library-page';

const INSTANCE = 'this instance';

describe.each(testDatabaseKindsWithReaders)('a page of a library import on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());

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
  async function store(page: LibraryPage) {
    const writer = sharedWriter(database.db);
    if (!writer) return database.db.transaction().execute((trx) => storeLibraryPage(trx, page));
    const written = await writer.writeOnThread(
      new URL('./library-page-write.ts', import.meta.url).href,
      page,
    );
    return storedLibraryPage.parse(written);
  }

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
