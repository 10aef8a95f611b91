import { z } from 'zod';

/**
 * Spotify Web API answers, as its 2026 OpenAPI description gives them (reference/
 * spotify-web-api.openapi.yml). Outside data is untrusted: what we use is checked, the rest passes.
 */
const externalUrls = z.object({ spotify: z.string().optional() }).loose();

export const spotifyImage = z
  .object({
    url: z.string(),
    width: z.number().int().nullable().optional(),
    height: z.number().int().nullable().optional(),
  })
  .loose();

export const spotifySimplifiedArtist = z.object({ id: z.string(), name: z.string() }).loose();

export const spotifySimplifiedAlbum = z
  .object({
    id: z.string(),
    name: z.string(),
    album_type: z.string(),
    total_tracks: z.number().int(),
    release_date: z.string(),
    release_date_precision: z.enum(['year', 'month', 'day']),
    images: z.array(spotifyImage),
    artists: z.array(spotifySimplifiedArtist),
    external_urls: externalUrls.optional(),
  })
  .loose();
export type SpotifySimplifiedAlbum = z.infer<typeof spotifySimplifiedAlbum>;

export const spotifySimplifiedTrack = z
  .object({
    id: z.string().nullable(),
    name: z.string(),
    artists: z.array(spotifySimplifiedArtist),
    track_number: z.number().int(),
    disc_number: z.number().int(),
    duration_ms: z.number().int(),
    external_urls: externalUrls.optional(),
  })
  .loose();
export type SpotifySimplifiedTrack = z.infer<typeof spotifySimplifiedTrack>;

const paging = <T extends z.ZodType>(item: T) =>
  z
    .object({
      items: z.array(item),
      total: z.number().int(),
      limit: z.number().int(),
      offset: z.number().int(),
      next: z.string().nullable(),
    })
    .loose();

export const spotifyTrackPage = paging(spotifySimplifiedTrack);

export const spotifyAlbum = spotifySimplifiedAlbum.extend({
  tracks: spotifyTrackPage,
  // Deprecated in 2026: always empty, and absent for Development Mode apps.
  genres: z.array(z.string()).optional(),
  label: z.string().optional(),
  popularity: z.number().int().optional(),
});
export type SpotifyAlbum = z.infer<typeof spotifyAlbum>;

export const spotifyArtist = z
  .object({
    id: z.string(),
    name: z.string(),
    images: z.array(spotifyImage).optional(),
    genres: z.array(z.string()).optional(),
  })
  .loose();

export const spotifySearch = z.object({ albums: paging(spotifySimplifiedAlbum) }).loose();

export const spotifySavedAlbums = paging(
  // A saved album is a whole album object, its first page of tracks included.
  z.object({ added_at: z.string(), album: spotifyAlbum.partial({ tracks: true }) }).loose(),
);
export type SpotifySavedAlbum = z.infer<typeof spotifySavedAlbums>['items'][number]['album'];

export const spotifyClientToken = z
  .object({ access_token: z.string(), expires_in: z.number() })
  .loose();
