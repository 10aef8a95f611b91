import type { Job } from '@gatefold/contract/maintenance';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { Database, JobsTable } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { conflict, HttpError } from '../http/errors';

/** What the user is told is in the way of a second job. */
const RUNNING: Record<Job['kind'], string> = {
  'library-import': 'An import of your library',
  'collection-import': 'An import of a file',
  'metadata-refresh': 'A refresh of your albums',
  'genre-lookup': 'A look-up of genres',
};

/** The job is no longer this instance's: another took it over, or it was released. */
export class ClaimLost extends Error {
  constructor(jobId: number) {
    super(`Job ${jobId} is no longer claimed by this instance.`);
  }
}

/**
 * Records a new running job of the user's, claimed by `instance`, or answers 409 while another
 * runs: one job at a time per user, whichever kind.
 */
export async function claimJob(
  db: Kysely<Database>,
  userId: number,
  kind: Job['kind'],
  instance: string,
  total: number | null = null,
): Promise<Selectable<JobsTable>> {
  const now = new Date().toISOString();
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
      claimed_by: instance,
      resume_from: null,
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

type Progress = Partial<Pick<Selectable<JobsTable>, 'done' | 'total' | 'added' | 'message'>> & {
  /** Where the work would go on from if this instance stopped now. */
  resumeFrom?: object;
};

/** A job as held by an instance: what each write of its progress checks first. */
const jobClaim = z.object({ jobId: z.number().int(), instance: z.string() });
export type JobClaim = z.infer<typeof jobClaim>;

/** A write of a job's batch, as it crosses to the writing thread: whose, under which claim. */
export const jobBatch = z.object({ userId: z.number().int(), claim: jobClaim });

const count = z.number().int().min(0);
/** What a job's progress counts: the albums in all, those gone through, those that failed. */
export const jobCounts = z.object({ total: count, done: count, failed: count });

/**
 * Writes `changes` to the job and beats its heartbeat, only while `claim` still holds it: false
 * when another instance took it over or it was released.
 */
async function writeClaimed(
  executor: Kysely<Database>,
  { jobId, instance }: JobClaim,
  changes: Partial<Selectable<JobsTable>>,
): Promise<boolean> {
  const result = await executor
    .updateTable('jobs')
    .set({ ...changes, heartbeat_at: new Date().toISOString() })
    .where('id', '=', jobId)
    .where('claimed_by', '=', instance)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Records a job's progress in the caller's transaction, so that it commits with the batch it
 * describes (a thread's too: the writing thread runs this with its own connection). Throws
 * ClaimLost when the job is no longer `claim`'s.
 */
export async function recordProgress(
  executor: Kysely<Database>,
  claim: JobClaim,
  { resumeFrom, ...changes }: Progress,
): Promise<void> {
  const resume = resumeFrom ? { resume_from: JSON.stringify(resumeFrom) } : {};
  if (!(await writeClaimed(executor, claim, { ...changes, ...resume })))
    throw new ClaimLost(claim.jobId);
}

/**
 * Beats the job's heartbeat in the caller's transaction: false when it is no longer `claim`'s, so
 * that a write can stop before doing anything.
 */
export const stillClaimed = (executor: Kysely<Database>, claim: JobClaim) =>
  writeClaimed(executor, claim, {});

/**
 * What a job's work writes as it goes, each write only while `instance` still holds the job
 * (else ClaimLost). Given a transaction, progress commits with the batch it describes.
 */
export function jobRecord(db: Kysely<Database>, jobId: number, instance: string, log: JobLog) {
  const claim: JobClaim = { jobId, instance };
  const write = async (changes: Partial<Selectable<JobsTable>>): Promise<void> => {
    if (!(await writeClaimed(db, claim, changes))) throw new ClaimLost(jobId);
  };
  const ended = async (status: 'finished' | 'failed', message: string) => {
    await write({ status, message, finished_at: new Date().toISOString(), claimed_by: null });
    // Kept only for an instance that might take the job over.
    await db.deleteFrom('job_files').where('job_id', '=', jobId).execute();
  };
  return {
    claim,
    progress: (progress: Progress, trx: Kysely<Database> = db) =>
      recordProgress(trx, claim, progress),
    finish: (message: string) => ended('finished', message),
    /** Something that went wrong beside the job's work, which stands: the log hears of it. */
    warn: (error: unknown, message: string) => log.warn({ err: error, jobId }, message),
    /** A job that cannot go on where it stopped ends with a sentence saying what to do. */
    interrupted: (message: string) => ended('failed', message),
    /**
     * The user sees a sentence (the error's detail, if it has one); the log gets the error, unless
     * it was the request's own fault (a file past the folder limits), which the answer says.
     */
    fail: async (error: unknown) => {
      if (!(error instanceof HttpError && error.statusCode < 500))
        log.error({ err: error, jobId }, 'job failed');
      await ended(
        'failed',
        error instanceof HttpError ? error.detail : 'The import stopped unexpectedly.',
      );
    },
  };
}

/** "1 album", "2 albums": how a job's message counts. */
export const albumCount = (count: number) => `${count} album${count === 1 ? '' : 's'}`;

export type JobRecord = ReturnType<typeof jobRecord>;

/** Where a job that fails says why, and where the runner says what it took over. */
export type JobLog = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;

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

/** Files kept for jobs that have ended meanwhile (a preparation that lost its claim). */
export async function purgeEndedJobFiles(db: Kysely<Database>): Promise<void> {
  await db
    .deleteFrom('job_files')
    .where('job_id', 'not in', (eb) =>
      eb.selectFrom('jobs').select('id').where('status', '=', 'running'),
    )
    .execute();
}
