import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { STATEMENT_TIMEOUT_MS } from '../db/database';
import { createTestApp, useTestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';

describe.each(testDatabaseKinds)('health on %s', (kind) => {
  const testApp = useTestApp(kind);

  it('answers liveness without a session', async () => {
    const response = await testApp().app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('is ready when the database answers, Redis not being configured', async () => {
    const response = await testApp().app.inject({ url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', redis: 'not configured' });
  });
});

describe('readiness without a database', () => {
  it('answers 503 with a detail naming the database', async () => {
    const { app, db, destroy } = await createTestApp('sqlite');
    await db.destroy();
    const response = await app.inject({ url: '/api/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      database: 'unavailable',
      redis: 'not configured',
      detail: 'Not ready: the database did not answer.',
    });
    await destroy();
  });
});

describe.runIf(testDatabaseKinds.includes('postgres'))('statements on postgres', () => {
  const testApp = useTestApp('postgres');

  it('run under a statement timeout', async () => {
    const { rows } = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(
      testApp().db,
    );
    expect(rows[0]?.statement_timeout).toBe(`${STATEMENT_TIMEOUT_MS / 1000}s`);
  });
});
