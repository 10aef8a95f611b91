import type { DiscoveryAlbum } from '@gatefold/contract/discovery';
import type { DiscoverySort } from '@gatefold/contract/discovery-sort';
import { EMPTY_FILTERS, type SearchFilters } from '../../api/discovery-queries';

/** SPEC §4: idle before any search, then the results of a search, or the new releases. */
export type DiscoverMode = 'idle' | 'search' | 'new-releases';

export interface DiscoverState {
  filters: SearchFilters;
  mode: DiscoverMode;
  albums: DiscoveryAlbum[];
  total: number;
  /** How long the last search took on the server; null for new releases and before a search. */
  tookMs: number | null;
  sort: DiscoverySort;
}

export type DiscoverAction =
  | { type: 'set-filter'; name: keyof SearchFilters; value: string }
  | { type: 'set-filters'; filters: SearchFilters }
  | { type: 'clear-filters' }
  | { type: 'search-succeeded'; albums: DiscoveryAlbum[]; total: number; tookMs: number }
  | { type: 'new-releases-loaded'; albums: DiscoveryAlbum[]; total: number; tookMs: number }
  | { type: 'failed'; mode: 'search' | 'new-releases' }
  | { type: 'sort'; sort: DiscoverySort }
  | { type: 'added'; spotifyId: string; albumId: number | null };

export const initialDiscoverState: DiscoverState = {
  filters: EMPTY_FILTERS,
  mode: 'idle',
  albums: [],
  total: 0,
  tookMs: null,
  sort: 'relevance',
};

export function discoverReducer(state: DiscoverState, action: DiscoverAction): DiscoverState {
  switch (action.type) {
    case 'set-filter':
      return { ...state, filters: { ...state.filters, [action.name]: action.value } };
    case 'set-filters':
      return { ...state, filters: action.filters };
    case 'clear-filters':
      // SPEC §4: clearing the filters empties the results, except the new releases.
      return state.mode === 'new-releases'
        ? { ...state, filters: EMPTY_FILTERS }
        : { ...initialDiscoverState, sort: state.sort };
    case 'search-succeeded':
      return {
        ...state,
        mode: 'search',
        albums: action.albums,
        total: action.total,
        tookMs: action.tookMs,
      };
    case 'new-releases-loaded':
      return {
        ...state,
        mode: 'new-releases',
        albums: action.albums,
        total: action.total,
        tookMs: action.tookMs,
      };
    case 'failed':
      // SPEC §8: a failed search leaves empty results and a zero total.
      return { ...state, mode: action.mode, albums: [], total: 0, tookMs: null };
    case 'sort':
      return { ...state, sort: action.sort };
    case 'added':
      // SPEC §4: the result is marked in_collection, with the returned album id.
      return {
        ...state,
        albums: state.albums.map((album) =>
          album.spotify_id === action.spotifyId
            ? {
                ...album,
                in_collection: true,
                collection_id: action.albumId ?? album.collection_id,
              }
            : album,
        ),
      };
  }
}
