import type { AdvancedSearchQuery } from '@gatefold/contract/discovery';

/** The advanced-search filters, parsed once: genres split, the year turned into a range. */
export type DiscoveryFilters = {
  text?: string;
  genres: string[];
  artist?: string;
  album?: string;
  years?: { from: number; to: number };
  country?: string;
  albumType?: 'album' | 'single' | 'compilation' | 'ep';
};

export function parseFilters(query: AdvancedSearchQuery): DiscoveryFilters {
  const range = query.year ? /^(\d{4})(-(\d{4})?)?$/.exec(query.year) : null;
  const from = range ? Number(range[1]) : undefined;
  return {
    ...(query.query ? { text: query.query } : {}),
    genres: (query.genre ?? '')
      .split(',')
      .map((genre) => genre.trim())
      .filter(Boolean),
    ...(query.artist ? { artist: query.artist } : {}),
    ...(query.album ? { album: query.album } : {}),
    ...(range && from !== undefined
      ? { years: { from, to: range[2] === undefined ? from : range[3] ? Number(range[3]) : 9999 } }
      : {}),
    ...(query.country ? { country: query.country } : {}),
    ...(query.albumType ? { albumType: query.albumType } : {}),
  };
}

/** The filters in the streaming service's search syntax (artist:, album:, year:, genre:). */
export function toStreamingQuery(filters: DiscoveryFilters): string {
  const quote = (value: string) => `"${value.replaceAll('"', '')}"`;
  return [
    filters.text,
    filters.artist && `artist:${quote(filters.artist)}`,
    filters.album && `album:${quote(filters.album)}`,
    filters.years && `year:${yearRange(filters.years)}`,
    ...filters.genres.map((genre) => `genre:${quote(genre)}`),
  ]
    .filter(Boolean)
    .join(' ');
}

function yearRange({ from, to }: { from: number; to: number }): string {
  if (to === from) return String(from);
  return `${from}-${to === 9999 ? new Date().getFullYear() : to}`;
}
