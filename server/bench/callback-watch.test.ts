import { AsyncResource } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { CallbackWatch } from './callback-watch';

/** Holds the thread for `ms` without yielding. */
function runFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** Runs `work` in a timer's callback of its own, and waits for it. */
const inTimer = (work: () => void) =>
  new Promise<void>((resolve) =>
    setTimeout(() => {
      work();
      resolve();
    }, 0),
  );

describe('CallbackWatch', () => {
  it('reports the longest callback and what ran it, not the time between callbacks', async () => {
    const watch = new CallbackWatch();
    watch.start();
    await inTimer(() => runFor(30));
    await sleep(60);
    runFor(5);
    const report = watch.stop();
    expect(report.longestMs).toBeGreaterThanOrEqual(30);
    expect(report.longestMs).toBeLessThan(60);
    expect(report.kind).toBe('Timeout');
  });

  it('times a promise continuation between two awaits', async () => {
    const watch = new CallbackWatch();
    watch.start();
    await sleep(1);
    runFor(25);
    await sleep(1);
    const report = watch.stop();
    expect(report.longestMs).toBeGreaterThanOrEqual(25);
    expect(report.kind).toBe('Promise');
  });

  it('counts a callback run inside another as part of the outer one', async () => {
    const watch = new CallbackWatch();
    watch.start();
    await inTimer(() => {
      runFor(20);
      new AsyncResource('inner').runInAsyncScope(() => runFor(1));
      runFor(20);
    });
    const report = watch.stop();
    expect(report.longestMs).toBeGreaterThanOrEqual(41);
    expect(report.kind).toBe('Timeout');
  });

  it('sees nothing once stopped', async () => {
    const watch = new CallbackWatch();
    watch.start();
    await sleep(1);
    const stopped = watch.stop();
    await inTimer(() => runFor(20));
    expect(stopped.longestMs).toBeLessThan(20);
    expect(watch.stop().longestMs).toBeLessThan(20);
  });

  it('starts afresh', async () => {
    const watch = new CallbackWatch();
    watch.start();
    await inTimer(() => runFor(20));
    watch.stop();
    watch.start();
    await sleep(1);
    expect(watch.stop().longestMs).toBeLessThan(20);
  });
});
