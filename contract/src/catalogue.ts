import { z } from 'zod';

/** An artist as the streaming catalogue names it. */
export const catalogueArtistRef = z.object({ id: z.string(), name: z.string() });

export const catalogueImage = z.object({
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

/** A catalogue album in the streaming service's shape (SPEC §3 "streaming catalogue search item"). */
export const catalogueAlbum = z.object({
  id: z.string(),
  name: z.string(),
  album_type: z.enum(['album', 'single', 'compilation']),
  artists: z.array(catalogueArtistRef),
  release_date: z.string(),
  release_date_precision: z.enum(['year', 'month', 'day']),
  total_tracks: z.number().int(),
  images: z.array(catalogueImage),
  external_urls: z.object({ spotify: z.string() }),
});
export type CatalogueAlbum = z.infer<typeof catalogueAlbum>;

export const catalogueTrack = z.object({
  id: z.string(),
  name: z.string(),
  artists: z.array(catalogueArtistRef),
  track_number: z.number().int(),
  disc_number: z.number().int(),
  duration_ms: z.number().int(),
  external_urls: z.object({ spotify: z.string() }),
});
export type CatalogueTrack = z.infer<typeof catalogueTrack>;

/** GET /v1/albums/spotify/{id}: one album with every track. */
export const catalogueAlbumDetail = catalogueAlbum.extend({
  tracks: z.array(catalogueTrack),
  genres: z.array(z.string()),
  label: z.string().nullable(),
  popularity: z.number().int().nullable(),
});
export type CatalogueAlbumDetail = z.infer<typeof catalogueAlbumDetail>;

/** A search hit, marked when this user already has it. */
export const catalogueSearchItem = catalogueAlbum.extend({
  in_collection: z.boolean(),
  collection_id: z.number().int().nullable(),
});
export type CatalogueSearchItem = z.infer<typeof catalogueSearchItem>;

/** GET /v1/albums/spotify/search: Spotify's paging object under `albums`. */
export const catalogueSearchResults = z.object({
  albums: z.object({
    items: z.array(catalogueSearchItem),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    next: z.string().nullable(),
  }),
});
export type CatalogueSearchResults = z.infer<typeof catalogueSearchResults>;

export const CATALOGUE_SEARCH_MAX = 50;

/** Longer than any album or artist name a search could be for. */
export const CATALOGUE_QUERY_MAX = 200;

export const catalogueSearchQuery = z.object({
  query: z.string().trim().min(1, 'is required').max(CATALOGUE_QUERY_MAX),
  limit: z.coerce.number().int().min(1).max(CATALOGUE_SEARCH_MAX).default(10),
  offset: z.coerce.number().int().min(0).max(1000).default(0),
});
