import autocannon from 'autocannon';

/** A load's result, with its successful answers' p50 and p99 in fractions of a millisecond. */
export type TimedLoad = { result: autocannon.Result; p50: number; p99: number };

/**
 * Runs autocannon and times each successful answer itself: autocannon's histogram cuts times down
 * to whole milliseconds, so answers of 1.9 and 2.1 ms read as 1 and 2, a growth of 2×. The run
 * stays in this process (no `workers`, whose answers this would not hear) and must end (no
 * `forever`). p50 and p99 are NaN when nothing succeeded.
 */
export function timedLoad(
  options: Omit<autocannon.Options, 'workers' | 'forever'>,
): Promise<TimedLoad> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, result) => {
      if (error) reject(error);
      else {
        // A typed array sorts as numbers, where an Array's sort() compares text.
        const sorted = Float64Array.from(latencies).sort();
        resolve({ result, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) });
      }
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

/** The nearest-rank percentile of sorted values; NaN for none. */
function percentile(sorted: Float64Array, fraction: number): number {
  return sorted[Math.ceil(fraction * sorted.length) - 1] ?? Number.NaN;
}

/** A latency for the tables, in tenths of a millisecond; a dash where nothing succeeded. */
export const milliseconds = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1));
