import {
  addedAlbum,
  advancedSearchResults,
  DEFAULT_COUNTRY,
  type DiscoveryAlgorithm,
  discoveryAlgorithm,
  newReleases,
  type PastSearch,
  pastSearches,
} from '@gatefold/contract/discovery';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { refreshCollection } from './collection-cache';

/** SPEC §3's search filters, as the form holds them (blank = not asked for). */
export interface SearchFilters {
  query: string;
  genre: string;
  artist: string;
  album: string;
  year: string;
  country: string;
  albumType: string;
}

export const EMPTY_FILTERS: SearchFilters = {
  query: '',
  genre: '',
  artist: '',
  album: '',
  year: '',
  country: '',
  albumType: '',
};

/** SPEC §5: a search needs at least one non-empty filter. */
export function hasAnyFilter(filters: SearchFilters): boolean {
  return Object.values(filters).some((value) => value.trim() !== '');
}

/** SPEC §7: the algorithm plus each non-empty filter; SPEC §5: a blank country is sent as US. */
export function advancedSearchParams(
  algorithm: DiscoveryAlgorithm,
  filters: SearchFilters,
): URLSearchParams {
  const params = new URLSearchParams({ algorithm });
  for (const [name, value] of Object.entries(filters)) {
    if (name !== 'country' && value.trim() !== '') params.set(name, value.trim());
  }
  params.set('country', filters.country.trim() || DEFAULT_COUNTRY);
  return params;
}

const FILTER_NAMES = [
  'query',
  'genre',
  'artist',
  'album',
  'year',
  'country',
  'albumType',
] as const satisfies readonly (keyof SearchFilters)[];

/** A past search's filters and algorithm, to fill the form with again. */
export function pastSearchForm(past: PastSearch): {
  algorithm: DiscoveryAlgorithm;
  filters: SearchFilters;
} {
  const filters = { ...EMPTY_FILTERS };
  for (const name of FILTER_NAMES) filters[name] = past.filters[name] ?? '';
  const algorithm = discoveryAlgorithm.safeParse(past.algorithm);
  return { algorithm: algorithm.success ? algorithm.data : 'musicbrainz', filters };
}

export const discoveryQueries = {
  all: () => ['discovery'] as const,
  /** DESIGN §7: the user's own latest discovery searches, kept by the server. */
  recent: () =>
    queryOptions({
      queryKey: [...discoveryQueries.all(), 'recent'] as const,
      queryFn: ({ signal }) => api.request('/v1/search/recent', { schema: pastSearches, signal }),
    }),
};

/**
 * Discovery is asked for on demand (a button), and its answers live in the screen's own state
 * (they are sorted and marked locally), so these are mutations rather than cached queries.
 */
export const discoveryMutations = {
  search: () =>
    mutationOptions({
      mutationKey: [...discoveryQueries.all(), 'search'],
      mutationFn: ({
        algorithm,
        filters,
      }: {
        algorithm: DiscoveryAlgorithm;
        filters: SearchFilters;
      }) =>
        api.request(`/v1/search/spotify/advanced?${advancedSearchParams(algorithm, filters)}`, {
          schema: advancedSearchResults,
        }),
      meta: { failureMessage: 'Search failed' },
      onSettled: (_data, _error, _variables, _result, { client }) =>
        client.invalidateQueries({ queryKey: discoveryQueries.recent().queryKey }),
    }),
  newReleases: () =>
    mutationOptions({
      mutationKey: [...discoveryQueries.all(), 'new-releases'],
      mutationFn: (country: string) =>
        api.request(
          `/v1/search/spotify/new-releases?${new URLSearchParams({ country: country || DEFAULT_COUNTRY })}`,
          { schema: newReleases },
        ),
      meta: { failureMessage: 'Failed to load new releases.' },
    }),
  add: () =>
    mutationOptions({
      mutationKey: [...discoveryQueries.all(), 'add'],
      mutationFn: (spotifyId: string) =>
        api.request(`/v1/search/spotify/add-album/${encodeURIComponent(spotifyId)}`, {
          method: 'POST',
          schema: addedAlbum,
        }),
      meta: { failureMessage: 'Failed to add album. Please try again.' },
      onSuccess: (_data, _spotifyId, _result, { client }) => refreshCollection(client),
    }),
};
