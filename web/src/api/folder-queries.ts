import { type FolderInput, folder } from '@gatefold/contract/folders';
import { uploadedImage } from '@gatefold/contract/images';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
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
};

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
