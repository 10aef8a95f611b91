import type { RequestSpacing } from './deployment/shared-spacing';
import { untilAborted } from './until-aborted';

/** MusicBrainz asks each client for at most one request a second; a little more keeps us under. */
export const REQUEST_SPACING_MS = 1100;

export type MusicBrainz = {
  /**
   * A GET of the API (a path and query under the base URL) as parsed JSON; undefined when it
   * fails, answers other than 200, or `signal` ends first. A call that ends while it waits for
   * its turn leaves without using one.
   */
  getJson(pathAndQuery: string, signal: AbortSignal): Promise<unknown>;
};

/**
 * The one MusicBrainz client of the process: genre look-ups for album adds and discovery
 * searches share its spacing (`turns`; across instances when it is shared through Redis), so
 * together they stay within MusicBrainz's rate, in the order they asked.
 */
export function musicBrainzClient(
  baseUrl: string,
  userAgent: string,
  turns: RequestSpacing = requestSpacing(REQUEST_SPACING_MS),
): MusicBrainz {
  return {
    async getJson(pathAndQuery, signal) {
      try {
        await turns.wait(signal);
        const response = await fetch(`${baseUrl}${pathAndQuery}`, {
          headers: { 'user-agent': userAgent, accept: 'application/json' },
          signal,
        });
        return response.ok ? await response.json() : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * Calls in turn, each at least `spacingMs` after the start of the one before. A slot is taken
 * only when its call starts: a caller whose signal ends while waiting gives its place up, and the
 * next one's spacing still counts from the last call made.
 */
export function requestSpacing(spacingMs: number): RequestSpacing {
  let lastStart = Number.NEGATIVE_INFINITY;
  let queue: Promise<void> = Promise.resolve();
  return {
    async wait(signal: AbortSignal): Promise<void> {
      const before = queue;
      let done = () => {};
      const mine = new Promise<void>((resolve) => {
        done = resolve;
      });
      // The next caller waits for both: whoever was ahead of us, and us.
      queue = Promise.all([before, mine]).then(() => {});
      try {
        await untilAborted(before, signal);
        await untilAborted(sleep(lastStart + spacingMs - Date.now()), signal);
        lastStart = Date.now();
      } finally {
        done();
      }
    },
  };
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());
