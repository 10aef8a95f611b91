import { createHook, executionAsyncResource } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';

/** The longest task a watch saw, and what ran it (the constructor of its async resource). */
export type TaskReport = { longestMs: number; kind: string };

/**
 * The longest the main thread ran one task at a stretch: an I/O callback, a timer, or one
 * promise's continuation, which is a request's code from one await to the next. This is what a
 * single request holds the event loop for, where the loop's delay under load also counts the
 * other requests served in the same turn. Its hooks cost about a tenth of a busy request's CPU,
 * so the bench watches only loads of one request at a time. Times are wall time: a garbage
 * collection inside a task, or a wait for a core, counts in it.
 */
export class TaskWatch {
  #depth = 0;
  #startedAt = 0;
  #report: TaskReport = { longestMs: 0, kind: 'none' };
  readonly #hook = createHook({
    before: () => {
      if (this.#depth++ === 0) this.#startedAt = performance.now();
    },
    after: () => {
      // The task that turned the watch on ends without having been seen to begin.
      if (this.#depth === 0) return;
      this.#depth -= 1;
      if (this.#depth > 0) return;
      const ranMs = performance.now() - this.#startedAt;
      if (ranMs <= this.#report.longestMs) return;
      this.#report = { longestMs: ranMs, kind: executionAsyncResource().constructor.name };
    },
  });

  start(): void {
    this.#depth = 0;
    this.#report = { longestMs: 0, kind: 'none' };
    this.#hook.enable();
  }

  stop(): TaskReport {
    this.#hook.disable();
    return this.#report;
  }
}
