import { z } from 'zod';

/** A numeric id in a path; anything else is a 422 naming the parameter. */
export const id = z.coerce.number().int().positive().max(2_147_483_647);

/** A name or id in a path (tags, genres, artists), already URL-decoded by the router. */
export const nameOrId = z.string().trim().min(1).max(200);
