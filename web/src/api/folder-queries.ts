import {
  type FolderInput,
  type FolderReorder,
  folder,
  folderAlbums,
  folderDetail,
} from '@gatefold/contract/folders';
import { uploadedImage } from '@gatefold/contract/images';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { type AlbumListParams, albumListSearch } from './album-queries';
import { api } from './client';
import { refreshCollection } from './collection-cache';

export const folderQueries = {
  all: () => ['folders'] as const,
  /** Every folder, flat: the tree is built here from parent_id (the list is not paged). */
  list: () =>
    queryOptions({
      queryKey: [...folderQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => api.requestList('/v1/folders/', { schema: z.array(folder), signal }),
    }),
  /** One folder with its ancestors (root first) and its subfolders. */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...folderQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => api.request(`/v1/folders/${id}`, { schema: folderDetail, signal }),
    }),
  /** One page of the albums directly in a folder, for the shared album grid. */
  albums: (id: number) => (params: AlbumListParams) =>
    queryOptions({
      queryKey: [...folderQueries.all(), 'albums', id, params] as const,
      queryFn: ({ signal }) =>
        api.requestList(`/v1/folders/${id}/albums?${albumListSearch(params)}`, {
          schema: folderAlbumPage,
          signal,
        }),
    }),
};

/** The folder albums answer holds the folder too; the grid only needs the albums. */
const folderAlbumPage = folderAlbums.transform((answer) => answer.albums);

export const folderMutations = {
  create: () =>
    mutationOptions({
      mutationKey: [...folderQueries.all(), 'create'],
      mutationFn: (input: FolderInput) =>
        api.request('/v1/folders/', { method: 'POST', body: input, schema: folder }),
      meta: { failureMessage: 'Failed to create folder. Please try again.' },
      onSuccess: (_data, _variables, _result, { client }) => refreshCollection(client),
    }),
  update: () =>
    mutationOptions({
      mutationKey: [...folderQueries.all(), 'update'],
      mutationFn: ({ id, input }: { id: number; input: FolderInput }) =>
        api.request(`/v1/folders/${id}`, { method: 'PUT', body: input, schema: z.unknown() }),
      meta: { failureMessage: 'Failed to update folder. Please try again.' },
      onSuccess: (_data, _variables, _result, { client }) => refreshCollection(client),
    }),
  delete: () =>
    mutationOptions({
      mutationKey: [...folderQueries.all(), 'delete'],
      mutationFn: (id: number) =>
        api.request(`/v1/folders/${id}`, { method: 'DELETE', schema: z.unknown() }),
      meta: { failureMessage: 'Failed to delete folder. Please try again.' },
      onSuccess: (_data, id, _result, { client }) => {
        // The folder is gone: drop its page rather than refetch it into a 404.
        client.removeQueries({ queryKey: folderQueries.detail(id).queryKey });
        return refreshCollection(client);
      },
    }),
  /** SPEC §4: every folder's parent and position, after a drop; the list reloads after. */
  reorder: () =>
    mutationOptions({
      mutationKey: [...folderQueries.all(), 'reorder'],
      mutationFn: (body: FolderReorder) =>
        api.request('/v1/folders/reorder', { method: 'POST', body, schema: z.array(folder) }),
      meta: { failureMessage: 'Failed to reorder folders. Please try again.' },
      // Reloaded whether it worked or not: a refused move (a cycle) leaves the tree as it was.
      onSettled: (_data, _error, _variables, _result, { client }) => refreshCollection(client),
    }),
  uploadImage: () =>
    mutationOptions({
      mutationKey: [...folderQueries.all(), 'upload-image'],
      mutationFn: (file: File) => {
        const body = new FormData();
        body.append('file', file);
        return api.request('/v1/folders/upload-image', {
          method: 'POST',
          body,
          schema: uploadedImage,
        });
      },
      meta: { failureMessage: 'Failed to upload image. Please try again.' },
    }),
};
