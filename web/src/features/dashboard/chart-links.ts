import { STATS_TOP_GENRES } from '@gatefold/contract/stats';

/** Where each bar of the dashboard's charts leads: a genre, an artist, or the albums grid by query. */
const albumsMatching = (query: string) => `/albums?${new URLSearchParams({ q: query })}`;

/** Only the entry after the top genres is "Other", whatever a real genre is called. */
export const isOtherGenre = (index: number) => index === STATS_TOP_GENRES;

export function genreLink(name: string, index: number): string {
  return isOtherGenre(index) ? '/genres' : `/genres/${encodeURIComponent(name)}`;
}

export const decadeLink = (decade: number) => albumsMatching(`year:${decade}..${decade + 9}`);
export const monthLink = (month: string) => albumsMatching(`added:${month}`);
export const artistLink = (slug: string) => `/artists/${encodeURIComponent(slug)}`;

/** "2026-03" as "Mar 2026", in the reader's language. */
export function monthLabel(month: string): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, number - 1, 1)).toLocaleDateString(undefined, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
