import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import { TtlCache } from './ttl-cache';

export type ResponseCache<T> = {
  /** The cached value, or the one `load` gives (cached unless undefined). */
  through(key: string, load: () => Promise<T | undefined>): Promise<T | undefined>;
};

type CacheOptions<S extends z.ZodType> = {
  /** Names the cache's keys in Redis. */
  name: string;
  ttlMs: number;
  /** Entries this process keeps when there is no Redis, or while it is down. */
  maxEntries: number;
  /** What a kept value must be: one read back from Redis is checked, not trusted. */
  schema: S;
  redis: Redis | undefined;
};

/**
 * A cache of an outside service's answers. With Redis every instance shares it, so N instances
 * ask the service once, not N times; without Redis, or while it does not answer, this process
 * keeps its own (the connection logs the outage).
 */
export function responseCache<S extends z.ZodType>({
  name,
  ttlMs,
  maxEntries,
  schema,
  redis,
}: CacheOptions<S>): ResponseCache<z.output<S>> {
  const local = new TtlCache<z.output<S>>(ttlMs, maxEntries);
  if (!redis) return local;
  const redisKey = (key: string) =>
    `gatefold:cache:${name}:${createHash('sha1').update(key).digest('base64url')}`;
  return {
    async through(key, load) {
      if (redis.status !== 'ready') return local.through(key, load);
      const stored = await redis.get(redisKey(key)).catch(() => null);
      const kept = stored === null ? undefined : schema.safeParse(JSON.parse(stored));
      if (kept?.success) return kept.data;
      const loaded = await load();
      if (loaded === undefined) return undefined;
      await redis
        .set(redisKey(key), JSON.stringify(loaded), 'PX', ttlMs)
        .catch(() => local.set(key, loaded));
      return loaded;
    },
  };
}
