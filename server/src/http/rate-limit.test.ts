import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

/** A public call that the limit counts (the health probes are exempt). */
const LIMITED = '/api/openapi.json';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 500,
  });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

describe('rate limiting', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => database.destroy());

  const build = (environment: Record<string, string>, namespace: string) =>
    buildApp({
      config: loadConfig({ DATA_DIR: '/nonexistent', ...environment }),
      db: database.db,
      secretKey: randomBytes(32),
      rateLimit: { perMinute: 3, namespace },
    });

  it('answers 429 with a detail once a client passes its limit', async () => {
    const app = await build({}, 'memory-');
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await app.inject({ url: LIMITED })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await app.inject({ url: LIMITED });
    expect(limited.json()).toEqual({ detail: 'Too many requests. Please wait a moment.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await app.close();
  });

  it('never limits the health probes, which a balancer sends from one address', async () => {
    const app = await build({}, 'probes-');
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await app.inject({ url: '/api/health' })).statusCode);
      statuses.push((await app.inject({ url: '/api/health/ready' })).statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(200));
    expect((await app.inject({ url: LIMITED })).statusCode).toBe(200);
    await app.close();
  });

  it('ignores a forged X-Forwarded-For unless told which proxies to trust', async () => {
    const forged = (app: Awaited<ReturnType<typeof build>>, n: number) =>
      app.inject({ url: LIMITED, headers: { 'x-forwarded-for': `203.0.113.${n}` } });
    const direct = await build({}, 'direct-');
    const directStatuses = [];
    for (let n = 0; n < 4; n += 1) directStatuses.push((await forged(direct, n)).statusCode);
    expect(directStatuses).toEqual([200, 200, 200, 429]);
    await direct.close();

    const proxied = await build({ TRUST_PROXY: '1' }, 'proxied-');
    const proxiedStatuses = [];
    for (let n = 0; n < 4; n += 1) proxiedStatuses.push((await forged(proxied, n)).statusCode);
    expect(proxiedStatuses).toEqual([200, 200, 200, 200]);
    await proxied.close();
  });

  it('shares one limit across instances through Redis', async (context) => {
    if (!(await redisAnswers())) {
      if (process.env.CI) throw new Error(`Redis does not answer at ${redisUrl}.`);
      context.skip();
    }
    const namespace = `test-${randomBytes(6).toString('hex')}-`;
    const first = await build({ REDIS_URL: redisUrl }, namespace);
    const second = await build({ REDIS_URL: redisUrl }, namespace);
    const statuses = [];
    for (const app of [first, second, first, second]) {
      statuses.push((await app.inject({ url: LIMITED })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    await first.close();
    await second.close();
  });
});

describe('rate limiting when Redis does not answer', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => database.destroy());

  it('lets requests through, says so once in the log, and reports not ready', async () => {
    const logged: string[] = [];
    const app = await buildApp({
      // Nothing listens on port 9 here: every connection attempt fails at once.
      config: loadConfig({ DATA_DIR: '/nonexistent', REDIS_URL: 'redis://127.0.0.1:9' }),
      db: database.db,
      secretKey: randomBytes(32),
      rateLimit: { perMinute: 3, namespace: 'closed-' },
      logger: {
        level: 'warn',
        stream: { write: (line: string) => void logged.push(line) },
      },
    });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await app.inject({ url: LIMITED })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const warnings = logged.filter((line) => line.includes('Redis is not answering'));
    expect(warnings).toHaveLength(1);

    const ready = await app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      status: 'unavailable',
      database: 'ok',
      redis: 'unavailable',
      detail: 'Not ready: Redis did not answer.',
    });
    await app.close();
  });
});
