import autocannon from 'autocannon';

/** A load's result, with its successful answers' p50 and p99 in fractions of a millisecond. */
export type TimedLoad = { result: autocannon.Result; p50: number; p99: number };

/**
 * Runs autocannon and times each successful answer itself: autocannon's histogram keeps whole
 * milliseconds, so an answer of 1.4 ms against one of 1.6 counted as 1 against 2, a growth of 2×.
 */
export function timedLoad(options: autocannon.Options): Promise<TimedLoad> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, result) => {
      if (error) reject(error);
      else {
        const sorted = Float64Array.from(latencies).sort();
        resolve({ result, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) });
      }
    });
    instance.on('response', (_client, statusCode, _bytes, milliseconds) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(milliseconds);
    });
  });
}

/** The nearest-rank percentile of sorted values; 0 for none. */
function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

/** A latency for the tables: tenths of a millisecond. */
export const milliseconds = (value: number) => value.toFixed(1);
