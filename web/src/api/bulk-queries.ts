import { type BulkChange, bulkResult, bulkUndoResult } from '@gatefold/contract/bulk';
import { mutationOptions } from '@tanstack/react-query';
import { api } from './client';
import { refreshCollection } from './collection-cache';

export const bulkMutations = {
  /** One change to many albums; answers how many it changed and a token to undo it. */
  apply: () =>
    mutationOptions({
      mutationKey: ['albums', 'bulk'],
      mutationFn: (change: BulkChange) =>
        api.request('/v1/albums/bulk', { method: 'POST', body: change, schema: bulkResult }),
      meta: { failureMessage: 'The change could not be made. Nothing was changed.' },
      onSuccess: (_result, _change, _context, { client }) => refreshCollection(client),
    }),
  undo: () =>
    mutationOptions({
      mutationKey: ['albums', 'bulk', 'undo'],
      mutationFn: (undo: string) =>
        api.request('/v1/albums/bulk/undo', {
          method: 'POST',
          body: { undo },
          schema: bulkUndoResult,
        }),
      meta: { failureMessage: 'The change could not be undone.' },
      onSuccess: (_result, _undo, _context, { client }) => refreshCollection(client),
    }),
};
