import { MAX_PAGE_SIZE } from '@gatefold/contract/list-query';
import {
  type TagCreate,
  type TagUpdate,
  tag,
  tagDeletion,
  trendingTags,
} from '@gatefold/contract/tags';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { type AlbumListParams, fetchAlbumPage } from './album-queries';
import { api } from './client';
import { refreshCollection } from './collection-cache';

const tagList = z.array(tag);

/** The most tags one call returns (DESIGN §5's limit). */
export const MAX_TAG_LIST = MAX_PAGE_SIZE;

const tagPath = (name: string) => `/v1/tags/${encodeURIComponent(name)}`;

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
  trending: () =>
    queryOptions({
      queryKey: [...tagQueries.all(), 'trending'] as const,
      queryFn: ({ signal }) =>
        api.request('/v1/tags/popular/trending', { schema: trendingTags, signal }),
    }),
  /** One tag by name, any case. */
  detail: (name: string) =>
    queryOptions({
      queryKey: [...tagQueries.all(), 'detail', name] as const,
      queryFn: ({ signal }) => api.request(tagPath(name), { schema: tag, signal }),
      // A missing tag is the Tag Not Found page at once (SPEC §8), not a spinner while retrying.
      retry: false,
    }),
  /** A page of the albums carrying the tag: an AlbumGrid page query. */
  albums: (name: string) => (params: AlbumListParams) =>
    queryOptions({
      queryKey: [...tagQueries.all(), 'albums', name, params] as const,
      queryFn: ({ signal }) => fetchAlbumPage(`${tagPath(name)}/albums`, params, signal),
    }),
};

export const tagMutations = {
  create: () =>
    mutationOptions({
      mutationKey: [...tagQueries.all(), 'create'],
      mutationFn: (body: TagCreate) =>
        api.request('/v1/tags/', { method: 'POST', body, schema: tag }),
      meta: { failureMessage: 'Failed to create tag. Please try again.' },
      onSuccess: (_data, _body, _result, { client }) => refreshCollection(client),
    }),
  update: () =>
    mutationOptions({
      mutationKey: [...tagQueries.all(), 'update'],
      mutationFn: ({ name, changes }: { name: string; changes: TagUpdate }) =>
        api.request(tagPath(name), { method: 'PUT', body: changes, schema: tag }),
      meta: { failureMessage: 'Failed to update tag. Please try again.' },
      onSuccess: (_data, _variables, _result, { client }) => refreshCollection(client),
    }),
  /**
   * SPEC §4's two-step delete: without force the call is a check that deletes an unused tag at
   * once and keeps a used one (can_delete false); with force the tag leaves every album and goes.
   */
  delete: () =>
    mutationOptions({
      mutationKey: [...tagQueries.all(), 'delete'],
      mutationFn: ({ name, force }: { name: string; force: boolean }) =>
        api.request(force ? `${tagPath(name)}?force=true` : tagPath(name), {
          method: 'DELETE',
          schema: tagDeletion,
        }),
      meta: { failureMessage: 'Failed to delete tag. Please try again.' },
      onSuccess: (deletion, _variables, _result, { client }) =>
        deletion.can_delete ? refreshCollection(client) : undefined,
    }),
};
