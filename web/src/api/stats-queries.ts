import { collectionStats } from '@gatefold/contract/stats';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

// Reloaded each time the dashboard opens (staleTime 0), so the charts follow the collection.
export const statsQueries = {
  collection: () =>
    queryOptions({
      queryKey: ['stats'] as const,
      queryFn: ({ signal }) => api.request('/v1/stats', { schema: collectionStats, signal }),
    }),
};
