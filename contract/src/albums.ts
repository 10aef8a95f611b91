import { z } from 'zod';
import { albumQueryText } from './album-query';
import { genreRef } from './genres';
import { imageUrl } from './images';
import { pageQuery } from './list-query';
import { tagRef } from './tags';

/** SPEC §9: albums per grid page. */
export const ALBUMS_PER_PAGE = 24;

/** A full date, a year-month or a year, as streaming services give release dates. */
export const releaseDate = z
  .string()
  .trim()
  .regex(
    /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/,
    'must be YYYY, YYYY-MM or YYYY-MM-DD',
  )
  .refine(isCalendarDate, { message: 'is not a real date' });

/** 1973-02-30 has the right shape but no such day. */
function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number);
  if (year === undefined || month === undefined || day === undefined) return true;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const spotifyId = z.string().regex(/^[A-Za-z0-9]{1,64}$/, 'must be a streaming-service id');

export const track = z.object({
  id: z.number().int(),
  name: z.string(),
  artist: z.string(),
  track_number: z.number().int(),
  disc_number: z.number().int(),
  duration_ms: z.number().int(),
  spotify_url: z.string().nullable(),
});
export type Track = z.infer<typeof track>;

export const folderRef = z.object({ id: z.number().int(), name: z.string() });

/** An album as lists show it. */
export const albumSummary = z.object({
  id: z.number().int(),
  spotify_id: z.string().nullable(),
  name: z.string(),
  artist: z.string(),
  release_date: z.string().nullable(),
  total_tracks: z.number().int().nullable(),
  image_url: z.string().nullable(),
  spotify_url: z.string().nullable(),
  tags: z.array(tagRef),
  genres: z.array(genreRef),
  added_at: z.string(),
  first_added_at: z.string(),
  created_at: z.string(),
});
export type AlbumSummary = z.infer<typeof albumSummary>;

/** GET /v1/albums/{id} */
export const albumDetail = albumSummary.extend({
  tracks: z.array(track),
  folders: z.array(folderRef),
});
export type AlbumDetail = z.infer<typeof albumDetail>;

const text = (max: number) => z.string().trim().min(1, 'is required').max(max);
/** A link a listener may follow: http(s) only, never `javascript:` or `data:`. */
export const webAddress = z
  .string()
  .trim()
  .max(2000)
  .regex(/^https?:\/\//i, 'must be an http(s) address');

/** Bounds that keep numbers within PostgreSQL's integer, and within reason. */
export const trackNumber = z.number().int().min(1).max(10_000);
export const discNumber = z.number().int().min(1).max(1_000);
export const durationMs = z.number().int().min(0).max(2_147_483_647);
export const totalTracks = z.number().int().min(0).max(10_000);

/**
 * POST /v1/albums/: SPEC §7's fields. The streaming service is asked for the album and its answer
 * wins; the fields given are kept only for an album the service does not know (an import).
 */
export const albumCreate = z.object({
  spotify_id: spotifyId,
  name: text(500).optional(),
  artist: text(500).optional(),
  release_date: releaseDate.nullish(),
  total_tracks: totalTracks.nullish(),
  image_url: imageUrl.nullish(),
  spotify_url: webAddress.nullish(),
  artists: z
    .array(
      z.object({
        spotify_id: spotifyId.nullish(),
        name: text(500),
        image_url: webAddress.nullish(),
        genres: z.array(text(100)).max(50).optional(),
      }),
    )
    .max(50)
    .optional(),
  genres: z.array(text(100)).max(50).optional(),
  tracks: z
    .array(
      z.object({
        spotify_id: spotifyId.nullish(),
        name: text(500),
        artist: text(1000),
        track_number: trackNumber,
        disc_number: discNumber.default(1),
        duration_ms: durationMs,
        spotify_url: webAddress.nullish(),
      }),
    )
    .max(1000)
    .optional(),
});
export type AlbumCreate = z.input<typeof albumCreate>;

/** PUT /v1/albums/{id}: corrections to what the service gave. */
export const albumUpdate = z
  .object({
    name: text(500).optional(),
    artist: text(500).optional(),
    release_date: releaseDate.nullable().optional(),
    image_url: imageUrl.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'give at least one of name, artist, release_date, image_url',
  });
export type AlbumUpdate = z.infer<typeof albumUpdate>;

/** SPEC §9's album sorts, in menu order (albumSort.options); Recently Added is the default. */
export const albumSort = z.enum([
  'name-asc',
  'name-desc',
  'artist-asc',
  'artist-desc',
  'year-asc',
  'year-desc',
  'added-desc',
  'added-asc',
]);
export type AlbumSort = z.infer<typeof albumSort>;
export const ALBUM_SORT_LABELS = {
  'name-asc': 'Name (A-Z)',
  'name-desc': 'Name (Z-A)',
  'artist-asc': 'Artist (A-Z)',
  'artist-desc': 'Artist (Z-A)',
  'year-asc': 'Year (Oldest First)',
  'year-desc': 'Year (Newest First)',
  'added-desc': 'Recently Added',
  'added-asc': 'Oldest Added',
} satisfies Record<AlbumSort, string>;
export const DEFAULT_ALBUM_SORT: AlbumSort = 'added-desc';

export const albumListQuery = pageQuery.extend({
  sort: albumSort.default(DEFAULT_ALBUM_SORT),
  q: albumQueryText.optional(),
});
export type AlbumListQuery = z.infer<typeof albumListQuery>;
