import type { Kysely } from 'kysely';
import { z } from 'zod';
import { applyMetadata } from '../albums/refresh-metadata';
import { newAlbum } from '../albums/store';
import { removeUncreditedArtists } from '../artists/credits';
import type { Database } from '../db/schema';
import { albumCount, jobBatch, jobCounts, recordProgress, stillClaimed } from './jobs';

const count = z.number().int().min(0);

/** Where a refresh stands: what its job shows, and where it would go on from. */
export const refreshProgress = jobCounts.extend({
  /** The last album id the refresh went through. */
  after: count,
  updated: count,
});
export type RefreshProgress = z.infer<typeof refreshProgress>;

/** Where a refresh goes on from, as its job keeps it: after an album id, with its counts. */
export const refreshResumePoint = refreshProgress.pick({
  after: true,
  updated: true,
  failed: true,
});

/** A page of albums as the service gives them now, with the refresh's progress past it. */
export const refreshPage = jobBatch.extend({
  albums: z.array(z.object({ id: z.number().int(), fresh: newAlbum })),
  progress: refreshProgress,
});
export type RefreshPage = z.infer<typeof refreshPage>;

/** The refresh's progress after a page, or null if the job was no longer this instance's. */
export const refreshedPage = refreshProgress.nullable();

/**
 * Writes what the service says of a page's albums, and the refresh's progress past them, in the
 * caller's transaction. Corrections, tags and folders stay (applyMetadata); each album is read
 * again here, since it may have been corrected or deleted since the page was fetched. Nothing is
 * written once the job is no longer this instance's. Run on the writing thread too
 * (refresh-page-write.ts).
 */
export async function storeRefreshPage(
  trx: Kysely<Database>,
  { userId, claim, albums, progress }: RefreshPage,
): Promise<RefreshProgress | null> {
  if (!(await stillClaimed(trx, claim))) return null;
  const fresh = new Map(albums.map((album) => [album.id, album.fresh]));
  const stored = await trx
    .selectFrom('albums')
    .select(['id', 'name', 'artist', 'release_date', 'image_url', 'corrected'])
    .where('user_id', '=', userId)
    .where('id', 'in', [...fresh.keys(), -1])
    .execute();
  for (const album of stored) {
    const now = fresh.get(album.id);
    if (now) await applyMetadata(trx, userId, album, now);
  }
  await removeUncreditedArtists(trx, userId);
  const after = { ...progress, updated: progress.updated + stored.length };
  await recordProgress(trx, claim, {
    done: after.done,
    total: after.total,
    message: `Refreshed ${after.done} of ${albumCount(after.total)}`,
    resumeFrom: refreshResumePoint.parse(after),
  });
  return after;
}
