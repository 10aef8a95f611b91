import { createHook, executionAsyncResource } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';

/** The longest callback a watch saw, and what ran it (its async resource's constructor). */
export type CallbackReport = { longestMs: number; kind: string };

/**
 * The longest the main thread ran one callback at a stretch: an I/O callback, a timer, or one
 * promise's continuation (a request's code from one await to the next), between the `before` and
 * `after` of async_hooks, nested ones counted in the outer. Node drains the microtask queue after
 * a callback's `after`, so continuations that follow one another in a turn are timed one by one:
 * this is a lower bound of what a request holds the event loop for, where the loop's delay is an
 * upper bound. Wall time: a garbage collection inside a callback, or a wait for a core, counts in
 * it. The hooks slow every callback, so the bench watches a pass of its own.
 */
export class CallbackWatch {
  #depth = 0;
  #startedAt = 0;
  #report: CallbackReport = { longestMs: 0, kind: 'none' };
  readonly #hook = createHook({
    before: () => {
      if (this.#depth++ === 0) this.#startedAt = performance.now();
    },
    after: () => {
      // The callback that turned the watch on ends without having been seen to begin.
      if (this.#depth === 0) return;
      this.#depth -= 1;
      if (this.#depth > 0) return;
      const ranMs = performance.now() - this.#startedAt;
      if (ranMs <= this.#report.longestMs) return;
      const kind = executionAsyncResource()?.constructor?.name ?? 'unknown';
      this.#report = { longestMs: ranMs, kind };
    },
  });

  start(): void {
    this.#depth = 0;
    this.#report = { longestMs: 0, kind: 'none' };
    this.#hook.enable();
  }

  stop(): CallbackReport {
    this.#hook.disable();
    return this.#report;
  }
}
