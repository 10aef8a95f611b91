import { addedThisMonth } from '@gatefold/contract/artist-stats';
import { type Artist, type ArtistSort, artist } from '@gatefold/contract/artists';
import { MAX_PAGE_SIZE } from '@gatefold/contract/list-query';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { type AlbumListParams, fetchAlbumPage } from './album-queries';
import { api } from './client';

const artistList = z.array(artist);
const artistPath = (key: string) => `/v1/artists/${encodeURIComponent(key)}`;

export interface ArtistListParams {
  limit: number;
  offset: number;
  sort: ArtistSort;
  /** Matches the name or any genre, case-insensitively (SPEC §5). */
  q?: string;
}

function fetchArtistPage({ limit, offset, sort, q }: ArtistListParams, signal?: AbortSignal) {
  const search = new URLSearchParams({ limit: String(limit), offset: String(offset), sort });
  if (q) search.set('q', q);
  return api.requestList(`/v1/artists/?${search}`, { schema: artistList, signal });
}

/**
 * How many artists were added this month (SPEC §9), without loading every artist: newest first,
 * the recent ones form a prefix, so one page usually settles it and a binary search of one-row
 * probes finds the end of a longer prefix (a big import) in a few calls.
 */
async function countAddedThisMonth(signal: AbortSignal): Promise<number> {
  const now = new Date();
  const isRecent = (found: Artist | undefined) =>
    found !== undefined && addedThisMonth(found.latest_album_date, now);
  const first = await fetchArtistPage(
    { limit: MAX_PAGE_SIZE, offset: 0, sort: 'added-desc' },
    signal,
  );
  const recentOnPage = first.items.filter((found) => isRecent(found)).length;
  if (recentOnPage < first.items.length || first.total <= first.items.length) return recentOnPage;
  // Every artist before `low` is recent; every one from `high` on is not.
  let low = first.items.length;
  let high = first.total;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const probe = await fetchArtistPage({ limit: 1, offset: middle, sort: 'added-desc' }, signal);
    if (isRecent(probe.items[0])) low = middle + 1;
    else high = middle;
  }
  return low;
}

// Artists follow the albums: with the default staleTime of 0 each screen reloads them on opening.
export const artistQueries = {
  all: () => ['artists'] as const,
  list: (params: ArtistListParams) =>
    queryOptions({
      queryKey: [...artistQueries.all(), 'list', params] as const,
      queryFn: ({ signal }) => fetchArtistPage(params, signal),
    }),
  addedThisMonth: () =>
    queryOptions({
      queryKey: [...artistQueries.all(), 'added-this-month'] as const,
      queryFn: ({ signal }) => countAddedThisMonth(signal),
    }),
  /** One artist by id, slug or name. */
  detail: (key: string) =>
    queryOptions({
      queryKey: [...artistQueries.all(), 'detail', key] as const,
      queryFn: ({ signal }) => api.request(artistPath(key), { schema: artist, signal }),
      // A missing artist is the Not Found panel at once (SPEC §8).
      retry: false,
    }),
  albums: (key: string, params: AlbumListParams) =>
    queryOptions({
      queryKey: [...artistQueries.all(), 'albums', key, params] as const,
      queryFn: ({ signal }) => fetchAlbumPage(`${artistPath(key)}/albums`, params, signal),
    }),
};
