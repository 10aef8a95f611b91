import type { DiscoveryAlbum } from '@gatefold/contract/discovery';
import { describe, expect, it } from 'vitest';
import { advancedSearchParams, EMPTY_FILTERS, hasAnyFilter } from '../../api/discovery-queries';
import { type DiscoverState, discoverReducer, initialDiscoverState } from './discover-state';
import { appendToLog, localLogEntry, SEARCH_LOG_LIMIT } from './search-log';

const album = (spotify_id: string): DiscoveryAlbum => ({
  spotify_id,
  name: `Album ${spotify_id}`,
  artist: 'Artist',
  image_url: null,
  release_date: '1999',
  total_tracks: 10,
  popularity: 50,
  spotify_url: null,
  in_collection: false,
  collection_id: null,
});

const withResults = (mode: 'search' | 'new-releases'): DiscoverState => {
  const filtered = discoverReducer(initialDiscoverState, {
    type: 'set-filter',
    name: 'country',
    value: 'JP',
  });
  return mode === 'search'
    ? discoverReducer(filtered, {
        type: 'search-succeeded',
        albums: [album('a')],
        total: 1,
        tookMs: 12,
      })
    : discoverReducer(filtered, {
        type: 'new-releases-loaded',
        albums: [album('a')],
        total: 1,
        tookMs: 5,
      });
};

describe('discover state', () => {
  it('empties the results when the filters are cleared after a search', () => {
    const cleared = discoverReducer(withResults('search'), { type: 'clear-filters' });
    expect(cleared.filters).toEqual(EMPTY_FILTERS);
    expect(cleared.albums).toEqual([]);
    expect(cleared.total).toBe(0);
    expect(cleared.mode).toBe('idle');
  });

  it('keeps the new releases when the filters are cleared', () => {
    const cleared = discoverReducer(withResults('new-releases'), { type: 'clear-filters' });
    expect(cleared.filters).toEqual(EMPTY_FILTERS);
    expect(cleared.albums).toHaveLength(1);
    expect(cleared.mode).toBe('new-releases');
  });

  it('leaves empty results and a zero total after a failed search', () => {
    const failed = discoverReducer(withResults('search'), { type: 'failed', mode: 'search' });
    expect(failed.albums).toEqual([]);
    expect(failed.total).toBe(0);
  });

  it('marks an added result as collected with the returned album id', () => {
    const added = discoverReducer(withResults('search'), {
      type: 'added',
      spotifyId: 'a',
      albumId: 42,
    });
    expect(added.albums[0]).toMatchObject({ in_collection: true, collection_id: 42 });
  });
});

describe('search filters', () => {
  it('needs one non-blank filter', () => {
    expect(hasAnyFilter(EMPTY_FILTERS)).toBe(false);
    expect(hasAnyFilter({ ...EMPTY_FILTERS, query: '   ' })).toBe(false);
    expect(hasAnyFilter({ ...EMPTY_FILTERS, albumType: 'ep' })).toBe(true);
  });

  it('sends the algorithm and each non-empty filter, a blank country as US', () => {
    const params = advancedSearchParams('musicbrainz', { ...EMPTY_FILTERS, genre: ' jazz ' });
    expect(params.toString()).toBe('algorithm=musicbrainz&genre=jazz&country=US');
    const japan = advancedSearchParams('recommendation', { ...EMPTY_FILTERS, country: 'JP' });
    expect(japan.get('country')).toBe('JP');
  });
});

describe('search log', () => {
  it('keeps only the last 50 entries', () => {
    const first = Array.from({ length: 45 }, (_, index) =>
      localLogEntry('info', 'Test', `m${index}`),
    );
    const more = Array.from({ length: 10 }, (_, index) =>
      localLogEntry('info', 'Test', `n${index}`),
    );
    const log = appendToLog(appendToLog([], first), more);
    expect(log).toHaveLength(SEARCH_LOG_LIMIT);
    expect(log[0]?.message).toBe('m5');
    expect(log.at(-1)?.message).toBe('n9');
  });
});
