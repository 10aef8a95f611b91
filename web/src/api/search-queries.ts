import { collectionSearchResults } from '@gatefold/contract/collection-search';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './client';

export const searchQueries = {
  /** GET /v1/search/: a few albums, artists, tags, folders and genres matching the text. */
  collection: (q: string) =>
    queryOptions({
      queryKey: ['search', 'collection', q] as const,
      queryFn: ({ signal }) =>
        api.request(`/v1/search/?${new URLSearchParams({ q })}`, {
          schema: collectionSearchResults,
          signal,
        }),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
};
