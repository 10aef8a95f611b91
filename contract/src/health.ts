import { z } from 'zod';

/** Liveness: the process answers. */
export const healthStatus = z.object({ status: z.literal('ok') });

/** Readiness: each part the server needs, and whether it answered. */
export const readinessStatus = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
  redis: z.enum(['ok', 'unavailable', 'not configured']),
  /** Present when not ready, as on every error answer. */
  detail: z.string().optional(),
});
export type ReadinessStatus = z.infer<typeof readinessStatus>;
