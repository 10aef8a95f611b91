import type { Job } from '@gatefold/contract/maintenance';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoUserRow } from '../testing/factories';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../testing/test-database';
import { INTERRUPTED_IMPORT, resumeCollectionImport, startCollectionImport } from './import';
import { readImportFile } from './import-file';
import { type JobRunner, type JobWork, jobRunner, type RunningJob } from './job-runner';
import { type JobLog, presentJob } from './jobs';

const silent: JobLog = { error: () => {}, warn: () => {}, info: () => {} };
const FAST = { heartbeatMs: 40, orphanedAfterMs: 1_000 };

describe.each(testDatabaseKinds)('background jobs on %s', (kind) => {
  let database: TestDatabase;
  const runners: JobRunner[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  });
  afterAll(async () => database.destroy());

  /** A runner with the works given; a job of any other kind must not run. */
  const runner = (works: Partial<Record<Job['kind'], JobWork>>) => {
    const unexpected: JobWork = async (job) => {
      throw new Error(`Job ${job.id} was not expected to run here.`);
    };
    const made = jobRunner({
      db: database.db,
      log: silent,
      works: {
        'library-import': unexpected,
        'collection-import': unexpected,
        'metadata-refresh': unexpected,
        'genre-lookup': unexpected,
        ...works,
      },
      ...FAST,
    });
    runners.push(made);
    return made;
  };

  async function newUser(): Promise<number> {
    const row = await database.db
      .insertInto('users')
      .values(demoUserRow(`jobs ${Math.random()}`))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A running job whose instance is gone: its heartbeat stopped `beatMs` ago. */
  async function orphanedJob(
    userId: number,
    jobKind: 'library-import' | 'collection-import',
    { beatMs = 60_000, resumeFrom = null as string | null } = {},
  ) {
    return database.db
      .insertInto('jobs')
      .values({
        user_id: userId,
        kind: jobKind,
        status: 'running',
        total: 10,
        done: 4,
        added: 3,
        started_at: new Date(Date.now() - 120_000).toISOString(),
        heartbeat_at: new Date(Date.now() - beatMs).toISOString(),
        finished_at: null,
        claimed_by: 'an instance that stopped',
        resume_from: resumeFrom,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  const jobRow = (id: number) =>
    database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('It never happened.');
  }

  it('takes over a job whose heartbeat stopped and goes on from its last batch', async () => {
    const userId = await newUser();
    const orphan = await orphanedJob(userId, 'library-import', {
      resumeFrom: JSON.stringify({ offset: 50 }),
    });
    const seen: RunningJob[] = [];
    runner({
      'library-import': async (job) => {
        seen.push(job);
        await job.record.progress({ done: 10, added: 9, resumeFrom: { offset: 100 } });
        await job.record.finish('Added 9 albums.');
      },
    }).start();
    const ended = await until(
      () => jobRow(orphan.id),
      (job) => job.status !== 'running',
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ done: 4, added: 3, resumeFrom: { offset: 50 } });
    expect(presentJob(ended)).toMatchObject({ status: 'finished', done: 10, added: 9 });
    expect(ended.claimed_by).toBeNull();
  });

  it('leaves a job alone while its instance keeps beating', async () => {
    const userId = await newUser();
    const beating = await orphanedJob(userId, 'library-import', { beatMs: 0 });
    let ran = false;
    runner({
      'library-import': async () => {
        ran = true;
      },
    }).start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ran).toBe(false);
    expect(await jobRow(beating.id)).toMatchObject({ claimed_by: 'an instance that stopped' });
    await database.db.deleteFrom('jobs').where('id', '=', beating.id).execute();
  });

  it('gives an orphaned job to exactly one of several instances', async () => {
    const userId = await newUser();
    const orphan = await orphanedJob(userId, 'library-import');
    const takenBy: string[] = [];
    const work =
      (name: string): JobWork =>
      async (job) => {
        takenBy.push(name);
        await job.record.finish('Done.');
      };
    for (const name of ['first', 'second', 'third'])
      runner({ 'library-import': work(name) }).start();
    await until(
      () => jobRow(orphan.id),
      (job) => job.status === 'finished',
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(takenBy).toHaveLength(1);
  });

  it('keeps beating for a long work, so no other instance takes it', async () => {
    const userId = await newUser();
    let release = () => {};
    const holding = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = runner({
      'library-import': async (job) => {
        await holding;
        await job.record.finish('Done.');
      },
    });
    first.start();
    const started = await first.begin(userId, 'library-import');
    let secondRan = false;
    runner({
      'library-import': async () => {
        secondRan = true;
      },
    }).start();
    // Longer than a job may go without a heartbeat.
    await new Promise((resolve) => setTimeout(resolve, FAST.orphanedAfterMs * 2));
    expect(secondRan).toBe(false);
    expect((await jobRow(started.id)).claimed_by).toBe(first.instance);
    release();
    await until(
      () => jobRow(started.id),
      (job) => job.status === 'finished',
    );
  });

  it('stops its works at shutdown and hands their jobs to the next instance at once', async () => {
    const userId = await newUser();
    const first = runner({
      'library-import': async (job) => {
        await job.record.progress({ done: 1, resumeFrom: { offset: 50 } });
        await new Promise((resolve) => job.signal.addEventListener('abort', resolve));
        job.signal.throwIfAborted();
      },
    });
    first.start();
    const started = await first.begin(userId, 'library-import');
    await until(
      () => jobRow(started.id),
      (job) => job.done === 1,
    );
    await first.stop();
    const released = await jobRow(started.id);
    expect(released).toMatchObject({ status: 'running', claimed_by: null });

    let resumedFrom: unknown;
    const second = runner({
      'library-import': async (job) => {
        resumedFrom = job.resumeFrom;
        await job.record.finish('Done.');
      },
    });
    // No waiting out the heartbeat: a released job is taken on the first look.
    second.start();
    await until(
      () => jobRow(started.id),
      (job) => job.status === 'finished',
    );
    expect(resumedFrom).toEqual({ offset: 50 });
  });

  it('lets a work whose job was taken over stop without writing over the new owner', async () => {
    const userId = await newUser();
    let progressed: unknown;
    let goOn = () => {};
    const paused = new Promise<void>((resolve) => {
      goOn = resolve;
    });
    const first = runner({
      'library-import': async (job) => {
        await paused;
        progressed = await job.record.progress({ done: 99 }).catch((error: unknown) => error);
      },
    });
    const started = await first.begin(userId, 'library-import');
    await database.db
      .updateTable('jobs')
      .set({ claimed_by: 'another instance' })
      .where('id', '=', started.id)
      .execute();
    goOn();
    await until(
      async () => progressed,
      (value) => value !== undefined,
    );
    expect(progressed).toBeInstanceOf(Error);
    expect(await jobRow(started.id)).toMatchObject({
      status: 'running',
      done: 0,
      claimed_by: 'another instance',
    });
    await database.db.deleteFrom('jobs').where('id', '=', started.id).execute();
  });

  it('ends an orphaned file import whose file was not kept with a sentence saying how to finish it', async () => {
    const userId = await newUser();
    const orphan = await orphanedJob(userId, 'collection-import');
    runner({ 'collection-import': resumeCollectionImport(database.db) }).start();
    const ended = await until(
      () => jobRow(orphan.id),
      (job) => job.status !== 'running',
    );
    expect(presentJob(ended)).toMatchObject({ status: 'failed', message: INTERRUPTED_IMPORT });
  });

  it('leaves a job whose database went away to be taken over, instead of failing it', async () => {
    const userId = await newUser();
    let attempts = 0;
    const first = runner({
      'library-import': async (job) => {
        attempts += 1;
        if (attempts === 1) throw new Error('Connection terminated unexpectedly');
        await job.record.finish('Done.');
      },
    });
    first.start();
    const started = await first.begin(userId, 'library-import');
    const ended = await until(
      () => jobRow(started.id),
      (job) => job.status !== 'running',
    );
    expect(presentJob(ended)).toMatchObject({ status: 'finished', message: 'Done.' });
    expect(attempts).toBe(2);
  });

  it('answers 503 to a start whose job was released while it was being prepared', async () => {
    const userId = await newUser();
    const starting = runner({}).beginWith(userId, 'collection-import', 1, async (jobId, record) => {
      // As a shutdown's release does, between the claim and the preparation's first write.
      await database.db
        .updateTable('jobs')
        .set({ claimed_by: null })
        .where('id', '=', jobId)
        .execute();
      await record.progress({});
      return async () => {};
    });
    await expect(starting).rejects.toMatchObject({
      statusCode: 503,
      detail: 'The server is restarting. Please try again in a moment.',
    });
    await database.db.deleteFrom('jobs').where('user_id', '=', userId).execute();
  });

  it('records a failing work as failed, with the error’s sentence', async () => {
    const userId = await newUser();
    const started = await runner({
      'library-import': async () => {
        throw new Error('boom');
      },
    }).begin(userId, 'library-import');
    const ended = await until(
      () => jobRow(started.id),
      (job) => job.status !== 'running',
    );
    expect(presentJob(ended)).toMatchObject({
      status: 'failed',
      message: 'The import stopped unexpectedly.',
    });
  });

  // Only PostgreSQL keeps a file import's file: it is where another instance may take one over.
  if (kind === 'postgres')
    it('goes on with a file import from its last batch on another instance, every album once', async () => {
      const userId = await newUser();
      const count = 3_000;
      const bytes = new TextEncoder().encode(JSON.stringify(exportOf(count)));
      const works = { 'collection-import': resumeCollectionImport(database.db) };
      const first = runner(works);
      first.start();
      // In pieces as a request's body comes, some cutting a character in two.
      const pieces = Array.from({ length: Math.ceil(bytes.byteLength / 7_001) }, (_, n) =>
        bytes.subarray(n * 7_001, (n + 1) * 7_001),
      );
      const file = await readImportFile(pieces, { keep: true });
      const started = await startCollectionImport(first, database.db, userId, file);
      await until(
        () => jobRow(started.id),
        (job) => job.done >= 250,
      );
      await first.stop();
      const handedOver = await jobRow(started.id);
      expect(handedOver).toMatchObject({ status: 'running', claimed_by: null });
      expect(handedOver.done).toBeLessThan(count);

      runner(works).start();
      const ended = await until(
        () => jobRow(started.id),
        (job) => job.status !== 'running',
      );
      expect(presentJob(ended)).toMatchObject({ status: 'finished', done: count, added: count });
      const counts = await database.db
        .selectFrom('albums')
        .select((eb) => [
          eb.fn.countAll<string>().as('albums'),
          eb.fn.count<string>('spotify_id').distinct().as('distinct_albums'),
        ])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(counts).toEqual({ albums: String(count), distinct_albums: String(count) });
      const last = await database.db
        .selectFrom('albums')
        .select('name')
        .where('user_id', '=', userId)
        .where('spotify_id', '=', `resumed${count - 1}`)
        .executeTakeFirstOrThrow();
      expect(last.name).toBe(`Ágætis ${count - 1}`);
      const links = await database.db
        .selectFrom('folder_albums')
        .innerJoin('albums', 'albums.id', 'folder_albums.album_id')
        .select((eb) => eb.fn.countAll<string>().as('links'))
        .where('albums.user_id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(links.links).toBe(String(count));
      const kept = await database.db
        .selectFrom('job_files')
        .select('job_id')
        .where('job_id', '=', started.id)
        .execute();
      expect(kept).toEqual([]);
    }, 30_000);
});

/** An export of `count` albums, each in the file's one folder, with one track. */
function exportOf(count: number) {
  return {
    format: 'gatefold-export',
    version: 1,
    exported_at: '2026-01-01T00:00:00.000Z',
    tags: [{ name: 'Imported', color: '#3B82F6' }],
    folders: [
      {
        key: 1,
        parent_key: null,
        name: 'Shelf',
        description: null,
        image_url: null,
        sort_order: 0,
      },
    ],
    albums: Array.from({ length: count }, (_, i) => ({
      spotify_id: `resumed${i}`,
      name: `Ágætis ${i}`,
      artist: `Artist ${i % 50}`,
      release_date: '2001',
      total_tracks: 1,
      image_url: null,
      spotify_url: null,
      added_at: '2026-01-01T00:00:00.000Z',
      tags: ['Imported'],
      genres: [],
      folder_keys: [1],
      tracks: [
        {
          name: 'One',
          artist: `Artist ${i % 50}`,
          track_number: 1,
          disc_number: 1,
          duration_ms: 1000,
          spotify_url: null,
        },
      ],
    })),
  };
}
