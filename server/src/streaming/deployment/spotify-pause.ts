import type { Redis } from 'ioredis';

/**
 * Until when Spotify asked (429, Retry-After) to be sent nothing. Every call waits it out, not
 * only the refused one; with Redis every instance does, since Spotify counts the app as one.
 */
export type SpotifyPause = {
  /** Milliseconds left of the pause; 0 when there is none. */
  remainingMs(): Promise<number>;
  /** Pauses for `ms` from now, unless a longer pause is already on. */
  extend(ms: number): Promise<void>;
};

const KEY = 'gatefold:spotify:paused';

/** The pause is the key's time to live, so instances whose clocks differ still agree on it. */
const EXTEND = `if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
end`;

export function spotifyPause(redis: Redis | undefined): SpotifyPause {
  let localUntil = 0;
  const local: SpotifyPause = {
    remainingMs: async () => Math.max(0, localUntil - Date.now()),
    extend: async (ms) => {
      localUntil = Math.max(localUntil, Date.now() + ms);
    },
  };
  if (!redis) return local;
  return {
    async remainingMs() {
      const own = await local.remainingMs();
      if (redis.status !== 'ready') return own;
      const shared = await redis.pttl(KEY).catch(() => 0);
      return Math.max(own, shared);
    },
    async extend(ms) {
      // This process keeps it too: if Redis goes, the pause still holds here.
      await local.extend(ms);
      if (redis.status === 'ready') await redis.eval(EXTEND, 1, KEY, ms).catch(() => {});
    },
  };
}
