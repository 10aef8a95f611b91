import { z } from 'zod';
import { marketCode } from './markets';

/** SPEC §3 "discovery search result album". */
export const discoveryAlbum = z.object({
  spotify_id: z.string(),
  name: z.string(),
  artist: z.string(),
  image_url: z.string().nullable(),
  release_date: z.string().nullable(),
  total_tracks: z.number().int().nullable(),
  popularity: z.number().int().nullable(),
  spotify_url: z.string().nullable(),
  in_collection: z.boolean(),
  collection_id: z.number().int().nullable(),
});
export type DiscoveryAlbum = z.infer<typeof discoveryAlbum>;

export const discoveryResults = z.object({
  albums: z.array(discoveryAlbum),
  total: z.number().int(),
});
export type DiscoveryResults = z.infer<typeof discoveryResults>;

/** GET /v1/search/spotify/new-releases: with the time taken, summed up as every search is. */
export const newReleases = discoveryResults.extend({ took_ms: z.number().int() });

export const DEFAULT_COUNTRY = 'US';

export const newReleasesQuery = z.object({ country: marketCode.default(DEFAULT_COUNTRY) });

/** POST /v1/search/spotify/add-album/{spotify_id} */
export const addedAlbum = z.object({ album_id: z.number().int(), message: z.string() });
export type AddedAlbum = z.infer<typeof addedAlbum>;

export const discoveryAlgorithm = z.enum(['musicbrainz', 'recommendation']);
export type DiscoveryAlgorithm = z.infer<typeof discoveryAlgorithm>;

export const discoveryAlbumType = z.enum(['album', 'single', 'compilation', 'ep']);

const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => value || undefined);

/** GET /v1/search/spotify/advanced: SPEC §3's search filters; at least one must be given. */
export const advancedSearchQuery = z
  .object({
    algorithm: discoveryAlgorithm.default('musicbrainz'),
    query: optionalText,
    /** Comma separated; an album must have ALL of them. */
    genre: optionalText,
    artist: optionalText,
    album: optionalText,
    /** 1990, 1990-2000 or 2020- */
    year: z
      .string()
      .trim()
      .regex(/^(\d{4})(-(\d{4})?)?$/, 'must be a year like 1990, 1990-2000 or 2020-')
      .optional(),
    country: marketCode.optional(),
    albumType: discoveryAlbumType.optional(),
  })
  .refine(
    ({ query, genre, artist, album, year, country, albumType }) =>
      [query, genre, artist, album, year, country, albumType].some(Boolean),
    { message: 'give at least one filter' },
  );
export type AdvancedSearchQuery = z.infer<typeof advancedSearchQuery>;

/** SPEC §3 search log entry; the server reports the steps of its search as these. */
export const searchLogEntry = z.object({
  id: z.string(),
  type: z.enum(['info', 'success', 'warning', 'error']),
  source: z.string(),
  message: z.string(),
  details: z.string(),
  timestamp: z.string(),
});
export type SearchLogEntry = z.infer<typeof searchLogEntry>;

export const advancedSearchResults = discoveryResults.extend({
  took_ms: z.number().int(),
  log: z.array(searchLogEntry),
});
export type AdvancedSearchResults = z.infer<typeof advancedSearchResults>;

/** GET /v1/search/recent and /popular: the user's own past discovery searches. */
export const pastSearch = z.object({
  algorithm: z.string(),
  filters: z.record(z.string(), z.string()),
  result_count: z.number().int(),
  searched_at: z.string(),
  times: z.number().int(),
});
export const pastSearches = z.array(pastSearch);
export type PastSearch = z.infer<typeof pastSearch>;
