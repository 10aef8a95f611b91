import { genreBarPercent } from '@gatefold/contract/genre-bar';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Music } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { genreQueries } from '../../api/genre-queries';
import { PageHeader } from '../../components/PageHeader';
import { SearchInput } from '../../components/SearchInput';
import { useDebouncedValue } from '../../components/useDebouncedValue';

const SEARCH_DEBOUNCE_MS = 300;

/** SPEC §2's genres list: every genre with albums, most first, searched on the server. */
export function GenresPage() {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const genres = useQuery({ ...genreQueries.list(search), placeholderData: keepPreviousData });
  const items = genres.data ?? [];
  const searching = search !== '';
  // Most first, so the first is the largest; the rule still takes the maximum to be safe.
  const largest = items.reduce((most, genre) => Math.max(most, genre.album_count), 0);

  return (
    <div className="space-y-6">
      <PageHeader title="Genres" subtitle="Browse music genres collected from your albums" />
      <SearchInput
        value={searchText}
        onChange={setSearchText}
        placeholder="Search genres..."
        label="Search genres"
        className="sm:w-80"
      />

      {genres.isPending ? (
        <p role="status" className="py-8 text-center text-gray-700 dark:text-gray-300">
          Loading genres...
        </p>
      ) : items.length === 0 && !searching ? (
        <div className="rounded-2xl border border-gray-200 bg-white p-10 text-center shadow-sm dark:border-gray-800 dark:bg-gray-900">
          <Music aria-hidden="true" className="mx-auto size-10 text-gray-500" />
          <h2 className="mt-3 text-lg font-semibold">No Genres Found</h2>
          <p className="mt-1 text-gray-700 dark:text-gray-300">
            Genres will appear here automatically when you add albums with genre information from
            the streaming service.
          </p>
        </div>
      ) : (
        <section aria-labelledby="genres-heading" className="space-y-4">
          <h2 id="genres-heading" aria-live="polite" className="text-lg font-semibold">
            {searching ? `Found ${items.length} genres` : `All Genres (${items.length})`}
          </h2>
          {items.length === 0 ? (
            <div className="py-8 text-center">
              <p className="font-semibold">No genres found</p>
              <p className="mt-1 text-gray-700 dark:text-gray-300">
                Try searching for a different genre name
              </p>
            </div>
          ) : (
            <ul
              aria-label="Genres"
              aria-busy={genres.isPlaceholderData}
              className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
            >
              {items.map((genre) => (
                <li key={genre.id}>
                  <Link
                    to={`/genres/${encodeURIComponent(genre.name)}`}
                    className="block h-full rounded-2xl border border-gray-200 bg-white p-4 shadow-sm transition hover:border-indigo-300 hover:shadow-md dark:border-gray-800 dark:bg-gray-900 dark:hover:border-indigo-700"
                  >
                    <span className="block truncate font-semibold">{genre.name}</span>
                    <span className="mt-0.5 block text-sm text-gray-600 dark:text-gray-400">
                      {`${genre.album_count} ${genre.album_count === 1 ? 'album' : 'albums'}`}
                    </span>
                    <span
                      aria-hidden="true"
                      className="mt-3 block h-2 overflow-hidden rounded-full bg-gray-100 dark:bg-gray-800"
                    >
                      <span
                        data-testid="genre-bar"
                        className="block h-full rounded-full bg-indigo-600 dark:bg-indigo-400"
                        style={{ width: `${genreBarPercent(genre.album_count, largest)}%` }}
                      />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
