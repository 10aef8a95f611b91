import type { Kysely } from 'kysely';
import { z } from 'zod';
import { type AlbumSources, fetchCompleteAlbum } from '../albums/add-from-streaming';
import { insertAlbums, type NewAlbum, ownedSpotifyIds } from '../albums/store';
import type { Database } from '../db/schema';
import { inUserTransaction } from '../db/user-lock';
import type { LibraryAccount } from '../streaming/port';
import { refreshStatisticsAfterImport } from './import-statistics';
import type { JobWork } from './job-runner';
import type { JobLog } from './jobs';

const PAGE = 50;

export type LibraryImportDependencies = {
  db: Kysely<Database>;
  sources: AlbumSources;
  /** The user's account at the streaming service, to read their saved albums. */
  account: (userId: number) => Promise<LibraryAccount>;
  /** Where a job that fails says why; the user sees a sentence, the log the error. */
  log: JobLog;
};

/** Where an import goes on from: the next page of the library, and what could not be added. */
const resumePoint = z.object({ offset: z.number().int().min(0), failed: z.number().int().min(0) });

/**
 * Imports the saved albums of the user's streaming library, a page at a time. Each page's albums
 * and the point after it commit together, so an import taken over from a stopped instance goes
 * on from the next page and adds no album twice.
 */
export function importLibrary({ db, sources, account }: LibraryImportDependencies): JobWork {
  return async (job) => {
    const { userId, record, signal } = job;
    let { offset, failed } = resumePoint.parse(job.resumeFrom ?? { offset: 0, failed: 0 });
    let { done, added } = job;
    const library = await account(userId);
    for (;;) {
      const page = await sources.streaming.savedAlbums(library, { limit: PAGE, offset });
      const owned = await ownedSpotifyIds(
        db,
        userId,
        page.items.map((saved) => saved.album.id),
      );
      const fetched: (NewAlbum & { added_at: string })[] = [];
      for (const saved of page.items.filter((item) => !owned.has(item.album.id))) {
        signal.throwIfAborted();
        try {
          const album = await fetchCompleteAlbum(sources, saved.album.id);
          if (album) fetched.push({ ...album, added_at: saved.added_at });
          else failed += 1;
        } catch {
          // One album the service cannot give is counted; the import goes on.
          failed += 1;
        }
      }
      done += page.items.length;
      offset += PAGE;
      // A page is stored in one short transaction, however many albums the library holds.
      await inUserTransaction(db, userId, async (trx) => {
        added += (await insertAlbums(trx, userId, fetched)).size;
        await record.progress(
          {
            total: page.total,
            done,
            added,
            message: `Imported ${done} of ${page.total} albums`,
            resumeFrom: { offset, failed },
          },
          trx,
        );
      });
      if (page.items.length === 0 || offset >= page.total) break;
    }
    await refreshStatisticsAfterImport(db, record, added);
    const skipped = done - added - failed;
    const notes = [
      `Added ${added} albums`,
      `${skipped} already in your collection`,
      failed > 0 ? `${failed} could not be added` : '',
    ];
    await record.finish(`${notes.filter(Boolean).join('; ')}.`);
  };
}
