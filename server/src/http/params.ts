import { z } from 'zod';

/** A numeric id in a path; anything else is a 422 naming the parameter. */
export const id = z.coerce.number().int().positive().max(2_147_483_647);

/** The row id a name-or-id key stands for, if it is one: digits within an id's range. */
export function idInKey(key: string): number | undefined {
  if (!/^\d{1,10}$/.test(key)) return undefined;
  const parsed = id.safeParse(key);
  return parsed.success ? parsed.data : undefined;
}

/** A name or id in a path (tags, genres, artists), already URL-decoded by the router. */
export const nameOrId = z.string().trim().min(1).max(200);
