import { z } from 'zod';

/** "m:ss" or "h:mm:ss", as sleeve notes print durations. */
const duration = z.string().regex(/^(\d+:)?\d{1,2}:[0-5]\d$/, 'must be m:ss');

const catalogueTrack = z.object({
  disc: z.number().int().min(1).default(1),
  number: z.number().int().min(1),
  name: z.string().min(1),
  duration,
  /** Only where the credit differs from the album's artists (features, compilations). */
  artists: z.array(z.string().min(1)).min(1).optional(),
});

/** One album of the embedded demo catalogue, as stored in catalogue/*.json: facts only. */
export const catalogueAlbum = z
  .object({
    name: z.string().min(1),
    artists: z.array(z.string().min(1)).min(1),
    /** At the precision the release is known: YYYY-MM-DD, YYYY-MM or YYYY. */
    release_date: z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/),
    label: z.string().min(1),
    /** ISO 3166-1 alpha-2 code of the (main) artist's country of origin. */
    country: z.string().regex(/^[A-Z]{2}$/),
    genres: z
      .array(z.string().regex(/^[a-z0-9&' -]+$/, 'genres are lower case'))
      .min(1)
      .max(6),
    popularity: z.number().int().min(0).max(100),
    album_type: z.enum(['album', 'compilation', 'single', 'ep']).default('album'),
    tracks: z.array(catalogueTrack).min(1),
  })
  .strict();
export type CatalogueAlbum = z.output<typeof catalogueAlbum>;

export const catalogueFile = z.array(catalogueAlbum);
