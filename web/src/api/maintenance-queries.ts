import {
  type CollectionExport,
  job,
  type MaintenanceFix,
  maintenanceFixResult,
  maintenanceReport,
} from '@gatefold/contract/maintenance';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError } from './api-error';
import { api, apiUrl } from './client';
import { refreshCollection } from './collection-cache';
import { clearSessionToken, readSessionToken } from './session-token';

/** How often a running job is asked how far it has got. */
export const JOB_POLL_MS = 1000;

export const maintenanceQueries = {
  all: () => ['maintenance'] as const,
  report: () =>
    queryOptions({
      queryKey: [...maintenanceQueries.all(), 'report'] as const,
      queryFn: ({ signal }) =>
        api.request('/v1/maintenance/report', { schema: maintenanceReport, signal }),
    }),
  /** Polled while the job runs; stops by itself once it has finished or failed. */
  job: (id: number) =>
    queryOptions({
      queryKey: [...maintenanceQueries.all(), 'job', id] as const,
      queryFn: ({ signal }) => api.request(`/v1/maintenance/jobs/${id}`, { schema: job, signal }),
      refetchInterval: (query) => (query.state.data?.status === 'running' ? JOB_POLL_MS : false),
    }),
};

export const maintenanceMutations = {
  startLibraryImport: () =>
    mutationOptions({
      mutationKey: [...maintenanceQueries.all(), 'library-import'],
      mutationFn: () =>
        api.request('/v1/maintenance/library-import', { method: 'POST', schema: job }),
      meta: { failureMessage: 'Failed to start the library import. Please try again.' },
    }),
  startMetadataRefresh: () =>
    mutationOptions({
      mutationKey: [...maintenanceQueries.all(), 'refresh'],
      mutationFn: () => api.request('/v1/maintenance/refresh', { method: 'POST', schema: job }),
    }),
  startGenreLookup: () =>
    mutationOptions({
      mutationKey: [...maintenanceQueries.all(), 'look-up-genres'],
      mutationFn: () =>
        api.request('/v1/maintenance/fixes/look-up-genres', { method: 'POST', schema: job }),
    }),
  /** A fix done at once; what it changed shows everywhere, the report included. */
  fix: () =>
    mutationOptions({
      mutationKey: [...maintenanceQueries.all(), 'fix'],
      mutationFn: (fix: Exclude<MaintenanceFix, 'look-up-genres'>) =>
        api.request(`/v1/maintenance/fixes/${fix}`, {
          method: 'POST',
          schema: maintenanceFixResult,
        }),
      onSuccess: (_data, _fix, _result, { client }) => {
        void client.invalidateQueries({ queryKey: maintenanceQueries.report().queryKey });
        return refreshCollection(client);
      },
    }),
  importExport: () =>
    mutationOptions({
      mutationKey: [...maintenanceQueries.all(), 'import'],
      // Answers once the file's tags and folders are in, with the job that adds its albums.
      mutationFn: (collection: CollectionExport) =>
        api.request('/v1/maintenance/import', { method: 'POST', body: collection, schema: job }),
      meta: { failureMessage: 'Failed to import the file. Please try again.' },
      onSuccess: (_data, _body, _result, { client }) => refreshCollection(client),
    }),
  deleteAccount: () =>
    mutationOptions({
      mutationKey: [...maintenanceQueries.all(), 'delete-account'],
      mutationFn: () =>
        api.request('/v1/maintenance/account', { method: 'DELETE', schema: z.unknown() }),
      meta: { failureMessage: 'Failed to delete the account. Please try again.' },
      onSuccess: () => clearSessionToken(),
    }),
};

/** The file name the server suggests, or a plain one. */
function fileNameOf(response: Response, format: 'json' | 'csv'): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? `gatefold-export.${format}`;
}

/**
 * The export is a file download, but a plain link cannot send the bearer token: the file is
 * fetched with it, then handed to the browser as an object URL.
 */
export async function downloadExport(format: 'json' | 'csv'): Promise<void> {
  const token = readSessionToken();
  const response = await window.fetch(
    apiUrl(`/v1/maintenance/export?${new URLSearchParams({ format })}`),
    { headers: token === null ? {} : { Authorization: `Bearer ${token}` } },
  );
  if (!response.ok) {
    throw new ApiError(response.status, `The export failed (${response.status}).`);
  }
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(response, format);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download; the URL is not needed after this turn.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
