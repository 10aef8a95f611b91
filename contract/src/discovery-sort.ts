import type { DiscoveryAlbum } from './discovery';
import { releaseYear } from './release-year';

/** SPEC §2: the sorts of the Discover results, applied to the loaded results only. */
export const DISCOVERY_SORTS = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'name', label: 'Album Name' },
  { value: 'artist', label: 'Artist' },
  { value: 'year', label: 'Release Year' },
  { value: 'popularity', label: 'Popularity' },
] as const;
export type DiscoverySort = (typeof DISCOVERY_SORTS)[number]['value'];

export function isDiscoverySort(value: string): value is DiscoverySort {
  return DISCOVERY_SORTS.some((sort) => sort.value === value);
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Larger first; a missing value goes last whatever the order. */
function descending(a: number | null, b: number | null): number {
  if (a === null || b === null) return (a === null ? 1 : 0) - (b === null ? 1 : 0);
  return b - a;
}

function yearOf(album: Pick<DiscoveryAlbum, 'release_date'>): number | null {
  const year = releaseYear(album.release_date);
  return year === null ? null : Number(year);
}

type SortableAlbum = Pick<DiscoveryAlbum, 'name' | 'artist' | 'release_date' | 'popularity'>;

/**
 * A sorted copy: relevance keeps the server's order; names and artists A-Z; release year and
 * popularity newest and most popular first. Ties keep the server's order (the sort is stable).
 */
export function sortDiscoveryAlbums<T extends SortableAlbum>(
  albums: T[],
  sort: DiscoverySort,
): T[] {
  const sorted = [...albums];
  switch (sort) {
    case 'relevance':
      return sorted;
    case 'name':
      return sorted.sort((a, b) => collator.compare(a.name, b.name));
    case 'artist':
      return sorted.sort(
        (a, b) => collator.compare(a.artist, b.artist) || collator.compare(a.name, b.name),
      );
    case 'year':
      return sorted.sort((a, b) => descending(yearOf(a), yearOf(b)));
    case 'popularity':
      return sorted.sort((a, b) => descending(a.popularity, b.popularity));
  }
}
