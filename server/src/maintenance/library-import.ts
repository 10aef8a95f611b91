import type { CatalogueAlbumDetail } from '@gatefold/contract/catalogue';
import type { Kysely } from 'kysely';
import pMap from 'p-map';
import { z } from 'zod';
import {
  type AlbumSources,
  creditedArtist,
  storableAlbum,
  streamingGenres,
} from '../albums/add-from-streaming';
import { insertAlbums, type NewAlbum, ownedSpotifyIds } from '../albums/store';
import type { Database } from '../db/schema';
import { inUserTransaction } from '../db/user-lock';
import type { CatalogueArtist, CataloguePage, LibraryAccount, SavedAlbum } from '../streaming/port';
import { refreshStatisticsAfterImport } from './import-statistics';
import type { JobWork } from './job-runner';
import type { JobLog } from './jobs';

const PAGE = 50;
/** Albums an import stores before the planner's statistics are first gathered again. */
const STATISTICS_AFTER = 1_000;
/** Calls to the streaming service in flight at once while a page is completed. */
const CALLS_AT_ONCE = 8;

export type LibraryImportDependencies = {
  db: Kysely<Database>;
  sources: AlbumSources;
  /** The user's account at the streaming service, to read their saved albums. */
  account: (userId: number) => Promise<LibraryAccount>;
  /** Where a job that fails says why; the user sees a sentence, the log the error. */
  log: JobLog;
};

/** Where an import goes on from: the next page of the library, and what could not be added. */
const resumePoint = z.object({
  offset: z.number().int().min(0),
  failed: z.number().int().min(0),
  withoutGenres: z.number().int().min(0).default(0),
});

/**
 * Imports the saved albums of the user's streaming library, a page at a time. Each page's albums
 * and the point after it commit together, so an import taken over from a stopped instance goes
 * on from the next page and adds no album twice. Genres are the service's alone: MusicBrainz
 * answers once a second, a day for a library of 50,000, so the albums it would name genres for
 * are left to the look-up of genres, and the summary says how many.
 */
export function importLibrary({ db, sources, account }: LibraryImportDependencies): JobWork {
  return async (job) => {
    const { userId, record, signal } = job;
    let { offset, failed, withoutGenres } = resumePoint.parse(
      job.resumeFrom ?? { offset: 0, failed: 0 },
    );
    let { done, added } = job;
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
      return { page, completed: await completePage(sources, fresh, artists, signal) };
    };
    let next: Promise<ReadPage> | undefined = pageAt(offset);
    while (next) {
      const { page, completed }: ReadPage = await next;
      // The next page is read and completed while this one is stored: each is a round trip to
      // the service, and the store one to the database.
      next =
        page.items.length > 0 && offset + PAGE < page.total ? pageAt(offset + PAGE) : undefined;
      next?.catch(() => {});
      failed += completed.failed;
      done += page.items.length;
      offset += PAGE;
      // A page is stored in one short transaction, however many albums the library holds.
      await inUserTransaction(db, userId, async (trx) => {
        const inserted = await insertAlbums(trx, userId, completed.albums);
        added += inserted.size;
        sinceStatistics += inserted.size;
        withoutGenres += completed.albums.filter(
          (album) => !album.genres?.length && inserted.has(album.spotify_id ?? ''),
        ).length;
        await record.progress(
          {
            total: page.total,
            done,
            added,
            message: `Imported ${done} of ${page.total} albums`,
            resumeFrom: { offset, failed, withoutGenres },
          },
          trx,
        );
      });
      // Gathered again each time the import has doubled what it stored: a plan made while the
      // albums were few reads them all, and a page's look-ups grew to 30 ms by 10,000 albums.
      if (sinceStatistics >= Math.max(STATISTICS_AFTER, added - sinceStatistics)) {
        await refreshStatisticsAfterImport(db, record, sinceStatistics);
        sinceStatistics = 0;
      }
    }
    await refreshStatisticsAfterImport(db, record, sinceStatistics);
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

type CompletedPage = { albums: (NewAlbum & { added_at: string })[]; failed: number };
type ReadPage = { page: CataloguePage<SavedAlbum>; completed: CompletedPage };

/** The artists an import has had from the service, by id: undefined for one it does not know. */
type KnownArtists = Map<string, CatalogueArtist | undefined>;

/**
 * A page's albums, ready to store: each taken whole from the page where it carries every track
 * (else asked for), and each artist the import has not met yet asked for once, a few calls at a
 * time. An album the service cannot give, or one of whose artists it fails on, is counted as
 * failed.
 */
async function completePage(
  sources: AlbumSources,
  saved: SavedAlbum[],
  artists: KnownArtists,
  signal: AbortSignal,
): Promise<CompletedPage> {
  const options = { concurrency: CALLS_AT_ONCE, signal };
  const details = await pMap(
    saved,
    async (item) => item.detail ?? sources.streaming.getAlbum(item.album.id).catch(() => undefined),
    options,
  );
  const unmet = new Set(
    details
      .flatMap((album) => album?.artists.map(({ id }) => id) ?? [])
      .filter((id) => !artists.has(id)),
  );
  const failedArtists = new Set<string>();
  await pMap(
    unmet,
    async (id) => {
      try {
        artists.set(id, await sources.streaming.getArtist(id));
      } catch {
        failedArtists.add(id);
      }
    },
    options,
  );
  const page: CompletedPage = { albums: [], failed: 0 };
  saved.forEach((item, index) => {
    const album = completeAlbum(details[index], artists, failedArtists);
    if (album) page.albums.push({ ...album, added_at: item.added_at });
    else page.failed += 1;
  });
  return page;
}

function completeAlbum(
  album: CatalogueAlbumDetail | undefined,
  artists: KnownArtists,
  failedArtists: Set<string>,
): NewAlbum | undefined {
  if (!album || album.artists.some(({ id }) => failedArtists.has(id))) return undefined;
  const credited = album.artists.map((credit) => creditedArtist(credit, artists.get(credit.id)));
  try {
    return storableAlbum(album, credited, streamingGenres(album, credited));
  } catch {
    return undefined;
  }
}
