import type { Kysely } from 'kysely';
import type { AlbumSources } from '../albums/add-from-streaming';
import { type NewAlbum, ownedSpotifyIds } from '../albums/store';
import type { Database } from '../db/schema';
import { inUserWrite } from '../db/user-lock';
import { workerModule } from '../start-worker';
import type {
  CataloguePage,
  LibraryAccount,
  SavedAlbum,
  StreamingService,
} from '../streaming/port';
import { refreshStatisticsAfterImport } from './import-statistics';
import type { JobWork } from './job-runner';
import { ClaimLost, type JobLog } from './jobs';
import {
  type LibraryImportProgress,
  type LibraryPage,
  libraryResumePoint,
  type StoredLibraryPage,
  storedLibraryPage,
  storeLibraryPage,
} from './library-page';
import { type KnownArtists, streamingAlbums } from './streaming-albums';

const PAGE = 50;
/** Albums an import stores before the planner's statistics are first gathered again. */
const STATISTICS_AFTER = 1_000;

export type LibraryImportDependencies = {
  db: Kysely<Database>;
  sources: AlbumSources;
  /** The user's account at the streaming service, to read their saved albums. */
  account: (userId: number) => Promise<LibraryAccount>;
  /** Where a job that fails says why; the user sees a sentence, the log the error. */
  log: JobLog;
};

/**
 * Imports the saved albums of the user's streaming library, a page at a time. Each page's albums
 * and the point after it commit together, so an import taken over from a stopped instance goes
 * on from the next page and adds no album twice. Genres are the service's alone
 * (streamingAlbums); the summary says how many albums are left for the look-up of genres.
 */
export function importLibrary({ db, sources, account }: LibraryImportDependencies): JobWork {
  return async (job) => {
    const { userId, record, signal } = job;
    const resumed = libraryResumePoint.parse(job.resumeFrom ?? { offset: 0, failed: 0 });
    let progress: LibraryImportProgress = {
      ...resumed,
      total: job.total ?? 0,
      done: job.done,
      added: job.added,
    };
    // Albums stored since the planner's statistics were last gathered.
    let sinceStatistics = 0;
    const library = await account(userId);
    const artists: KnownArtists = new Map();
    // A page of the library, read and completed; the albums already collected are left out.
    const pageAt = async (at: number): Promise<ReadPage> => {
      const page = await sources.streaming.savedAlbums(library, { limit: PAGE, offset: at });
      const owned = await ownedSpotifyIds(
        db,
        userId,
        page.items.map((saved) => saved.album.id),
      );
      const fresh = page.items.filter((item) => !owned.has(item.album.id));
      return { page, completed: await completePage(sources.streaming, fresh, artists, signal) };
    };
    let next: Promise<ReadPage> | undefined = pageAt(progress.offset);
    while (next) {
      const { page, completed }: ReadPage = await next;
      const at = progress.offset;
      // The next page is read and completed while this one is stored: each is a round trip to
      // the service, and the store one to the database.
      next = page.items.length > 0 && at + PAGE < page.total ? pageAt(at + PAGE) : undefined;
      next?.catch(() => {});
      // A page is stored in one short transaction, however many albums the library holds; on a
      // SQLite file by the writing thread, so that SQLite's work does not hold the event loop.
      const stored = await storePage(db, {
        userId,
        claim: record.claim,
        albums: completed.albums,
        progress: {
          ...progress,
          total: page.total,
          done: progress.done + page.items.length,
          offset: at + PAGE,
          failed: progress.failed + completed.failed,
        },
      });
      if (!stored) throw new ClaimLost(record.claim.jobId);
      progress = stored.progress;
      sinceStatistics += stored.added;
      // Gathered again each time the import has doubled what it stored: a plan made while the
      // albums were few reads them all, and a page's look-ups grew to 30 ms by 10,000 albums.
      if (sinceStatistics >= Math.max(STATISTICS_AFTER, progress.added - sinceStatistics)) {
        await refreshStatisticsAfterImport(db, record, sinceStatistics);
        sinceStatistics = 0;
      }
    }
    await refreshStatisticsAfterImport(db, record, sinceStatistics);
    const { done, added, failed, withoutGenres } = progress;
    const skipped = done - added - failed;
    const notes = [
      `Added ${added} albums`,
      `${skipped} already in your collection`,
      failed > 0 ? `${failed} could not be added` : '',
      withoutGenres > 0 ? `${withoutGenres} without genres, for Look up genres` : '',
    ];
    await record.finish(`${notes.filter(Boolean).join('; ')}.`);
  };
}

const PAGE_WRITES = workerModule(import.meta.url, 'library-page-write');

/** `storeLibraryPage` in a transaction of the user's, on the writing thread where there is one. */
function storePage(db: Kysely<Database>, page: LibraryPage): Promise<StoredLibraryPage> {
  return inUserWrite(db, page.userId, (trx) => storeLibraryPage(trx, page), {
    module: PAGE_WRITES,
    data: page,
    answer: storedLibraryPage,
  });
}

type CompletedPage = { albums: (NewAlbum & { added_at: string })[]; failed: number };
type ReadPage = { page: CataloguePage<SavedAlbum>; completed: CompletedPage };

/** A page's albums ready to store, each with when it was saved, and how many could not be. */
async function completePage(
  streaming: StreamingService,
  saved: SavedAlbum[],
  artists: KnownArtists,
  signal: AbortSignal,
): Promise<CompletedPage> {
  const wanted = saved.map((item) => ({ id: item.album.id, detail: item.detail }));
  const albums = await streamingAlbums(streaming, wanted, artists, signal);
  const page: CompletedPage = { albums: [], failed: 0 };
  saved.forEach((item, index) => {
    const album = albums[index];
    if (album) page.albums.push({ ...album, added_at: item.added_at });
    else page.failed += 1;
  });
  return page;
}
