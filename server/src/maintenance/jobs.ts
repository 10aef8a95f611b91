import type { Job } from '@gatefold/contract/maintenance';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Database, JobsTable } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { conflict, HttpError } from '../http/errors';

/** A running job beats at least this often while it works. */
const HEARTBEAT_MS = 15_000;
/** A job whose heartbeat stopped this long ago was cut off (a restart); it no longer blocks. */
export const STALE_AFTER_MS = 5 * 60 * 1000;

/** What the user is told is in the way of a second job. */
const RUNNING: Record<Job['kind'], string> = {
  'library-import': 'An import of your library',
  'collection-import': 'An import of a file',
  'metadata-refresh': 'A refresh of your albums',
  'genre-lookup': 'A look-up of genres',
};

/**
 * Records a new running job of the user's, or answers 409 while another runs: one job at a
 * time per user, whichever kind. A job left running by a restart stops blocking once stale.
 */
export async function claimJob(
  db: Kysely<Database>,
  userId: number,
  kind: Job['kind'],
  total: number | null = null,
): Promise<Selectable<JobsTable>> {
  const now = new Date().toISOString();
  const staleBefore = new Date(Date.now() - STALE_AFTER_MS).toISOString();
  await db
    .updateTable('jobs')
    .set({ status: 'failed', message: 'The import was interrupted.', finished_at: now })
    .where('user_id', '=', userId)
    .where('status', '=', 'running')
    .where('heartbeat_at', '<', staleBefore)
    .execute();
  // The unique index on running jobs turns away the second of two starts at once.
  return db
    .insertInto('jobs')
    .values({
      user_id: userId,
      kind,
      status: 'running',
      total,
      started_at: now,
      heartbeat_at: now,
      finished_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch(async (error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      const running = await db
        .selectFrom('jobs')
        .select(['id', 'kind'])
        .where('user_id', '=', userId)
        .where('status', '=', 'running')
        .executeTakeFirst();
      throw conflict(
        `${RUNNING[running?.kind ?? 'library-import']} is already running.`,
        running ? { job_id: running.id } : {},
      );
    });
}

type Progress = Partial<Pick<Selectable<JobsTable>, 'done' | 'total' | 'added' | 'message'>>;

/** What a job's work writes as it goes: progress with a heartbeat, then its end. */
export function jobRecord(db: Kysely<Database>, jobId: number, log: JobLog) {
  let lastBeat = Date.now();
  const write = (changes: Partial<Selectable<JobsTable>>) => {
    lastBeat = Date.now();
    return db
      .updateTable('jobs')
      .set({ ...changes, heartbeat_at: new Date(lastBeat).toISOString() })
      .where('id', '=', jobId)
      .execute();
  };
  return {
    progress: (changes: Progress) => write(changes),
    /** A sign of life between progress writes, at most every HEARTBEAT_MS. */
    beat: async () => {
      if (Date.now() - lastBeat >= HEARTBEAT_MS) await write({});
    },
    finish: (message: string) =>
      write({ status: 'finished', message, finished_at: new Date().toISOString() }),
    /**
     * The user sees a sentence (the error's detail, if it has one); the log gets the error, unless
     * it was the request's own fault (a file past the folder limits), which the answer says.
     */
    fail: async (error: unknown) => {
      if (!(error instanceof HttpError && error.statusCode < 500))
        log.error({ err: error, jobId }, 'job failed');
      const detail = error instanceof HttpError ? error.detail : 'The import stopped unexpectedly.';
      await write({ status: 'failed', message: detail, finished_at: new Date().toISOString() });
    },
  };
}

/** "1 album", "2 albums": how a job's message counts. */
export const albumCount = (count: number) => `${count} album${count === 1 ? '' : 's'}`;

export type JobRecord = ReturnType<typeof jobRecord>;

/** Where a job that fails says why. */
export type JobLog = Pick<FastifyBaseLogger, 'error'>;

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
