import type { PastSearch } from '@gatefold/contract/discovery';
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { discoveryQueries } from '../../api/discovery-queries';

/** How many of the user's latest searches are offered again. */
export const RECENT_SEARCHES_SHOWN = 5;

const describeFilters = (past: PastSearch) =>
  Object.entries(past.filters)
    .map(([name, value]) => `${name}: ${value}`)
    .join(' · ');

/** The user's own latest searches (DESIGN §7); choosing one fills the form with it again. */
export function RecentSearches({ onChoose }: { onChoose: (past: PastSearch) => void }) {
  const recent = useQuery(discoveryQueries.recent());
  const searches = (recent.data ?? []).slice(0, RECENT_SEARCHES_SHOWN);
  if (searches.length === 0) return null;
  return (
    <section aria-labelledby="discover-recent" className="mt-6">
      <h2 id="discover-recent" className="mb-2 flex items-center gap-2 text-lg font-semibold">
        <History aria-hidden="true" className="size-5" />
        Recent searches
      </h2>
      <ul className="flex flex-wrap gap-2">
        {searches.map((past) => (
          <li key={`${past.algorithm}:${describeFilters(past)}`}>
            <button
              type="button"
              onClick={() => onChoose(past)}
              className="rounded-full border border-gray-300 bg-white px-3 py-1 text-sm text-gray-800 hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800"
            >
              {describeFilters(past)}{' '}
              <span className="text-gray-600 dark:text-gray-400">
                ({past.result_count} {past.result_count === 1 ? 'album' : 'albums'})
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
