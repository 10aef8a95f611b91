import { z } from 'zod';

/** Genres shown by name; the albums of every other genre are summed as "Other". */
export const STATS_TOP_GENRES = 10;
export const STATS_OTHER_GENRES = 'Other';
/** Months of "added per month", the current one last. */
export const STATS_MONTHS = 24;
export const STATS_TOP_ARTISTS = 10;

const count = z.number().int().min(0);

/** GET /v1/stats: the collection's shape, for the dashboard's charts. */
export const collectionStats = z.object({
  /** By albums, most first; "Other" last sums the rest, counted per genre as the bars are. */
  genres: z.array(z.object({ name: z.string(), album_count: count })),
  /** Decades of release (1950 for the fifties), earliest first; albums without a date are left out. */
  decades: z.array(z.object({ decade: z.number().int(), album_count: count })),
  /** Each of the last STATS_MONTHS months, none left out, oldest first. */
  added_per_month: z.array(
    z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), album_count: count }),
  ),
  top_artists: z.array(z.object({ name: z.string(), slug: z.string(), album_count: count })),
});
export type CollectionStats = z.infer<typeof collectionStats>;

/** The months of the chart, oldest first, ending with the month of `now` (UTC). */
export function statsMonths(now: Date): string[] {
  return Array.from({ length: STATS_MONTHS }, (_, index) => {
    const month = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (STATS_MONTHS - 1 - index), 1),
    );
    return month.toISOString().slice(0, 7);
  });
}
