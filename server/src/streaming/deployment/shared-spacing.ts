import type { Redis } from 'ioredis';
import { untilAborted } from '../until-aborted';

export type RequestSpacing = {
  /** Resolves when the caller may make its call; rejects when `signal` ends first, or when too many wait. */
  wait(signal: AbortSignal): Promise<void>;
};

/** By default a call whose turn is further off than this gives up at once (a genre look-up waits 3 s). */
const LONGEST_WAIT_MS = 3_000;

/**
 * Reserves the next free slot: at least `spacing` after the last one given to any instance, by
 * Redis's own clock so that instances whose clocks differ still keep the spacing. Answers how
 * long to wait for it, or -1 without reserving when it is further off than the longest wait, so
 * that callers who would give up anyway do not push every later call further away.
 */
const RESERVE = `local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local spacing = tonumber(ARGV[1])
local last = tonumber(redis.call('GET', KEYS[1]) or '0')
local slot = math.max(now, last + spacing)
if slot - now > tonumber(ARGV[2]) then return -1 end
redis.call('SET', KEYS[1], slot, 'PX', slot - now + spacing)
return slot - now`;

class SpacingBusy extends Error {
  constructor() {
    super('Too many calls are waiting for their turn.');
  }
}

/**
 * Calls spaced across every instance of the deployment through Redis (one MusicBrainz client
 * for them all). While Redis does not answer, `local` spaces this process's calls. A caller that
 * gives up while waiting does not hand its slot back, and none is given a slot more than
 * LONGEST_WAIT_MS away (SpacingBusy), so the queue cannot run ahead of the calls made.
 */
export function sharedSpacing(
  redis: Redis,
  key: string,
  spacingMs: number,
  local: RequestSpacing,
  longestWaitMs = LONGEST_WAIT_MS,
): RequestSpacing {
  return {
    async wait(signal) {
      if (redis.status !== 'ready') return local.wait(signal);
      const waitMs = await redis
        .eval(RESERVE, 1, `gatefold:spacing:${key}`, spacingMs, longestWaitMs)
        .then(Number, () => undefined);
      if (waitMs === undefined) return local.wait(signal);
      if (waitMs < 0) throw new SpacingBusy();
      await untilAborted(
        new Promise<void>((resolve) => setTimeout(resolve, waitMs).unref()),
        signal,
      );
    },
  };
}
