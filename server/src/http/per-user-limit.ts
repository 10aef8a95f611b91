import type { FastifyRequest } from 'fastify';

/**
 * A route's own rate limit, counted per signed-in user rather than per address, for calls that
 * cost far more than the rest (decoding an upload, reading an import file, asking outside services).
 */
export function perUserLimit(name: string, perMinute: number) {
  return {
    rateLimit: {
      max: perMinute,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => `${name}-${request.userId}`,
    },
  };
}
