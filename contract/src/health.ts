import { z } from 'zod';

export const healthStatus = z.object({ status: z.literal('ok') });
