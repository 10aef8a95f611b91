import { once } from 'node:events';
import { setTimeout } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

const CONNECT_TIMEOUT_MS = 2_000;

/**
 * The connection to the Redis that instances share: rate-limit counters, Spotify's 429 pause,
 * MusicBrainz's spacing and the outside services' caches. When Redis stops answering, commands
 * fail at once rather than queue, so limits fail open (`skipOnError`), the rest falls back to
 * this process's own, and no request waits for it; the outage is logged once, and so is the
 * recovery.
 */
export async function openSharedRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: CONNECT_TIMEOUT_MS,
    enableOfflineQueue: false,
  });
  let answering = true;
  redis.on('error', (error: Error) => {
    if (!answering) return;
    answering = false;
    log.warn(
      { reason: error.message },
      'Redis is not answering: rate limits are off, and pauses, spacing and caches are this instance’s own until it is',
    );
  });
  redis.on('ready', () => {
    if (answering) return;
    answering = true;
    log.info('Redis answers again: limits, pauses, spacing and caches are shared again');
  });
  // The first requests count too: wait for the connection, or for the first failure.
  const settled = new AbortController();
  const { signal } = settled;
  await Promise.race([
    once(redis, 'ready', { signal }),
    once(redis, 'error', { signal }),
    setTimeout(CONNECT_TIMEOUT_MS, undefined, { signal }),
  ]).catch(() => undefined);
  settled.abort();
  return redis;
}

/** QUIT lets Redis finish what it was sent; a connection that is down is simply dropped. */
export async function closeSharedRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit();
  else redis.disconnect();
}
