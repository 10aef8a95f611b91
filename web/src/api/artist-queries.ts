import { oneMonthBefore } from '@gatefold/contract/artist-stats';
import { type ArtistSort, artist } from '@gatefold/contract/artists';
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

/** How many artists were added this month (SPEC §9): the server counts them in one call. */
async function countAddedThisMonth(signal: AbortSignal): Promise<number> {
  const since = oneMonthBefore(new Date()).toISOString();
  const search = new URLSearchParams({ limit: '1', offset: '0', added_since: since });
  return (await api.requestList(`/v1/artists/?${search}`, { schema: artistList, signal })).total;
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
