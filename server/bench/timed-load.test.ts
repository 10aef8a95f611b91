import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../src/testing/loopback';
import { milliseconds, timedLoad } from './timed-load';

const servers: http.Server[] = [];

/** A loopback server whose `answer` gives each request's status and how long it waits first. */
async function serving(answer: (request: number) => { status: number; waitMs: number }) {
  let requests = 0;
  const server = http.createServer((_request, response) => {
    const { status, waitMs } = answer(requests++);
    setTimeout(() => {
      response.statusCode = status;
      response.end('ok');
    }, waitMs);
  });
  servers.push(server);
  return `http://127.0.0.1:${await listenOnLoopback(server)}/`;
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

describe('timedLoad', () => {
  it('times successful answers alone, in fractions of a millisecond', async () => {
    // Every other answer is a quick failure, which must not pull the percentiles down.
    const url = await serving((n) =>
      n % 2 ? { status: 500, waitMs: 0 } : { status: 200, waitMs: 20 },
    );
    const { result, p50, p99 } = await timedLoad({ url, connections: 1, amount: 40 });
    expect(result.non2xx).toBe(20);
    // A timer may fire up to a millisecond early on the event loop's clock.
    expect(p50).toBeGreaterThanOrEqual(19);
    expect(p99).toBeGreaterThanOrEqual(p50);
    expect(Number.isInteger(p50)).toBe(false);
    expect(Number.isInteger(p99)).toBe(false);
  });

  it('takes the nearest rank: of a hundred answers, the p99 is the 99th quickest', async () => {
    const slowOnes = async (slow: number[]) => {
      const url = await serving((n) => ({ status: 200, waitMs: slow.includes(n) ? 300 : 0 }));
      return timedLoad({ url, connections: 1, amount: 100 });
    };
    const oneSlow = await slowOnes([50]);
    expect(oneSlow.p99).toBeLessThan(150);
    const twoSlow = await slowOnes([30, 70]);
    expect(twoSlow.p50).toBeLessThan(150);
    expect(twoSlow.p99).toBeGreaterThanOrEqual(299);
  });

  it('has no percentiles, printed as dashes, when nothing succeeded', async () => {
    const url = await serving(() => ({ status: 503, waitMs: 0 }));
    const { p50, p99 } = await timedLoad({ url, connections: 2, amount: 10 });
    expect([milliseconds(p50), milliseconds(p99)]).toEqual(['–', '–']);
  });
});
