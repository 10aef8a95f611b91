import { genre } from '@gatefold/contract/genres';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { type AlbumListParams, fetchAlbumPage } from './album-queries';
import { api } from './client';

const genreList = z.array(genre);
const genrePath = (name: string) => `/v1/genres/${encodeURIComponent(name)}`;

// Genres follow the albums: with the default staleTime of 0 each screen reloads them on opening.
export const genreQueries = {
  all: () => ['genres'] as const,
  /** Genres with albums, most albums first; `search` matches part of the name, any case. */
  list: (search = '') =>
    queryOptions({
      queryKey: [...genreQueries.all(), 'list', search] as const,
      queryFn: ({ signal }) => {
        const query = search === '' ? '' : `?${new URLSearchParams({ search })}`;
        return api.request(`/v1/genres/${query}`, { schema: genreList, signal });
      },
    }),
  detail: (name: string) =>
    queryOptions({
      queryKey: [...genreQueries.all(), 'detail', name] as const,
      queryFn: ({ signal }) => api.request(genrePath(name), { schema: genre, signal }),
      // A missing genre is the Not Found panel at once (SPEC §8).
      retry: false,
    }),
  /** A page of the genre's albums: an AlbumGrid page query. */
  albums: (name: string) => (params: AlbumListParams) =>
    queryOptions({
      queryKey: [...genreQueries.all(), 'albums', name, params] as const,
      queryFn: ({ signal }) => fetchAlbumPage(`${genrePath(name)}/albums`, params, signal),
    }),
};
