import { z } from 'zod';

/** The most rows one list call returns (DESIGN §5). */
export const MAX_PAGE_SIZE = 200;

/** The rows a list call returns when it names no limit. */
export const DEFAULT_PAGE_SIZE = 50;

/** Paging shared by every list endpoint; the full count travels in X-Total-Count. */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
  q: z.string().trim().max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const TOTAL_COUNT_HEADER = 'x-total-count';
