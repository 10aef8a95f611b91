import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freePort } from '../../testing/loopback';
import { startRedis } from '../../testing/redis-process';
import { requestSpacing } from '../musicbrainz-client';
import { responseCache } from './response-cache';
import { sharedSpacing } from './shared-spacing';
import { spotifyPause } from './spotify-pause';

/** Two connections stand for two instances of the app. */
describe('state shared by instances through Redis', () => {
  let server: Awaited<ReturnType<typeof startRedis>>;
  let port: number;
  let first: Redis;
  let second: Redis;
  const connect = async () => {
    const redis = new Redis(server.url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    await new Promise((resolve) => redis.once('ready', resolve));
    redis.on('error', () => {});
    return redis;
  };

  beforeAll(async () => {
    port = await freePort();
    server = await startRedis(port);
    [first, second] = [await connect(), await connect()];
  });
  afterAll(async () => {
    first.disconnect();
    second.disconnect();
    await server.stop();
  });

  it('spaces the calls of both instances as one client', async () => {
    const spacingMs = 200;
    const spacings = [first, second].map((redis) =>
      sharedSpacing(redis, `test-${port}`, spacingMs, requestSpacing(spacingMs)),
    );
    const starts: number[] = [];
    const signal = new AbortController().signal;
    await Promise.all(
      [0, 1, 2, 3, 4, 5].map(async (i) => {
        await spacings[i % 2]?.wait(signal);
        starts.push(Date.now());
      }),
    );
    starts.sort((a, b) => a - b);
    const gaps = starts.slice(1).map((start, i) => start - (starts[i] ?? 0));
    // Timers fire late, never early, but a late one shortens the gap after it.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(spacingMs * 0.75);
  });

  it('turns a caller away at once rather than give it a turn further off than the longest wait', async () => {
    const spacings = [first, second].map((redis) =>
      sharedSpacing(redis, `busy-${port}`, 100, requestSpacing(100), 250),
    );
    const signal = new AbortController().signal;
    const waits = await Promise.allSettled(
      [0, 1, 2, 3, 4].map((i) => spacings[i % 2]?.wait(signal)),
    );
    // Turns at 0, 100 and 200 ms; the two after them would wait 300 and 400 ms.
    const statuses = waits.map((wait) => wait.status).sort();
    expect(statuses).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected']);
  });

  it('holds the other instance’s calls during a Spotify pause one of them was told of', async () => {
    const [told, other] = [spotifyPause(first), spotifyPause(second)];
    expect(await other.remainingMs()).toBe(0);
    await told.extend(2_000);
    expect(await other.remainingMs()).toBeGreaterThan(1_800);
    // A shorter pause does not cut a longer one short.
    await other.extend(100);
    expect(await told.remainingMs()).toBeGreaterThan(1_500);
  });

  it('loads an answer once for both instances, and loads again one that does not fit its shape', async () => {
    const schema = z.object({ name: z.string() });
    const name = `albums-${port}`;
    const caches = [first, second].map((redis) =>
      responseCache({ name, ttlMs: 60_000, maxEntries: 10, schema, redis }),
    );
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { name: 'Kind of Blue' };
    };
    expect(await caches[0]?.through('a', load)).toEqual({ name: 'Kind of Blue' });
    expect(await caches[1]?.through('a', load)).toEqual({ name: 'Kind of Blue' });
    expect(loads).toBe(1);

    const keys = await first.keys(`gatefold:cache:${name}:*`);
    await Promise.all(keys.map((key) => first.set(key, '{"title": 1}')));
    expect(await caches[1]?.through('a', load)).toEqual({ name: 'Kind of Blue' });
    expect(loads).toBe(2);
  });

  it('goes on with this process’s own spacing, pause and cache while Redis is down', async () => {
    const spacing = sharedSpacing(first, 'down', 100, requestSpacing(100));
    const pause = spotifyPause(first);
    const cache = responseCache({
      name: 'down',
      ttlMs: 60_000,
      maxEntries: 10,
      schema: z.number(),
      redis: first,
    });
    await server.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const signal = new AbortController().signal;
    const started = Date.now();
    await spacing.wait(signal);
    await spacing.wait(signal);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    await pause.extend(1_000);
    expect(await pause.remainingMs()).toBeGreaterThan(800);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return 7;
    };
    await cache.through('k', load);
    expect(await cache.through('k', load)).toBe(7);
    expect(loads).toBe(1);
    server = await startRedis(port);
  });
});
