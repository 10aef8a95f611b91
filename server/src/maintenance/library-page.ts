import type { Kysely } from 'kysely';
import { z } from 'zod';
import { insertAlbums, newAlbum } from '../albums/store';
import type { Database } from '../db/schema';
import { jobBatch, jobCounts, recordProgress, stillClaimed } from './jobs';

const count = z.number().int().min(0);

/** Where a library import stands: what its job shows, and where it would go on from. */
export const libraryImportProgress = jobCounts.extend({
  added: count,
  /** The next page of the library. */
  offset: count,
  withoutGenres: count,
});
export type LibraryImportProgress = z.infer<typeof libraryImportProgress>;

/** Where an import goes on from, as its job keeps it; older jobs kept no count of genres. */
export const libraryResumePoint = libraryImportProgress
  .pick({ offset: true, failed: true })
  .extend({ withoutGenres: count.default(0) });

/** A page of the library, completed, with the import's progress past it but for what it adds. */
export const libraryPage = jobBatch.extend({
  albums: z.array(newAlbum.extend({ added_at: z.string() })),
  progress: libraryImportProgress,
});
export type LibraryPage = z.infer<typeof libraryPage>;

/** What storing a page did: the import's progress after it, or null if the job was not ours. */
export const storedLibraryPage = z
  .object({ progress: libraryImportProgress, added: count })
  .nullable();
export type StoredLibraryPage = z.infer<typeof storedLibraryPage>;

/**
 * Stores a page's albums and the import's progress after it in the caller's transaction, so an
 * import taken over goes on from the next page and adds no album twice. Nothing is written once
 * the job is no longer this instance's (null). Run on the writing thread too (library-page-write.ts).
 */
export async function storeLibraryPage(
  trx: Kysely<Database>,
  { userId, claim, albums, progress }: LibraryPage,
): Promise<StoredLibraryPage> {
  if (!(await stillClaimed(trx, claim))) return null;
  const inserted = await insertAlbums(trx, userId, albums);
  const after = {
    ...progress,
    added: progress.added + inserted.size,
    withoutGenres:
      progress.withoutGenres +
      albums.filter((album) => !album.genres?.length && inserted.has(album.spotify_id)).length,
  };
  const { total, done, added } = after;
  await recordProgress(trx, claim, {
    total,
    done,
    added,
    message: `Imported ${done} of ${total} albums`,
    resumeFrom: libraryResumePoint.parse(after),
  });
  return { progress: after, added: inserted.size };
}
