import type { DiscoveryAlgorithm } from '@gatefold/contract/discovery';
import {
  DISCOVERY_SORTS,
  isDiscoverySort,
  sortDiscoveryAlbums,
} from '@gatefold/contract/discovery-sort';
import { useMutation } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useReducer, useRef, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { discoveryMutations, hasAnyFilter, pastSearchForm } from '../../api/discovery-queries';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { DiscoverFilters } from './DiscoverFilters';
import { DiscoveryResultCard } from './DiscoveryResultCard';
import { discoverReducer, initialDiscoverState } from './discover-state';
import { RecentSearches } from './RecentSearches';
import { SearchLogPanel } from './SearchLogPanel';
import { localLogEntry } from './search-log';
import { useSearchLog } from './useSearchLog';

const TIPS = [
  {
    title: 'Explore by place',
    text: 'Pick a country and a genre, for example Japan + Electronic or Brazil + Bossa Nova.',
  },
  {
    title: 'Travel in time',
    text: 'Add a year or a range (1990, 1990-2000, 2020-) to find the albums of an era.',
  },
  {
    title: 'Go beyond what you know',
    text: 'Real Discovery lists albums by artists you do not collect yet first.',
  },
];

const failureDetail = (error: Error) => (error instanceof ApiError ? error.detail : error.message);

