import fs from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';

const RESOLUTION_MS = 5;

/** What the server saw since it last reported: its event loop's largest delay, and its GC. */
export type LoopReport = {
  maxMs: number;
  /** The largest part of a delay the main thread spent running; null where Linux cannot tell. */
  runningMs: number | null;
  gcLongestMs: number;
  gcShare: number;
  /** The process's time on the cores, every thread's (its SQLite readers' too), in ms. */
  cpuMs: number;
};

/**
 * The main thread's time on a core, in ns, from Linux's scheduler statistics (the first field of
 * /proc/thread-self/schedstat; opened here, on the main thread, so the file is that thread's).
 */
function threadRunTime(): (() => number) | undefined {
  try {
    const fd = fs.openSync('/proc/thread-self/schedstat', 'r');
    const buffer = Buffer.alloc(64);
    return () =>
      Number(buffer.toString('latin1', 0, fs.readSync(fd, buffer, 0, 64, 0)).split(' ')[0]);
  } catch {
    return undefined;
  }
}

/**
 * Watches the main thread's event loop for the bench. On two cores shared with the database and
 * the load generator, a late timer may have waited for a core as much as for our own work; so
 * beside monitorEventLoopDelay's largest delay, each delay is capped by the time the thread ran in
 * it (its work, garbage collection included), which a request's own cost cannot exceed. The
 * monitor forgets the interval under way when reset, so a delay that a report ends shows only here.
 */
export class LoopWatch {
  private readonly delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private since = performance.now();
  private runningMs = 0;
  private gcLongestMs = 0;
  private gcTotalMs = 0;
  private cpuSince = process.cpuUsage();

  constructor() {
    this.delay.enable();
    new PerformanceObserver((entries) => {
      for (const collection of entries.getEntries()) {
        this.gcLongestMs = Math.max(this.gcLongestMs, collection.duration);
        this.gcTotalMs += collection.duration;
      }
    }).observe({ entryTypes: ['gc'] });
    const runTime = threadRunTime();
    if (runTime === undefined) {
      this.runningMs = Number.NaN;
      return;
    }
    let tick = performance.now();
    let ran = runTime();
    this.sample = () => {
      const now = performance.now();
      const nowRan = runTime();
      const lateMs = now - tick - RESOLUTION_MS;
      this.runningMs = Math.max(this.runningMs, Math.min(lateMs, (nowRan - ran) / 1e6));
      tick = now;
      ran = nowRan;
    };
    setInterval(this.sample, RESOLUTION_MS).unref();
  }

  /** Takes the interval since the timer last fired; a report does too, to count a delay it ends. */
  private sample = () => {};

  /** What was seen since the last report; the next report starts afresh. */
  report(): LoopReport {
    this.sample();
    const now = performance.now();
    const report = {
      maxMs: this.delay.max / 1e6,
      runningMs: Number.isNaN(this.runningMs) ? null : this.runningMs,
      gcLongestMs: this.gcLongestMs,
      gcShare: this.gcTotalMs / Math.max(now - this.since, 1),
      cpuMs: cpuMs(process.cpuUsage(this.cpuSince)),
    };
    this.cpuSince = process.cpuUsage();
    this.delay.reset();
    this.since = now;
    this.gcLongestMs = 0;
    this.gcTotalMs = 0;
    if (report.runningMs !== null) this.runningMs = 0;
    return report;
  }
}

const cpuMs = ({ user, system }: NodeJS.CpuUsage) => (user + system) / 1000;
