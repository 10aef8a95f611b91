import { healthStatus, type ReadinessStatus, readinessStatus } from '@gatefold/contract/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** A part that has not answered within this long counts as unavailable. */
const READINESS_DEADLINE_MS = 2_000;

/**
 * A balancer probes from one address many times a minute: a probe is neither limited (a 429 would
 * read as an instance down) nor written to the access log, where it would bury the users' calls.
 */
const PROBE = { rateLimit: false, accessLog: false } as const;

/**
 * Liveness (`/health`: the process answers, touching nothing) and readiness (`/health/ready`: the
 * database answers, and Redis when configured), for a load balancer or orchestrator (DESIGN §8).
 */
export function healthRoutes(db: Kysely<Database>, redis: Redis | undefined) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/',
      {
        schema: { summary: 'The process answers', response: { 200: healthStatus } },
        config: PROBE,
      },
      async () => ({ status: 'ok' as const }),
    );
    routes.get(
      '/ready',
      {
        config: PROBE,
        schema: {
          summary: 'The database (and Redis when configured) answer',
          response: { 200: readinessStatus, 503: readinessStatus },
        },
      },
      async (_request, reply) => {
        const [database, cache] = await Promise.all([
          answers(sql`select 1`.execute(db)),
          redis ? answers(redis.ping()) : Promise.resolve(undefined),
        ]);
        const status: ReadinessStatus = {
          status: database && cache !== false ? 'ok' : 'unavailable',
          database: database ? 'ok' : 'unavailable',
          redis: cache === undefined ? 'not configured' : cache ? 'ok' : 'unavailable',
        };
        if (status.status === 'ok') return status;
        const missing = [database ? [] : ['the database'], cache === false ? ['Redis'] : []].flat();
        return reply
          .code(503)
          .send({ ...status, detail: `Not ready: ${missing.join(' and ')} did not answer.` });
      },
    );
  };
}

/** Whether the call settled successfully before the deadline. */
async function answers(call: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READINESS_DEADLINE_MS);
  });
  try {
    return await Promise.race([call.then(() => true), deadline]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
