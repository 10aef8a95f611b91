import type { Kysely } from 'kysely';
import type { AlbumSources } from '../albums/add-from-streaming';
import { toCount } from '../db/count';
import type { Database } from '../db/schema';
import { inUserWrite } from '../db/user-lock';
import { workerModule } from '../start-worker';
import type { JobWork } from './job-runner';
import { albumCount, ClaimLost } from './jobs';
import {
  type RefreshPage,
  type RefreshProgress,
  refreshedPage,
  refreshResumePoint,
  storeRefreshPage,
} from './refresh-page';
import { type KnownArtists, streamingAlbums } from './streaming-albums';

/** Albums fetched, then written in one short transaction. */
const PAGE = 50;

export type RefreshDependencies = { db: Kysely<Database>; sources: AlbumSources };

/** How many albums a refresh starting now would go through. */
export async function refreshableCount(db: Kysely<Database>, userId: number): Promise<number> {
  const count = await db
    .selectFrom('albums')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .where('spotify_id', 'is not', null)
    .executeTakeFirst();
  return toCount(Number(count?.count ?? 0));
}

/**
 * Refreshes every album of the collection that came from the streaming service, a page at a
 * time. Corrections, tags and folders are kept (applyMetadata). Genres are the service's alone
 * (streamingAlbums): where it gives none, an album keeps the ones it has, MusicBrainz's among
 * them, and one without any is left to the look-up of genres.
 */
export function refreshCollection({ db, sources }: RefreshDependencies): JobWork {
  return async (job) => {
    const { userId, record, signal } = job;
    const resumed = refreshResumePoint.parse(job.resumeFrom ?? { after: 0, updated: 0, failed: 0 });
    let progress: RefreshProgress = { ...resumed, done: job.done, total: job.total ?? 0 };
    const artists: KnownArtists = new Map();
    // The page of albums after `after`, as the service gives them now; undefined past the last.
    const pageAfter = async (after: number): Promise<FetchedPage | undefined> => {
      const page = await db
        .selectFrom('albums')
        .select(['id', 'spotify_id'])
        .where('user_id', '=', userId)
        .where('spotify_id', 'is not', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(PAGE)
        .execute();
      const last = page.at(-1);
      if (!last) return undefined;
      const wanted = page.flatMap(({ id, spotify_id }) => (spotify_id ? [{ id, spotify_id }] : []));
      const given = await streamingAlbums(
        sources.streaming,
        wanted.map(({ spotify_id }) => ({ id: spotify_id })),
        artists,
        signal,
      );
      const albums = wanted.flatMap(({ id }, index) => {
        const fresh = given[index];
        return fresh ? [{ id, fresh }] : [];
      });
      // One album the service cannot give is counted; the refresh goes on.
      return { albums, read: page.length, failed: wanted.length - albums.length, last: last.id };
    };
    let next = pageAfter(progress.after);
    for (let fetched = await next; fetched; fetched = await next) {
      // The next page is fetched while this one is written: the one waits on the service, the
      // other on the database.
      next = pageAfter(fetched.last);
      next.catch(() => {});
      const done = progress.done + fetched.read;
      // A page is written in one short transaction; on a SQLite file by the writing thread, so
      // that fifty albums' statements do not hold the event loop.
      const written = await writePage(db, {
        userId,
        claim: record.claim,
        albums: fetched.albums,
        progress: {
          ...progress,
          done,
          total: Math.max(progress.total, done),
          after: fetched.last,
          failed: progress.failed + fetched.failed,
        },
      });
      if (!written) throw new ClaimLost(record.claim.jobId);
      progress = written;
    }
    const { updated, failed } = progress;
    const notes = [
      `Refreshed ${albumCount(updated)}`,
      failed > 0 ? `${failed} the streaming service could not give` : '',
    ];
    await record.finish(`${notes.filter(Boolean).join('; ')}.`);
  };
}

/** A page of the collection as the service gives it now, ready to write. */
type FetchedPage = {
  albums: RefreshPage['albums'];
  /** Albums the page went through, and how many of them the service could not give. */
  read: number;
  failed: number;
  /** The page's last album id, where the next page starts after. */
  last: number;
};

const PAGE_WRITES = workerModule(import.meta.url, 'refresh-page-write');

/** `storeRefreshPage` in a transaction of the user's, on the writing thread where there is one. */
function writePage(db: Kysely<Database>, page: RefreshPage): Promise<RefreshProgress | null> {
  return inUserWrite(db, page.userId, (trx) => storeRefreshPage(trx, page), {
    module: PAGE_WRITES,
    data: page,
    answer: refreshedPage,
  });
}
