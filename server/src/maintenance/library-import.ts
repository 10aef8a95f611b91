import type { Job } from '@gatefold/contract/maintenance';
import type { Kysely } from 'kysely';
import { type AlbumSources, fetchCompleteAlbum } from '../albums/add-from-streaming';
import { insertAlbums, type NewAlbum, ownedSpotifyIds } from '../albums/store';
import { refreshPlannerStatistics } from '../db/database';
import type { Database } from '../db/schema';
import { inUserTransaction } from '../db/user-lock';
import type { LibraryAccount } from '../streaming/port';
import { claimJob, type JobLog, jobRecord, presentJob } from './jobs';

const PAGE = 50;

export type LibraryImportDependencies = {
  db: Kysely<Database>;
  sources: AlbumSources;
  /** The user's account at the streaming service, to read their saved albums. */
  account: (userId: number) => Promise<LibraryAccount>;
  /** Where a job that fails says why; the user sees a sentence, the log the error. */
  log: JobLog;
};

/**
 * Starts importing the saved albums of the user's streaming library and answers at once with the
 * job, which records its progress as it goes. One import at a time per user.
 */
export async function startLibraryImport(
  deps: LibraryImportDependencies,
  userId: number,
): Promise<Job> {
  const job = await claimJob(deps.db, userId, 'library-import');
  // The work goes on after the answer; it records its own progress and failure.
  void importLibrary(deps, userId, job.id);
  return presentJob(job);
}

async function importLibrary(
  { db, sources, account, log }: LibraryImportDependencies,
  userId: number,
  jobId: number,
) {
  const record = jobRecord(db, jobId, log);
  let done = 0;
  let added = 0;
  let failed = 0;
  try {
    const library = await account(userId);
    for (let offset = 0; ; offset += PAGE) {
      const page = await sources.streaming.savedAlbums(library, { limit: PAGE, offset });
      const owned = await ownedSpotifyIds(
        db,
        userId,
        page.items.map((saved) => saved.album.id),
      );
      const fetched: (NewAlbum & { added_at: string })[] = [];
      for (const saved of page.items.filter((item) => !owned.has(item.album.id))) {
        try {
          const album = await fetchCompleteAlbum(sources, saved.album.id);
          if (album) fetched.push({ ...album, added_at: saved.added_at });
          else failed += 1;
        } catch {
          // One album the service cannot give is counted; the import goes on.
          failed += 1;
        }
        await record.beat();
      }
      // A page is stored in one short transaction, however many albums the library holds.
      const stored = await inUserTransaction(db, userId, async (trx) => {
        return insertAlbums(trx, userId, fetched);
      });
      added += stored.size;
      done += page.items.length;
      await record.progress({
        total: page.total,
        done,
        added,
        message: `Imported ${done} of ${page.total} albums`,
      });
      if (page.items.length === 0 || offset + PAGE >= page.total) break;
    }
    await refreshPlannerStatistics(db, { albumsAdded: added });
    const skipped = done - added - failed;
    const notes = [
      `Added ${added} albums`,
      `${skipped} already in your collection`,
      failed > 0 ? `${failed} could not be added` : '',
    ];
    await record.finish(`${notes.filter(Boolean).join('; ')}.`);
  } catch (error) {
    await record.fail(error).catch(() => {});
  }
}
