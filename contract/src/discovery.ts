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

export const DEFAULT_COUNTRY = 'US';

export const newReleasesQuery = z.object({ country: marketCode.default(DEFAULT_COUNTRY) });

/** POST /v1/search/spotify/add-album/{spotify_id} */
export const addedAlbum = z.object({ album_id: z.number().int(), message: z.string() });
export type AddedAlbum = z.infer<typeof addedAlbum>;
