import type { Job } from '@gatefold/contract/maintenance';
import type { Kysely } from 'kysely';
import type { AlbumSources } from '../albums/add-from-streaming';
import { fetchCompleteAlbum } from '../albums/add-from-streaming';
import { applyMetadata } from '../albums/refresh-metadata';
import type { NewAlbum } from '../albums/store';
import { removeUncreditedArtists } from '../artists/credits';
import { toCount } from '../db/count';
import type { Database } from '../db/schema';
import { inUserTransaction } from '../db/user-lock';
import { albumCount, claimJob, type JobLog, jobRecord, presentJob } from './jobs';

/** Albums fetched, then stored in one short transaction. */
const PAGE = 50;

export type RefreshDependencies = { db: Kysely<Database>; sources: AlbumSources; log: JobLog };

/**
 * Starts refreshing every album of the collection that came from the streaming service, and
 * answers at once with the job. Corrections, tags and folders are kept (applyMetadata).
 */
export async function startMetadataRefresh(
  deps: RefreshDependencies,
  userId: number,
): Promise<Job> {
  const { db } = deps;
  const count = await db
    .selectFrom('albums')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .where('spotify_id', 'is not', null)
    .executeTakeFirst();
  const job = await claimJob(db, userId, 'metadata-refresh', toCount(Number(count?.count ?? 0)));
  // The work goes on after the answer; it records its own progress and failure.
  void refreshCollection(deps, userId, job.id, job.total ?? 0);
  return presentJob(job);
}

async function refreshCollection(
  { db, sources, log }: RefreshDependencies,
  userId: number,
  jobId: number,
  total: number,
) {
  const record = jobRecord(db, jobId, log);
  let done = 0;
  let updated = 0;
  let failed = 0;
  try {
    for (let after = 0; ; ) {
      const page = await db
        .selectFrom('albums')
        .select(['id', 'spotify_id'])
        .where('user_id', '=', userId)
        .where('spotify_id', 'is not', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(PAGE)
        .execute();
      if (page.length === 0) break;
      after = page.at(-1)?.id ?? after;

      const fetched = new Map<number, NewAlbum>();
      for (const { id, spotify_id } of page) {
        try {
          const album = spotify_id ? await fetchCompleteAlbum(sources, spotify_id) : undefined;
          if (album) fetched.set(id, album);
          else failed += 1;
        } catch {
          // One album the service cannot give is counted; the refresh goes on.
          failed += 1;
        }
        await record.beat();
      }
      updated += await inUserTransaction(db, userId, async (trx) => {
        // Read again inside the transaction: an album may have been corrected or deleted since.
        const albums = await trx
          .selectFrom('albums')
          .select(['id', 'name', 'artist', 'release_date', 'image_url', 'corrected'])
          .where('user_id', '=', userId)
          .where('id', 'in', [...fetched.keys(), -1])
          .execute();
        for (const album of albums) {
          const fresh = fetched.get(album.id);
          if (fresh) await applyMetadata(trx, userId, album, fresh);
        }
        await removeUncreditedArtists(trx, userId);
        return albums.length;
      });
      done += page.length;
      await record.progress({
        done,
        total: Math.max(total, done),
        message: `Refreshed ${done} of ${albumCount(Math.max(total, done))}`,
      });
    }
    const notes = [
      `Refreshed ${albumCount(updated)}`,
      failed > 0 ? `${failed} the streaming service could not give` : '',
    ];
    await record.finish(`${notes.filter(Boolean).join('; ')}.`);
  } catch (error) {
    await record.fail(error).catch(() => {});
  }
}
