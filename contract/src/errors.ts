import { z } from 'zod';

/** Every failed API call answers this body (DESIGN §5). */
export const errorBody = z.object({
  detail: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
