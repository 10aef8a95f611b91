import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { TaskWatch } from './task-watch';

/** Holds the thread for `ms` without yielding. */
function runFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('TaskWatch', () => {
  it('reports the longest task and what ran it, not the time between tasks', async () => {
    const watch = new TaskWatch();
    watch.start();
    await new Promise<void>((resolve) =>
      setTimeout(() => {
        runFor(30);
        resolve();
      }, 0),
    );
    await sleep(60);
    runFor(5);
    const report = watch.stop();
    expect(report.longestMs).toBeGreaterThanOrEqual(30);
    expect(report.longestMs).toBeLessThan(60);
    expect(report.kind).toBe('Timeout');
  });

  it('counts the stretch of a promise continuation between two awaits', async () => {
    const watch = new TaskWatch();
    watch.start();
    await sleep(1);
    runFor(25);
    await sleep(1);
    const report = watch.stop();
    expect(report.longestMs).toBeGreaterThanOrEqual(25);
    expect(report.kind).toBe('Promise');
  });

  it('starts afresh and sees nothing once stopped', async () => {
    const watch = new TaskWatch();
    watch.start();
    watch.stop();
    await new Promise<void>((resolve) => setTimeout(() => resolve(runFor(20)), 0));
    watch.start();
    await sleep(1);
    expect(watch.stop().longestMs).toBeLessThan(20);
  });
});
