import type { Job } from '@gatefold/contract/maintenance';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { type AlbumSources, fetchCompleteAlbum } from '../albums/add-from-streaming';
import { insertAlbums, type NewAlbum, ownedSpotifyIds } from '../albums/store';
import { refreshPlannerStatistics } from '../db/database';
import type { Database, JobsTable } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { inUserTransaction } from '../db/user-lock';
import { conflict, HttpError } from '../http/errors';
import type { LibraryAccount } from '../streaming/port';

const PAGE = 50;
/** A running job beats at least this often while it works, album by album. */
const HEARTBEAT_MS = 15_000;
/** A job whose heartbeat stopped this long ago was cut off (a restart); it no longer blocks. */
export const STALE_AFTER_MS = 5 * 60 * 1000;

export type LibraryImportDependencies = {
  db: Kysely<Database>;
  sources: AlbumSources;
  /** The user's account at the streaming service, to read their saved albums. */
  account: (userId: number) => Promise<LibraryAccount>;
  /** Where a job that fails says why; the user sees a sentence, the log the error. */
  log: Pick<FastifyBaseLogger, 'error'>;
};

/**
 * Starts importing the saved albums of the user's streaming library and answers at once with the
 * job, which records its progress as it goes. One import at a time per user.
 */
export async function startLibraryImport(
  deps: LibraryImportDependencies,
  userId: number,
): Promise<Job> {
  const staleBefore = new Date(Date.now() - STALE_AFTER_MS).toISOString();
  await deps.db
    .updateTable('jobs')
    .set({
      status: 'failed',
      message: 'The import was interrupted.',
      finished_at: new Date().toISOString(),
    })
    .where('user_id', '=', userId)
    .where('status', '=', 'running')
    .where('heartbeat_at', '<', staleBefore)
    .execute();
  const now = new Date().toISOString();
  // The unique index on running jobs turns away the second of two starts at once.
  const job = await deps.db
    .insertInto('jobs')
    .values({
      user_id: userId,
      kind: 'library-import',
      status: 'running',
      total: null,
      started_at: now,
      heartbeat_at: now,
      finished_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch(async (error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      const running = await deps.db
        .selectFrom('jobs')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '=', 'running')
        .executeTakeFirst();
      throw conflict(
        'An import of your library is already running.',
        running ? { job_id: running.id } : {},
      );
    });
  // The work goes on after the answer; it records its own progress and failure.
  void importLibrary(deps, userId, job.id);
  return presentJob(job);
}

async function importLibrary(
  { db, sources, account, log }: LibraryImportDependencies,
  userId: number,
  jobId: number,
) {
  let lastBeat = Date.now();
  const progress = (
    changes: Partial<
      Pick<Selectable<JobsTable>, 'done' | 'total' | 'added' | 'message' | 'status' | 'finished_at'>
    >,
  ) => {
    lastBeat = Date.now();
    return db
      .updateTable('jobs')
      .set({ ...changes, heartbeat_at: new Date(lastBeat).toISOString() })
      .where('id', '=', jobId)
      .execute();
  };
  const beat = async () => {
    if (Date.now() - lastBeat >= HEARTBEAT_MS) await progress({});
  };
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
        await beat();
      }
      // A page is stored in one short transaction, however many albums the library holds.
      const stored = await inUserTransaction(db, userId, async (trx) => {
        return insertAlbums(trx, userId, fetched);
      });
      added += stored.size;
      done += page.items.length;
      await progress({
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
    await progress({
      status: 'finished',
      message: `${notes.filter(Boolean).join('; ')}.`,
      finished_at: new Date().toISOString(),
    });
  } catch (error) {
    log.error({ err: error, jobId }, 'library import failed');
    const detail = error instanceof HttpError ? error.detail : 'The import stopped unexpectedly.';
    await progress({
      status: 'failed',
      message: detail,
      finished_at: new Date().toISOString(),
    }).catch(() => {});
  }
}

export function presentJob(job: Selectable<JobsTable>): Job {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    done: job.done,
    total: job.total,
    added: job.added,
    message: job.message,
    started_at: job.started_at,
    finished_at: job.finished_at,
  };
}
