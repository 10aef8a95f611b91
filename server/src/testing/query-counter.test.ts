import { afterEach, describe, expect, it } from 'vitest';
import { QueryCounter } from './query-counter';
import { createTestDatabase, type TestDatabase } from './test-database';

describe('the statement counter of the statement-count tests', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => database?.destroy());

  it('counts a request’s statements and leaves out the job runner’s, on the jobs’ tables alone', async () => {
    database = await createTestDatabase('sqlite');
    const counter = new QueryCounter();
    const db = database.db.withPlugin(counter);
    await db.selectFrom('albums').select('id').where('user_id', '=', 1).execute();
    await db
      .selectFrom('albums')
      .select('id')
      .where('id', 'in', db.selectFrom('jobs').select('user_id'))
      .execute();
    expect(counter.count).toBe(2);

    await db.selectFrom('jobs').select('id').where('status', '=', 'running').execute();
    await db.updateTable('jobs').set({ heartbeat_at: new Date().toISOString() }).execute();
    await db.deleteFrom('job_files').where('job_id', '=', 1).execute();
    expect(counter.count).toBe(2);

    await db
      .selectFrom('jobs')
      .innerJoin('users', 'users.id', 'jobs.user_id')
      .select('jobs.id')
      .execute();
    expect(counter.count).toBe(3);
  });
});
