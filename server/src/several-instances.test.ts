import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { job as jobSchema } from '@gatefold/contract/maintenance';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadDemoCatalogue } from './streaming/demo/catalogue-data';
import { DemoCatalogue } from './streaming/demo/demo-catalogue';
import { DemoStreamingService } from './streaming/demo/demo-service';
import { startFakeSpotify } from './testing/fake-spotify';
import { freePort } from './testing/loopback';
import { startRedis } from './testing/redis-process';
import {
  type ServerProcess,
  signInOverHttp,
  startServerProcess,
  waitForHealth,
} from './testing/server-process';
import { startTcpHop } from './testing/tcp-hop';
import { testDatabaseKinds } from './testing/test-database';

/** Three pages of Spotify's 50 saved albums, each call taking as long as a real one might. */
const LIBRARY_SIZE = 130;
const RATE_LIMIT = 100;
const refusal = z.object({ detail: z.string() });

type Instance = { server: ServerProcess; origin: string; port: number };

describe.runIf(testDatabaseKinds.includes('postgres'))(
  'two instances over one PostgreSQL and one Redis',
  () => {
    const admin = String(process.env.TEST_DATABASE_URL);
    const database = `gatefold_instances_${randomBytes(6).toString('hex')}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatefold-instances-'));
    let fake: Awaited<ReturnType<typeof startFakeSpotify>>;
    let catalogueIds: string[] = [];
    let redis: Awaited<ReturnType<typeof startRedis>>;
    let redisPort: number;
    let hop: Awaited<ReturnType<typeof startTcpHop>>;
    let environment: Record<string, string>;
    /** The two instances the tests talk to; a killed one is replaced by a fresh one. */
    const instances: Instance[] = [];
    const processes: ServerProcess[] = [];
    let token = '';
    /** Each caller its own address (the instances trust one proxy hop), so limits stay apart. */
    let clients = 0;
    const asNewClient = () => {
      clients += 1;
      return {
        'x-forwarded-for': `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`,
      };
    };

    async function adminQuery(statement: string) {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        return await client.query(statement);
      } finally {
        await client.end();
      }
    }

    async function startInstance(): Promise<Instance> {
      const port = await freePort();
      const server = startServerProcess({
        ...environment,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      });
      processes.push(server);
      return { server, origin: `http://127.0.0.1:${port}`, port };
    }

    const call = (
      instance: Instance,
      method: string,
      url: string,
      { body, headers = asNewClient() }: { body?: unknown; headers?: Record<string, string> } = {},
    ) =>
      fetch(`${instance.origin}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    /** The job followed on `instance` until it is no longer running. */
    async function whenDone(instance: Instance, id: number) {
      for (;;) {
        const polled = await call(instance, 'GET', `/api/v1/maintenance/jobs/${id}`);
        const job = jobSchema.parse(await polled.json());
        if (job.status !== 'running') return job;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }

    const instanceAt = (index: number) => {
      const instance = instances[index];
      if (!instance) throw new Error(`No instance ${index}.`);
      return instance;
    };

    beforeAll(async () => {
      const catalogue = new DemoStreamingService(
        new DemoCatalogue(loadDemoCatalogue(), 'http://127.0.0.1'),
        'http://127.0.0.1',
      );
      fake = await startFakeSpotify({ catalogue, librarySize: LIBRARY_SIZE, latencyMs: 15 });
      // Albums outside the saved library, which no import has fetched.
      catalogueIds = catalogue.catalogue.albums.slice(LIBRARY_SIZE).map((album) => album.detail.id);
      redisPort = await freePort();
      redis = await startRedis(redisPort);
      const target = new URL(admin);
      hop = await startTcpHop(
        { host: target.hostname, port: Number(target.port || 5432) },
        await freePort(),
      );
      await adminQuery(`create database ${database}`);
      const url = new URL(admin);
      url.host = `127.0.0.1:${hop.port}`;
      url.pathname = `/${database}`;
      environment = {
        ...fake.environment,
        DATABASE_URL: url.toString(),
        REDIS_URL: redis.url,
        SECRET_KEY: randomBytes(32).toString('base64'),
        DATA_DIR: dataDir,
        TRUST_PROXY: '1',
        RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
        MUSICBRAINZ_URL: 'http://127.0.0.1:9/ws/2',
        MUSICBRAINZ_SPACING_MS: '0',
      };
      // Both at once, as an orchestrator starts them: each migrates, one at a time.
      instances.push(await startInstance(), await startInstance());
      await Promise.all(instances.map((instance) => waitForHealth(instance.server, instance.port)));
      token = await signInOverHttp(instanceAt(0).origin, 'Ada', asNewClient());
    }, 60_000);

    afterAll(async () => {
      for (const server of processes) server.child.kill('SIGKILL');
      await Promise.all(processes.map((server) => server.exited));
      await hop?.close();
      await redis?.stop();
      await fake?.close();
      await adminQuery(`drop database if exists ${database} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('migrates the new database once when both start together', async () => {
      const client = new pg.Client({ connectionString: environment.DATABASE_URL });
      await client.connect();
      try {
        const { rows } = await client.query<{ name: string; times: string }>(
          'select name, count(*) as times from kysely_migration group by name',
        );
        expect(rows.length).toBeGreaterThan(10);
        expect(rows.every((row) => row.times === '1')).toBe(true);
      } finally {
        await client.end();
      }
    });

    it('accepts on one instance the token the other issued', async () => {
      const me = await call(instanceAt(1), 'GET', '/api/v1/auth/me');
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ display_name: 'Ada Lovelace' });
    });

    it('counts one client’s requests against one limit, whichever instance answers', async () => {
      const client = asNewClient();
      const statuses: number[] = [];
      for (let i = 0; i < RATE_LIMIT + 10; i += 1) {
        const instance = instanceAt(i % 2);
        statuses.push((await call(instance, 'GET', '/api/v1/tags', { headers: client })).status);
      }
      expect(statuses.slice(0, RATE_LIMIT).every((status) => status === 200)).toBe(true);
      expect(statuses.slice(RATE_LIMIT).every((status) => status === 429)).toBe(true);
    });

    const catalogueAlbum = (instance: Instance, id: string) =>
      call(instance, 'GET', `/api/v1/albums/spotify/${id}`);
    const albumCalls = (id: string) =>
      fake.seen.apiCalls.filter((seen) => seen.startsWith(`GET /v1/albums/${id}?`)).length;

    it('asks Spotify once for an album both instances are asked for', async () => {
      const id = String(catalogueIds[0]);
      expect((await catalogueAlbum(instanceAt(0), id)).status).toBe(200);
      expect((await catalogueAlbum(instanceAt(1), id)).status).toBe(200);
      expect(albumCalls(id)).toBe(1);
    });

    it('holds both instances’ Spotify calls while Spotify’s Retry-After runs', async () => {
      const [refused, held] = [String(catalogueIds[1]), String(catalogueIds[2])];
      fake.fail({ status: 429, retryAfter: 2 });
      const first = catalogueAlbum(instanceAt(0), refused);
      // Once the refused instance has told Redis of the pause.
      const shared = new Redis(redis.url);
      while ((await shared.pttl('gatefold:spotify:paused')) <= 0)
        await new Promise((resolve) => setTimeout(resolve, 10));
      shared.disconnect();
      const asked = Date.now();
      expect((await catalogueAlbum(instanceAt(1), held)).status).toBe(200);
      expect(Date.now() - asked).toBeGreaterThan(1_500);
      expect((await first).status).toBe(200);
    });

    it('finishes a library import whose instance was killed, adding every album exactly once', async () => {
      const started = await call(instanceAt(0), 'POST', '/api/v1/maintenance/library-import');
      expect(started.status).toBe(202);
      const job = jobSchema.parse(await started.json());
      // Killed once the first page is in, and while the second is being fetched.
      for (let page = job; page.done < 50; ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const polled = await call(instanceAt(1), 'GET', `/api/v1/maintenance/jobs/${job.id}`);
        page = jobSchema.parse(await polled.json());
        expect(page.status).toBe('running');
      }
      instanceAt(0).server.child.kill('SIGKILL');
      await instanceAt(0).server.exited;
      const cutOff = (await adminQueryOn(`select status, done from jobs where id = ${job.id}`))
        .rows[0];
      expect(cutOff.status).toBe('running');
      expect(cutOff.done).toBeLessThan(LIBRARY_SIZE);

      const ended = await whenDone(instanceAt(1), job.id);
      expect(ended).toMatchObject({ status: 'finished', done: LIBRARY_SIZE, added: LIBRARY_SIZE });
      const albums = await call(instanceAt(1), 'GET', '/api/v1/albums?limit=1');
      expect(albums.headers.get('x-total-count')).toBe(String(LIBRARY_SIZE));
      const { rows } = await adminQueryOn(
        'select count(*) as albums, count(distinct spotify_id) as distinct_albums from albums',
      );
      expect(rows[0]).toEqual({
        albums: String(LIBRARY_SIZE),
        distinct_albums: String(LIBRARY_SIZE),
      });
      instances[0] = await startInstance();
      await waitForHealth(instanceAt(0).server, instanceAt(0).port);
    }, 90_000);

    it('on SIGTERM finishes the requests in flight, hands its running job to the other instance and exits within 10 seconds', async () => {
      // Spotify's answers are asked again, so that the refresh takes a while.
      const cache = new Redis(redis.url);
      await cache.flushall();
      cache.disconnect();
      const slow = String(catalogueIds[10]);
      fake.fail({ delayMs: 2_000 });
      const inFlight = catalogueAlbum(instanceAt(0), slow);
      while (albumCalls(slow) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      const started = await call(instanceAt(0), 'POST', '/api/v1/maintenance/refresh');
      expect(started.status).toBe(202);
      const job = jobSchema.parse(await started.json());
      const claimedBy = async () =>
        (await adminQueryOn(`select claimed_by, status, done from jobs where id = ${job.id}`))
          .rows[0];
      const stoppingInstance = (await claimedBy()).claimed_by;
      expect(stoppingInstance).toEqual(expect.any(String));

      const stopping = Date.now();
      instanceAt(0).server.child.kill('SIGTERM');
      expect((await inFlight).status).toBe(200);
      expect(await instanceAt(0).server.exited).toBe(0);
      expect(Date.now() - stopping).toBeLessThan(10_000);
      // Released: no longer the stopped instance's (the other may have taken it already).
      const released = await claimedBy();
      expect(released.status).toBe('running');
      expect(released.claimed_by).not.toBe(stoppingInstance);
      expect(released.done).toBeLessThan(LIBRARY_SIZE);

      // Released at shutdown, the job is taken at the other's next look, not after 30 s.
      const ended = await whenDone(instanceAt(1), job.id);
      expect(ended).toMatchObject({ status: 'finished', done: LIBRARY_SIZE });
      instances[0] = await startInstance();
      await waitForHealth(instanceAt(0).server, instanceAt(0).port);
    }, 60_000);

    it('answers without a single 5xx while Redis is stopped for 10 seconds', async () => {
      const statuses: number[] = [];
      const load = async (until: number) => {
        for (let i = 0; Date.now() < until; i += 1) {
          const instance = instanceAt(i % 2);
          // The collection, and Spotify's answers, whose cache lives in Redis.
          const response =
            i % 3 === 2
              ? await catalogueAlbum(instance, String(catalogueIds[3 + (i % 5)]))
              : await call(instance, 'GET', '/api/v1/albums?limit=5');
          statuses.push(response.status);
          await response.arrayBuffer();
        }
      };
      await redis.stop();
      await Promise.all([load(Date.now() + 10_000), load(Date.now() + 10_000)]);
      redis = await startRedis(redisPort);
      await load(Date.now() + 1_000);
      expect(statuses.length).toBeGreaterThan(20);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      for (const instance of instances)
        expect(instance.server.stdout()).toContain('Redis is not answering');
    }, 40_000);

    it('loses no acknowledged write when PostgreSQL goes away under load, and recovers by itself', async () => {
      const acknowledged: string[] = [];
      const refusals: { status: number; detail: unknown }[] = [];
      let writing = true;
      const writer = async (instance: Instance, name: string) => {
        for (let i = 0; writing; i += 1) {
          const tag = `${name} ${i}`;
          const response = await call(instance, 'POST', '/api/v1/tags', { body: { name: tag } });
          if (response.status === 201) acknowledged.push(tag);
          else refusals.push({ status: response.status, ...refusal.parse(await response.json()) });
        }
      };
      const writers = [0, 1, 0, 1].map((index, n) => writer(instanceAt(index), `load ${n}`));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await hop.cut();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const ready = await fetch(`${instanceAt(1).origin}/api/health/ready`);
      expect(ready.status).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await hop.restore();
      // Back by itself: no restart, readiness and writes return.
      for (let attempt = 0; attempt < 100; attempt += 1) {
        if ((await fetch(`${instanceAt(0).origin}/api/health/ready`)).status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const acknowledgedBefore = acknowledged.length;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      writing = false;
      await Promise.all(writers);

      expect(acknowledged.length).toBeGreaterThan(acknowledgedBefore);
      expect(refusals.length).toBeGreaterThan(0);
      for (const refusal of refusals) {
        expect(refusal).toEqual({
          status: 503,
          detail: 'The database is not answering. Please try again in a moment.',
        });
      }
      const stored = new Set(
        (await adminQueryOn("select name from tags where name like 'load %'")).rows.map(
          (row: { name: string }) => row.name,
        ),
      );
      expect(acknowledged.filter((tag) => !stored.has(tag))).toEqual([]);
    }, 60_000);

    /** A query on the instances' database, around the hop. */
    async function adminQueryOn(statement: string) {
      const url = new URL(admin);
      url.pathname = `/${database}`;
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return await client.query(statement);
      } finally {
        await client.end();
      }
    }
  },
);
