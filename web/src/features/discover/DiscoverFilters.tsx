import type { DiscoveryAlgorithm } from '@gatefold/contract/discovery';
import { isValidYearFilter } from '@gatefold/contract/year-filter';
import { Search } from 'lucide-react';
import type { FormEvent } from 'react';
import type { SearchFilters } from '../../api/discovery-queries';
import { Button } from '../../components/Button';
import { CountryPicker } from './CountryPicker';

const INPUT =
  'w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 placeholder:text-gray-500 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-100 dark:placeholder:text-gray-400';

const ALGORITHMS: { value: DiscoveryAlgorithm; label: string; description: string }[] = [
  {
    value: 'musicbrainz',
    label: 'Global Discovery',
    description: 'Discover albums worldwide by country, genre and year',
  },
  {
    value: 'recommendation',
    label: 'Real Discovery',
    description: 'Multi-source discovery across the streaming service and your collection',
  },
];

const TEXT_FILTERS: {
  name: 'query' | 'genre' | 'artist' | 'album';
  label: string;
  placeholder: string;
}[] = [
  { name: 'query', label: 'Search text', placeholder: 'Album, artist or any words' },
  { name: 'genre', label: 'Genres (comma separated, matching ALL)', placeholder: 'jazz, bebop' },
  { name: 'artist', label: 'Specific artist', placeholder: 'Miles Davis' },
  { name: 'album', label: 'Specific album', placeholder: 'Kind of Blue' },
];

interface DiscoverFiltersProps {
  algorithm: DiscoveryAlgorithm;
  onAlgorithmChange: (algorithm: DiscoveryAlgorithm) => void;
  filters: SearchFilters;
  onFilterChange: (name: keyof SearchFilters, value: string) => void;
  anyFilter: boolean;
  searching: boolean;
  onSearch: () => void;
  onClear: () => void;
}

/** SPEC §2: the algorithm, the filters and the Discover Albums and Clear Filters buttons. */
export function DiscoverFilters({
  algorithm,
  onAlgorithmChange,
  filters,
  onFilterChange,
  anyFilter,
  searching,
  onSearch,
  onClear,
}: DiscoverFiltersProps) {
  const yearValid = isValidYearFilter(filters.year);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (anyFilter && yearValid && !searching) onSearch();
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Search filters"
      className="space-y-5 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Search algorithm</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {ALGORITHMS.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-gray-200 p-3 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 dark:border-gray-700 dark:has-[:checked]:bg-indigo-950/50"
            >
              <input
                type="radio"
                name="algorithm"
                value={option.value}
                checked={algorithm === option.value}
                onChange={() => onAlgorithmChange(option.value)}
                className="mt-1"
              />
              <span>
                <span className="block font-medium">{option.label}</span>
                <span className="block text-sm text-gray-700 dark:text-gray-300">
                  {option.description}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {TEXT_FILTERS.map((filter) => (
          <div key={filter.name}>
            <label htmlFor={`discover-${filter.name}`} className="mb-1 block text-sm font-medium">
              {filter.label}
            </label>
            <input
              id={`discover-${filter.name}`}
              type="text"
              value={filters[filter.name]}
              onChange={(event) => onFilterChange(filter.name, event.target.value)}
              placeholder={filter.placeholder}
              autoComplete="off"
              className={INPUT}
            />
          </div>
        ))}
        <div>
          <label htmlFor="discover-year" className="mb-1 block text-sm font-medium">
            Year or range
          </label>
          <input
            id="discover-year"
            type="text"
            inputMode="numeric"
            value={filters.year}
            onChange={(event) => onFilterChange('year', event.target.value)}
            placeholder="1990, 1990-2000 or 2020-"
            autoComplete="off"
            aria-invalid={!yearValid}
            aria-describedby="discover-year-help"
            className={INPUT}
          />
          <p
            id="discover-year-help"
            className={`mt-1 text-xs ${yearValid ? 'text-gray-600 dark:text-gray-400' : 'text-red-700 dark:text-red-400'}`}
          >
            {yearValid
              ? 'Examples: 1990, 1990-2000, 2020-'
              : 'Use a year (1990), a range (1990-2000) or an open range (2020-).'}
          </p>
        </div>
        <CountryPicker
          value={filters.country}
          onChange={(code) => onFilterChange('country', code)}
          inputClassName={INPUT}
        />
        <div>
          <label htmlFor="discover-album-type" className="mb-1 block text-sm font-medium">
            Album type
          </label>
          <select
            id="discover-album-type"
            value={filters.albumType}
            onChange={(event) => onFilterChange('albumType', event.target.value)}
            className={INPUT}
          >
            <option value="">Any Type</option>
            <option value="album">album</option>
            <option value="single">single</option>
            <option value="compilation">compilation</option>
            <option value="ep">ep</option>
          </select>
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" disabled={!anyFilter || !yearValid || searching}>
          <Search aria-hidden="true" className="size-4" />
          {searching ? 'Searching the streaming service...' : 'Discover Albums'}
        </Button>
        <Button onClick={onClear} disabled={!anyFilter}>
          Clear Filters
        </Button>
        {!anyFilter && (
          <p className="text-sm text-gray-700 dark:text-gray-300">
            Enter search text or select filters above to start searching.
          </p>
        )}
      </div>
    </form>
  );
}