/** SPEC §2 "Advanced search (Discover New Music)". Loaded lazily, in its own chunk. */
export default function DiscoverPage() {
  const [state, dispatch] = useReducer(discoverReducer, initialDiscoverState);
  const [algorithm, setAlgorithm] = useState<DiscoveryAlgorithm>('musicbrainz');
  const log = useSearchLog();
  const search = useMutation(discoveryMutations.search());
  const newReleases = useMutation(discoveryMutations.newReleases());
  const add = useMutation(discoveryMutations.add());

  // Clearing the filters outdates a search still on its way: its answer is then dropped.
  const searchGeneration = useRef(0);

  const anyFilter = hasAnyFilter(state.filters);
  const busy = search.isPending || newReleases.isPending;

  const runSearch = () => {
    log.append([localLogEntry('info', 'Web', 'Search sent to the server', algorithm)]);
    log.setCurrentStep('Searching the streaming service...');
    const generation = searchGeneration.current;
    const current = () => generation === searchGeneration.current;
    search.mutate(
      { algorithm, filters: state.filters },
      {
        onSuccess: (results) => {
          log.append(results.log);
          if (!current()) return;
          dispatch({
            type: 'search-succeeded',
            albums: results.albums,
            total: results.total,
            tookMs: results.took_ms,
          });
          log.setCurrentStep(`Done: found ${results.total} albums in ${results.took_ms}ms`);
        },
        onError: (error) => {
          log.append([localLogEntry('error', 'Web', 'Search failed', failureDetail(error))]);
          if (!current()) return;
          dispatch({ type: 'failed', mode: 'search' });
          log.setCurrentStep('Search failed');
        },
      },
    );
  };

  const loadNewReleases = () => {
    log.append([
      localLogEntry('info', 'Web', 'Loading new releases', state.filters.country || 'US'),
    ]);
    log.setCurrentStep('Loading new releases...');
    newReleases.mutate(state.filters.country, {
      onSuccess: (results) => {
        dispatch({
          type: 'new-releases-loaded',
          albums: results.albums,
          total: results.total,
          tookMs: results.took_ms,
        });
        log.append([localLogEntry('success', 'Web', `Loaded ${results.total} new releases`)]);
        log.setCurrentStep('Done');
      },
      onError: (error) => {
        dispatch({ type: 'failed', mode: 'new-releases' });
        log.append([
          localLogEntry('error', 'Web', 'Loading new releases failed', failureDetail(error)),
        ]);
        log.setCurrentStep('Loading new releases failed');
      },
    });
  };

  const addToCollection = (spotifyId: string) => {
    add.mutate(spotifyId, {
      onSuccess: (added) => dispatch({ type: 'added', spotifyId, albumId: added.album_id }),
      // Already collected (409): it is in the collection all the same.
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          dispatch({ type: 'added', spotifyId, albumId: null });
        }
      },
    });
  };

  const clearFilters = () => {
    if (state.mode !== 'new-releases') searchGeneration.current += 1;
    dispatch({ type: 'clear-filters' });
  };
  const shown = sortDiscoveryAlbums(state.albums, state.sort);
  const heading = state.mode === 'new-releases' ? 'New Releases' : 'Discovery Results';

  return (
    <div className="pb-16">
      <PageHeader
        title="Discover New Music"
        subtitle="Search the streaming catalogue by country, genre, year and more."
        actions={
          <>
            <Button onClick={loadNewReleases} disabled={busy}>
              <Sparkles aria-hidden="true" className="size-4" />
              {newReleases.isPending ? 'Loading...' : 'New Releases'}
            </Button>
            {anyFilter && (
              <button
                type="button"
                onClick={clearFilters}
                className="self-center text-sm font-medium text-indigo-700 underline hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-100"
              >
                Clear All Filters
              </button>
            )}
          </>
        }
      />

      <DiscoverFilters
        algorithm={algorithm}
        onAlgorithmChange={setAlgorithm}
        filters={state.filters}
        onFilterChange={(name, value) => dispatch({ type: 'set-filter', name, value })}
        anyFilter={anyFilter}
        searching={search.isPending}
        onSearch={runSearch}
        onClear={clearFilters}
      />

      <div aria-live="polite" className="mt-6">
        {state.mode !== 'idle' && state.tookMs !== null && (
          <p className="text-sm text-gray-700 dark:text-gray-300">
            Found {state.total} albums in {state.tookMs}ms
          </p>
        )}
      </div>

      {state.mode === 'idle' ? (
        !busy && (
          <>
            <RecentSearches
              onChoose={(past) => {
                const form = pastSearchForm(past);
                setAlgorithm(form.algorithm);
                dispatch({ type: 'set-filters', filters: form.filters });
              }}
            />
            <section aria-labelledby="discover-tips" className="mt-6">
              <h2 id="discover-tips" className="sr-only">
                Tips
              </h2>
              <ul className="grid gap-4 sm:grid-cols-3">
                {TIPS.map((tip) => (
                  <li
                    key={tip.title}
                    className="rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900"
                  >
                    <p className="font-semibold">{tip.title}</p>
                    <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{tip.text}</p>
                  </li>
                ))}
              </ul>
            </section>
          </>
        )
      ) : (
        <section aria-labelledby="discover-results" className="mt-4">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2 id="discover-results" className="text-xl font-semibold">
              {heading} ({state.total})
            </h2>
            <label className="flex items-center gap-2 text-sm">
              Sort by
              <select
                value={state.sort}
                onChange={(event) => {
                  if (isDiscoverySort(event.target.value)) {
                    dispatch({ type: 'sort', sort: event.target.value });
                  }
                }}
                className="rounded-lg border border-gray-300 bg-white px-2 py-1.5 text-sm dark:border-gray-700 dark:bg-gray-950"
              >
                {DISCOVERY_SORTS.map((sort) => (
                  <option key={sort.value} value={sort.value}>
                    {sort.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {shown.length === 0 ? (
            !busy && (
              <div className="rounded-xl border border-dashed border-gray-300 p-10 text-center dark:border-gray-700">
                <p className="font-semibold">No albums found</p>
                <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
                  {state.mode === 'new-releases'
                    ? 'No new releases available'
                    : 'Try different search terms or adjust your filters'}
                </p>
              </div>
            )
          ) : (
            <ul
              aria-label={heading}
              className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5"
            >
              {shown.map((album) => (
                <li key={album.spotify_id}>
                  <DiscoveryResultCard
                    album={album}
                    adding={add.isPending && add.variables === album.spotify_id}
                    onAdd={() => addToCollection(album.spotify_id)}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <SearchLogPanel log={log} />
    </div>
  );
}
