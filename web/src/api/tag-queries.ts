import { MAX_PAGE_SIZE } from '@gatefold/contract/list-query';
import { tag } from '@gatefold/contract/tags';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client';

const tagList = z.array(tag);

/** The most tags one call returns (DESIGN §5's limit). */
export const MAX_TAG_LIST = MAX_PAGE_SIZE;

export const tagQueries = {
  all: () => ['tags'] as const,
  /** Tags whose name contains `q` (any case), by name; up to `limit` of them and the full count. */
  list: ({ q = '', limit }: { q?: string; limit: number }) =>
    queryOptions({
      queryKey: [...tagQueries.all(), 'list', { q, limit }] as const,
      queryFn: ({ signal }) => {
        const search = new URLSearchParams({ limit: String(limit) });
        if (q) search.set('q', q);
        return api.requestList(`/v1/tags/?${search}`, { schema: tagList, signal });
      },
    }),
};
