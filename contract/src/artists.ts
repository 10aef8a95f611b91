import { z } from 'zod';
import { pageQuery } from './list-query';

export const artist = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  image_url: z.string().nullable(),
  album_count: z.number().int(),
  genres: z.array(z.string()),
  tags: z.array(z.object({ name: z.string(), color: z.string() })),
  /** When this user first added one of the artist's albums, and when last. */
  first_album_date: z.string().nullable(),
  latest_album_date: z.string().nullable(),
});
export type Artist = z.infer<typeof artist>;

/** An artist as the quick search lists it: without the tally of its albums' genres and tags. */
export const artistSummary = artist.omit({ genres: true, tags: true });
export type ArtistSummary = z.infer<typeof artistSummary>;

/** SPEC §9's artist sorts; "added" goes by latest_album_date. */
export const artistSort = z.enum(['name-asc', 'name-desc', 'added-desc', 'added-asc']);
export type ArtistSort = z.infer<typeof artistSort>;
export const ARTIST_SORT_LABELS = {
  'name-asc': 'Name (A-Z)',
  'name-desc': 'Name (Z-A)',
  'added-desc': 'Recently Added',
  'added-asc': 'Oldest Added',
} satisfies Record<ArtistSort, string>;

export const ARTISTS_PER_PAGE = 20;

export const artistListQuery = pageQuery.extend({
  sort: artistSort.default('name-asc'),
  /** Only artists with an album added after this moment (the "Added This Month" count). */
  added_since: z.iso.datetime({ offset: true }).optional(),
});
export type ArtistListQuery = z.infer<typeof artistListQuery>;
