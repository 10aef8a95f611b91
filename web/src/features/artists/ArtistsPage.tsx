import { ARTIST_SORT_LABELS, ARTISTS_PER_PAGE, artistSort } from '@gatefold/contract/artists';
import { pageCount } from '@gatefold/contract/pagination';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { CalendarPlus, Disc3, Music, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { artistQueries } from '../../api/artist-queries';
import { genreQueries } from '../../api/genre-queries';
import { buttonStyles } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { Pagination } from '../../components/Pagination';
import { SearchInput } from '../../components/SearchInput';
import { SortSelect } from '../../components/SortSelect';
import { ArtistCard } from './ArtistCard';

const SEARCH_DEBOUNCE_MS = 300;
const DEFAULT_SORT = 'name-asc';

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function readSort(value: string | null) {
  const parsed = artistSort.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_SORT;
}

function StatCard({
  label,
  value,
  Icon,
}: {
  label: string;
  value: number | undefined;
  Icon: LucideIcon;
}) {
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-indigo-100 text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-200">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <span className="min-w-0">
        <span className="block text-3xl font-bold tabular-nums">{value ?? '–'}</span>
        <span className="block truncate text-sm font-medium text-gray-700 dark:text-gray-300">
          {label}
        </span>
      </span>
    </div>
  );
}

/**
 * SPEC §2's artists list: searched, sorted and paged by the server, 20 a page. Page, sort and
 * search live in the address (page, sort, q) so coming back from an artist keeps the place.
 */
export function ArtistsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readPage(searchParams.get('page'));
  const sort = readSort(searchParams.get('sort'));
  const query = (searchParams.get('q') ?? '').trim();
  const [searchText, setSearchText] = useState(query);
  const searchTimer = useRef<number | undefined>(undefined);

  const artists = useQuery({
    ...artistQueries.list({
      limit: ARTISTS_PER_PAGE,
      offset: (page - 1) * ARTISTS_PER_PAGE,
      sort,
      q: query || undefined,
    }),
    placeholderData: keepPreviousData,
  });
  const genres = useQuery(genreQueries.list());
  const addedThisMonth = useQuery(artistQueries.addedThisMonth());

  // SPEC §8: a failed load leaves the list empty.
  const items = artists.data?.items ?? [];
  const total = artists.data?.total ?? 0;
  const lastPage = pageCount(total, ARTISTS_PER_PAGE);
  const first = items[0];

  const update = (changes: Record<string, string | null>) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  useEffect(() => () => window.clearTimeout(searchTimer.current), []);
  useEffect(() => {
    setSearchText((current) => (current.trim() === query ? current : query));
  }, [query]);

  const changeSearch = (text: string) => {
    setSearchText(text);
    window.clearTimeout(searchTimer.current);
    searchTimer.current = window.setTimeout(() => {
      const q = text.trim();
      if (q !== query) update({ q: q === '' ? null : q, page: null });
    }, SEARCH_DEBOUNCE_MS);
  };

  const changePage = (target: number) => {
    update({ page: target === 1 ? null : String(target) });
    window.scrollTo({ top: 0 });
  };

  const searching = query !== '' || searchText.trim() !== '';
  const emptyCollection = artists.isSuccess && total === 0 && !searching;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Artists"
        subtitle={
          artists.isSuccess
            ? `${total} ${total === 1 ? 'artist' : 'artists'} in your collection`
            : 'The artists in your collection.'
        }
      />

      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard
          label={first === undefined ? 'Top Artist' : `Albums by ${first.name}`}
          value={artists.isSuccess ? (first?.album_count ?? 0) : undefined}
          Icon={Disc3}
        />
        <StatCard label="Unique Genres" value={genres.data?.length} Icon={Music} />
        <StatCard label="Added This Month" value={addedThisMonth.data} Icon={CalendarPlus} />
      </div>

      {emptyCollection ? (
        <div className="rounded-2xl border border-gray-200 bg-white p-10 text-center shadow-sm dark:border-gray-800 dark:bg-gray-900">
          <Users aria-hidden="true" className="mx-auto size-10 text-gray-500" />
          <h2 className="mt-3 text-lg font-semibold">No Artists Found</h2>
          <p className="mt-1 text-gray-700 dark:text-gray-300">
            Artists will appear here when you add albums to your collection.
          </p>
          <Link to="/albums" className={`${buttonStyles('primary')} mt-5`}>
            Browse Albums
          </Link>
        </div>
      ) : (
        <section aria-label="Artist list" className="space-y-5">
          <div className="flex flex-wrap items-center gap-3">
            <SearchInput
              value={searchText}
              onChange={changeSearch}
              placeholder="Search artists..."
              label="Search artists"
              className="w-full sm:w-72"
            />
            <SortSelect
              value={sort}
              options={artistSort.options}
              labels={ARTIST_SORT_LABELS}
              onChange={(value) => {
                const next = readSort(value);
                update({ sort: next === DEFAULT_SORT ? null : next, page: null });
              }}
              className="sm:ml-auto"
            />
          </div>

          {artists.isPending ? (
            <p role="status" className="py-8 text-center text-gray-700 dark:text-gray-300">
              Loading artists...
            </p>
          ) : artists.isSuccess && total === 0 ? (
            <div className="py-8 text-center">
              <p className="font-semibold">No artists found</p>
              <p className="mt-1 text-gray-700 dark:text-gray-300">
                Try searching for a different artist name.
              </p>
            </div>
          ) : (
            <ul
              aria-label="Artists"
              aria-busy={artists.isPlaceholderData}
              className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${artists.isPlaceholderData ? 'opacity-70' : ''}`}
            >
              {items.map((artist) => (
                <li key={artist.id}>
                  <ArtistCard artist={artist} />
                </li>
              ))}
            </ul>
          )}

          <Pagination
            page={Math.min(page, lastPage)}
            pageCount={lastPage}
            onPageChange={changePage}
          />
        </section>
      )}
    </div>
  );
}
