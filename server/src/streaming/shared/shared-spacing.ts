import type { Redis } from 'ioredis';
import { untilAborted } from '../until-aborted';

export type RequestSpacing = {
  /** Resolves when the caller may make its call; rejects when `signal` ends first. */
  wait(signal: AbortSignal): Promise<void>;
};

/**
 * Reserves the next free slot: at least `spacing` after the last one given to any instance, by
 * Redis's own clock so that instances whose clocks differ still keep the spacing. Answers how
 * long to wait for it.
 */
const RESERVE = `local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local last = tonumber(redis.call('GET', KEYS[1]) or '0')
local slot = math.max(now, last + tonumber(ARGV[1]))
redis.call('SET', KEYS[1], slot, 'PX', 60000)
return slot - now`;

/**
 * Calls spaced across every instance of the deployment through Redis (one MusicBrainz client
 * for them all). While Redis does not answer, `local` spaces this process's calls. A caller that
 * gives up while waiting does not hand its slot back: a second's spacing wasted at most.
 */
export function sharedSpacing(
  redis: Redis,
  key: string,
  spacingMs: number,
  local: RequestSpacing,
): RequestSpacing {
  return {
    async wait(signal) {
      if (redis.status !== 'ready') return local.wait(signal);
      const waitMs = await redis
        .eval(RESERVE, 1, `gatefold:spacing:${key}`, spacingMs)
        .then(Number, () => undefined);
      if (waitMs === undefined) return local.wait(signal);
      await untilAborted(
        new Promise<void>((resolve) => setTimeout(resolve, waitMs).unref()),
        signal,
      );
    },
  };
}
