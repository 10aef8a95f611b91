import { randomUUID } from 'node:crypto';
import { type Job, job } from '@gatefold/contract/maintenance';
import type { Kysely, Selectable } from 'kysely';
import { isPostgres } from '../db/database';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import type { Database, JobsTable } from '../db/schema';
import { HttpError } from '../http/errors';
import { ClaimLost, claimJob, type JobLog, type JobRecord, jobRecord, presentJob } from './jobs';

/** How often an instance says its jobs are alive, and looks for jobs nobody is running. */
export const HEARTBEAT_MS = 10_000;
/** A running job whose heartbeat is older than this lost its instance; another takes it over. */
export const ORPHANED_AFTER_MS = 30_000;
/** How long a shutdown waits for works to reach the end of their batch. */
const STOP_WAIT_MS = 5_000;
const KINDS = job.shape.kind.options;

/** What a request is told whose job was released by a shutdown while it was being prepared. */
const RESTARTING = 'The server is restarting. Please try again in a moment.';
/** A heartbeat this old is orphaned at once: what a released job is given. */
const RELEASED = new Date(0).toISOString();

/** A job as its work sees it: where it got to, how to record progress, and when to stop. */
export type RunningJob = {
  id: number;
  userId: number;
  total: number | null;
  done: number;
  added: number;
  /** Where an earlier run got to (the JSON its work wrote), or undefined on a fresh start. */
  resumeFrom: unknown;
  record: JobRecord;
  /** Aborted when this instance shuts down: the work stops between batches. */
  signal: AbortSignal;
};

/** A job kind's work: it goes on from `resumeFrom`, records each batch, and finishes the job. */
export type JobWork = (job: RunningJob) => Promise<void>;

export type JobRunnerOptions = {
  db: Kysely<Database>;
  log: JobLog;
  /** The work of each kind, which goes on where another instance left it. */
  works: Record<Job['kind'], JobWork>;
  heartbeatMs?: number;
  orphanedAfterMs?: number;
};

/**
 * Runs background jobs so that they outlive the instance that started them. A job is claimed by
 * one instance, which keeps its heartbeat moving; every instance looks now and then for running
 * jobs whose heartbeat stopped and takes one over (on PostgreSQL `FOR UPDATE SKIP LOCKED`, so two
 * instances never take the same one), going on from the last batch its work committed. Shutting
 * down stops the works between batches and releases their jobs for another instance at once.
 */
