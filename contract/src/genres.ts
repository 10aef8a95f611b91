import { z } from 'zod';

export const genreName = z.string().trim().min(1, 'is required').max(100);

export const genreRef = z.object({ id: z.number().int(), name: z.string() });
export type GenreRef = z.infer<typeof genreRef>;

export const genre = genreRef.extend({ album_count: z.number().int() });
export type Genre = z.infer<typeof genre>;

export const genreCreate = z.object({ name: genreName });

export const genreListQuery = z.object({ search: z.string().trim().max(100).optional() });
