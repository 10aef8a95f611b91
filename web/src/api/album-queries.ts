import {
  type AlbumSort,
  type AlbumSummary,
  albumDetail,
  albumSummary,
  DEFAULT_ALBUM_SORT,
} from '@gatefold/contract/albums';
import { bulkResult } from '@gatefold/contract/bulk';
import { type CatalogueSearchResults, catalogueSearchResults } from '@gatefold/contract/catalogue';
import { type TagRef, tagRef } from '@gatefold/contract/tags';
import {
  mutationOptions,
  type QueryKey,
  queryOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client';
import { refreshCollection } from './collection-cache';

export { ALBUMS_PER_PAGE } from '@gatefold/contract/albums';

/** One page of a list the server pages, sorts and filters (DESIGN §5). */
export interface AlbumListParams {
  limit: number;
  offset: number;
  sort?: AlbumSort;
  /** Matches name, artist or tag names, case-insensitively. */
  q?: string;
}

export interface AlbumPage {
  items: AlbumSummary[];
  total: number;
}

/** Whatever lists albums a page at a time: the collection, a tag's, a genre's, a folder's. */
export type AlbumPageQuery<TKey extends QueryKey = QueryKey> = (
  params: AlbumListParams,
) => UseQueryOptions<AlbumPage, Error, AlbumPage, TKey>;

/** The query string of a page: limit, offset, sort, and q when there is one. */
export function albumListSearch({ limit, offset, sort, q }: AlbumListParams): string {
  const search = new URLSearchParams({
    limit: String(limit),
    offset: String(offset),
    sort: sort ?? DEFAULT_ALBUM_SORT,
  });
  if (q) search.set('q', q);
  return search.toString();
}

const albumPageSchema = z.array(albumSummary);

/** Reads one page of any album list endpoint (the collection, or a tag's, genre's, folder's). */
export function fetchAlbumPage(path: string, params: AlbumListParams, signal?: AbortSignal) {
  return api.requestList(`${path}?${albumListSearch(params)}`, {
    schema: albumPageSchema,
    signal,
  });
}

export const albumQueries = {
  all: () => ['albums'] as const,
  lists: () => [...albumQueries.all(), 'list'] as const,
  list: (params: AlbumListParams) =>
    queryOptions({
      queryKey: [...albumQueries.lists(), params] as const,
      queryFn: ({ signal }) => fetchAlbumPage('/v1/albums', params, signal),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...albumQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => api.request(`/v1/albums/${id}`, { schema: albumDetail, signal }),
    }),
  /** The streaming catalogue; its hits carry whether this user already has them. */
  catalogueSearch: (query: string, limit: number) =>
    queryOptions({
      queryKey: [...albumQueries.all(), 'catalogue', query, limit] as const,
      queryFn: ({ signal }) =>
        api.request(
          `/v1/albums/spotify/search?${new URLSearchParams({ query, limit: String(limit) })}`,
          { schema: catalogueSearchResults, signal },
        ),
      // A failed search shows an empty list at once (SPEC §8) instead of retrying behind a spinner.
      retry: false,
    }),
};

/** POST /v1/albums/: what the add flows send (SPEC §7); the server fills in the rest. */
export interface AlbumToAdd {
  spotify_id: string;
  name: string;
  artist: string;
  image_url: string | null;
  spotify_url: string | null;
  release_date?: string | null;
  total_tracks?: number | null;
}

const createdAlbum = albumDetail;

/** Marks a catalogue hit as collected in every cached catalogue search. */
function markCollected(
  results: CatalogueSearchResults | undefined,
  spotifyId: string,
  albumId: number,
): CatalogueSearchResults | undefined {
  if (results === undefined) return undefined;
  const items = results.albums.items.map((item) =>
    item.id === spotifyId ? { ...item, in_collection: true, collection_id: albumId } : item,
  );
  return { albums: { ...results.albums, items } };
}

export const albumMutations = {
  add: () =>
    mutationOptions({
      mutationKey: [...albumQueries.all(), 'add'],
      mutationFn: (album: AlbumToAdd) =>
        api.request('/v1/albums/', { method: 'POST', body: album, schema: createdAlbum }),
      meta: { failureMessage: 'Failed to add album. Please try again.' },
      onSuccess: (created, album, _result, { client }) => {
        client.setQueriesData<CatalogueSearchResults>(
          { queryKey: [...albumQueries.all(), 'catalogue'] },
          (results) => markCollected(results, album.spotify_id, created.id),
        );
        return refreshCollection(client);
      },
      // A refused add (most often: already collected elsewhere) refreshes the hits' marks.
      onError: (_error, _album, _result, { client }) =>
        client.invalidateQueries({ queryKey: [...albumQueries.all(), 'catalogue'] }),
    }),
  delete: () =>
    mutationOptions({
      mutationKey: [...albumQueries.all(), 'delete'],
      // One album is a bulk change of one, so that it too can be undone.
      mutationFn: (albumId: number) =>
        api.request('/v1/albums/bulk', {
          method: 'POST',
          body: { albums: [albumId], action: 'delete' },
          schema: bulkResult,
        }),
      meta: { failureMessage: 'Failed to delete album. Please try again.' },
      onSuccess: (_data, albumId, _result, { client }) => {
        // The album is gone: drop its page rather than refetch it into a 404.
        client.removeQueries({ queryKey: albumQueries.detail(albumId).queryKey });
        void refreshCollection(client);
      },
    }),
  /** Takes the album's cover, tracks and genres anew from the streaming service. */
  refresh: () =>
    mutationOptions({
      mutationKey: [...albumQueries.all(), 'refresh'],
      mutationFn: (albumId: number) =>
        api.request(`/v1/albums/${albumId}/refresh`, { method: 'POST', schema: albumDetail }),
      onSuccess: (album, albumId, _result, { client }) => {
        client.setQueryData(albumQueries.detail(albumId).queryKey, album);
        void refreshCollection(client);
      },
    }),
  addToFolder: () =>
    mutationOptions({
      mutationKey: [...albumQueries.all(), 'add-to-folder'],
      mutationFn: ({ albumId, folderId }: { albumId: number; folderId: number }) =>
        api.request(`/v1/albums/${albumId}/folders/${folderId}`, {
          method: 'POST',
          schema: z.unknown(),
        }),
      meta: { failureMessage: 'Failed to add album to folder. Please try again.' },
      onSuccess: (_data, _variables, _result, { client }) => refreshCollection(client),
    }),
  removeFromFolder: () =>
    mutationOptions({
      mutationKey: [...albumQueries.all(), 'remove-from-folder'],
      mutationFn: ({ albumId, folderId }: { albumId: number; folderId: number }) =>
        api.request(`/v1/albums/${albumId}/folders/${folderId}`, {
          method: 'DELETE',
          schema: z.unknown(),
        }),
      meta: { failureMessage: 'Failed to remove album from folder. Please try again.' },
      onSuccess: (_data, _variables, _result, { client }) => refreshCollection(client),
    }),
  /**
   * The tag goes by name (SPEC §7): an existing one, in any case, is attached; a new name is
   * created in the default blue and attached, in one call.
   */
  addTag: (isNew: boolean) =>
    mutationOptions({
      mutationKey: [...albumQueries.all(), 'add-tag'],
      mutationFn: ({ albumId, tagName }: { albumId: number; tagName: string }) =>
        api.request(`/v1/albums/${albumId}/tags/${encodeURIComponent(tagName)}`, {
          method: 'POST',
          schema: tagRef,
        }),
      meta: {
        failureMessage: isNew
          ? 'Failed to create tag. Please try again.'
          : 'Failed to add tag. Please try again.',
      },
      onSuccess: (_data, _variables, _result, { client }) => refreshCollection(client),
    }),
  removeTag: () =>
    mutationOptions({
      mutationKey: [...albumQueries.all(), 'remove-tag'],
      // By name: a path key is read as a name first (docs/decisions.md), so an id could hit a
      // tag whose name is that number.
      mutationFn: ({ albumId, tag }: { albumId: number; tag: TagRef }) =>
        api.request(`/v1/albums/${albumId}/tags/${encodeURIComponent(tag.name)}`, {
          method: 'DELETE',
          schema: z.unknown(),
        }),
      meta: { failureMessage: 'Failed to remove tag. Please try again.' },
      onSuccess: (_data, _variables, _result, { client }) => refreshCollection(client),
    }),
};