export function jobRunner({
  db,
  log,
  works,
  heartbeatMs = HEARTBEAT_MS,
  orphanedAfterMs = ORPHANED_AFTER_MS,
}: JobRunnerOptions) {
  const instance = randomUUID();
  const active = new Map<number, { controller: AbortController; done: Promise<void> }>();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> = Promise.resolve();
  let stopping = false;

  /**
   * Runs `work` for a job this instance has claimed, under its heartbeat from now on. `prepare`
   * gives the work (a new file import makes its tags and folders first); the job it is for is
   * beating and stoppable meanwhile too.
   */
  function run(row: Selectable<JobsTable>, prepare: () => Promise<JobWork>): Promise<void> {
    const controller = new AbortController();
    const record = jobRecord(db, row.id, instance, log);
    const started = (async () => {
      const work = await prepare();
      // A job with no resume point starts afresh, whatever counts its row holds.
      const fresh = row.resume_from === null;
      await work({
        id: row.id,
        userId: row.user_id,
        total: row.total,
        done: fresh ? 0 : row.done,
        added: fresh ? 0 : row.added,
        resumeFrom: fresh ? undefined : JSON.parse(row.resume_from ?? 'null'),
        record,
        signal: controller.signal,
      });
    })();
    const done = started
      .catch(async (error: unknown) => {
        // Stopping, another instance holds the job now, or the database went away for a moment:
        // the job goes on where its heartbeat is kept, or where it is taken over.
        if (controller.signal.aborted || error instanceof ClaimLost) return;
        if (isDatabaseUnavailable(error)) return;
        await record.fail(error).catch(() => {
          // Unrecorded, the job's heartbeat stops and it is taken over again.
        });
      })
      .finally(() => active.delete(row.id));
    active.set(row.id, { controller, done });
    return started;
  }

  /** Takes over one running job (of a kind this instance knows) whose heartbeat stopped. */
  async function claimOrphan(): Promise<Selectable<JobsTable> | undefined> {
    const now = new Date();
    const orphanedBefore = new Date(now.getTime() - orphanedAfterMs).toISOString();
    const oldest = db
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', 'running')
      .where('heartbeat_at', '<', orphanedBefore)
      // Only kinds this version knows: a newer one's jobs wait for an instance of it.
      .where('kind', 'in', KINDS)
      .orderBy('id')
      .limit(1);
    return (
      db
        .updateTable('jobs')
        .set({ claimed_by: instance, heartbeat_at: now.toISOString() })
        .where('id', '=', isPostgres(db) ? oldest.forUpdate().skipLocked() : oldest)
        // Checked again on the row itself: another instance may have just taken it.
        .where('status', '=', 'running')
        .where('heartbeat_at', '<', orphanedBefore)
        .returningAll()
        .executeTakeFirst()
    );
  }

  async function takeOverOrphans(): Promise<void> {
    for (let row = await claimOrphan(); row && !stopping; row = await claimOrphan()) {
      log.info({ jobId: row.id, kind: row.kind }, 'taking over a job whose instance stopped');
      const work = works[row.kind];
      void run(row, async () => work);
    }
  }

  async function beat(): Promise<void> {
    if (active.size === 0) return;
    await db
      .updateTable('jobs')
      .set({ heartbeat_at: new Date().toISOString() })
      .where('id', 'in', [...active.keys()])
      .where('claimed_by', '=', instance)
      .where('status', '=', 'running')
      .execute();
  }

  function tick(): void {
    ticking = ticking
      .then(async () => {
        await beat();
        if (!stopping) await takeOverOrphans();
      })
      .catch((error: unknown) => log.warn({ err: error }, 'could not keep the jobs’ heartbeats'));
  }

  return {
    /** This instance's name in `jobs.claimed_by`. */
    instance,

    /** Beats and looks for orphaned jobs from now on, the first time at once. */
    start(): void {
      tick();
      timer = setInterval(tick, heartbeatMs);
      timer.unref();
    },

    /** Claims a new job of the user's (409 while another runs) and runs its kind's work. */
    async begin(userId: number, kind: Job['kind'], total: number | null = null): Promise<Job> {
      const row = await claimJob(db, userId, kind, instance, total);
      const work = works[kind];
      void run(row, async () => work);
      return presentJob(row);
    },

    /**
     * Claims a new job whose work `prepare` gives once it has done what must precede the answer
     * (the work holds what only this request has); a failure there fails the job and the request.
     * `prepare` is given the job's record, to write its first state in its own transaction.
     */
    async beginWith(
      userId: number,
      kind: Job['kind'],
      total: number | null,
      prepare: (jobId: number, record: JobRecord) => Promise<JobWork>,
    ): Promise<Job> {
      const row = await claimJob(db, userId, kind, instance, total);
      let prepared = () => {};
      const ready = new Promise<void>((resolve) => {
        prepared = resolve;
      });
      const record = jobRecord(db, row.id, instance, log);
      const started = run(row, async () => {
        const work = await prepare(row.id, record);
        prepared();
        return work;
      });
      // The answer waits for the preparation only; a failure there is the request's too.
      await Promise.race([ready, started]).catch((error: unknown) => {
        if (error instanceof ClaimLost) throw new HttpError(503, RESTARTING);
        throw error;
      });
      return presentJob(row);
    },

    /** Stops the works between batches and hands their jobs to whichever instance looks next. */
    async stop(): Promise<void> {
      stopping = true;
      clearInterval(timer);
      // A look under way may be taking a job over: it is released with the rest.
      await ticking;
      for (const { controller } of active.values()) controller.abort();
      const settled = Promise.allSettled([...active.values()].map(({ done }) => done));
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([
        settled,
        new Promise((resolve) => {
          waited = setTimeout(resolve, STOP_WAIT_MS);
        }),
      ]);
      clearTimeout(waited);
      await db
        .updateTable('jobs')
        .set({ claimed_by: null, heartbeat_at: RELEASED })
        .where('claimed_by', '=', instance)
        .where('status', '=', 'running')
        .execute()
        .catch((error: unknown) => log.warn({ err: error }, 'could not release the jobs'));
    },
  };
}

export type JobRunner = ReturnType<typeof jobRunner>;
