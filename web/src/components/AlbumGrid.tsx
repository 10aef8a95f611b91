import { describeQueryError, parseAlbumQuery } from '@gatefold/contract/album-query';
import {
  ALBUM_SORT_LABELS,
  type AlbumSort,
  type AlbumSummary,
  albumSort,
  DEFAULT_ALBUM_SORT,
} from '@gatefold/contract/albums';
import type { BulkScope } from '@gatefold/contract/bulk';
import { pageCount } from '@gatefold/contract/pagination';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ALBUMS_PER_PAGE, type AlbumPageQuery } from '../api/album-queries';
import { AlbumCard } from './AlbumCard';
import { Button } from './Button';
import { SelectableAlbum, useToggleFocusedAlbum } from './bulk/SelectableAlbum';
import { SelectionBar } from './bulk/SelectionBar';
import { useAlbumSelection } from './bulk/useAlbumSelection';
import { Pagination } from './Pagination';
import { QueryHelp } from './QueryHelp';
import { SearchInput } from './SearchInput';
import { SortSelect } from './SortSelect';

export const FILTER_DEBOUNCE_MS = 300;
export const DEFAULT_EMPTY_MESSAGE = 'No albums found.';

interface AlbumGridProps<TKey extends QueryKey> {
  /** Where the albums come from; the server pages, sorts and filters them (DESIGN §5). */
  pageQuery: AlbumPageQuery<TKey>;
  /** The list's accessible name. */
  label: string;
  /** The filter box (Filter albums...); tag and genre pages leave it out. */
  showFilter?: boolean;
  /** Shown when there are no albums at all (a filter with no match says No albums found.). */
  emptyState?: ReactNode;
  /** A control shown over each card's corner (a folder's Remove, say). */
  albumAction?: (album: AlbumSummary) => ReactNode;
  /** The list's scope on the server, so that "all matching" selects within it. */
  selectionScope?: BulkScope;
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function readSort(value: string | null): AlbumSort {
  const parsed = albumSort.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_ALBUM_SORT;
}

type Changes = Record<string, string | null>;

function withChanges(current: URLSearchParams, changes: Changes): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

function scrollToTop() {
  const reduceMotion =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
}

/**
 * SPEC §2's album grid: sort, count, optional filter, cards, and pages of 24. Page, sort and
 * filter live in the address (page, sort, q), so going back to the list returns to the same page.
 * Sorting or filtering returns to page 1; a page past the end (the list shrank) goes to the last.
 */
export function AlbumGrid<TKey extends QueryKey>({
  pageQuery,
  label,
  showFilter = false,
  emptyState,
  albumAction,
  selectionScope,
}: AlbumGridProps<TKey>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readPage(searchParams.get('page'));
  const sort = readSort(searchParams.get('sort'));
  const filter = showFilter ? (searchParams.get('q') ?? '').trim() : '';
  const [filterText, setFilterText] = useState(filter);
  const filterTimer = useRef<number | undefined>(undefined);
  const filterErrorId = useId();
  // The same parser as the server's: a malformed query is explained here and never sent.
  const typed = parseAlbumQuery(filterText.trim());
  const filterError = typed.ok ? null : describeQueryError(filterText.trim(), typed.error);
  const sentFilter = parseAlbumQuery(filter).ok ? filter : '';

  const albums = useQuery({
    ...pageQuery({
      limit: ALBUMS_PER_PAGE,
      offset: (page - 1) * ALBUMS_PER_PAGE,
      sort,
      q: sentFilter || undefined,
    }),
    // The page on screen stays while the next one loads, so the grid does not jump.
    placeholderData: keepPreviousData,
  });
  const total = albums.data?.total ?? 0;
  const lastPage = pageCount(total, ALBUMS_PER_PAGE);
  const pageIds = albums.data?.items.map((album) => album.id) ?? [];
  const selection = useAlbumSelection();
  const { clear: clearSelection } = selection;
  // Another filter or list is another set of albums: a selection made in the last one ends.
  const selectionKey = `${sentFilter}\n${JSON.stringify(selectionScope ?? {})}`;
  useEffect(() => {
    if (selectionKey) clearSelection();
  }, [selectionKey, clearSelection]);

  useToggleFocusedAlbum(selection, pageIds);

  // Replace, not push: the list's state is remembered without filling the history.
  const update = (changes: Changes) =>
    setSearchParams((current) => withChanges(current, changes), { replace: true });

  useEffect(() => () => window.clearTimeout(filterTimer.current), []);
  // The address changed the filter (back, or another list): the box follows it.
  useEffect(() => {
    setFilterText((current) => (current.trim() === filter ? current : filter));
  }, [filter]);

  const loadedPastTheEnd = albums.isSuccess && !albums.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (!loadedPastTheEnd) return;
    const changes = { page: lastPage === 1 ? null : String(lastPage) };
    setSearchParams((current) => withChanges(current, changes), { replace: true });
  }, [loadedPastTheEnd, lastPage, setSearchParams]);

  const applyFilter = (text: string) => {
    window.clearTimeout(filterTimer.current);
    filterTimer.current = undefined;
    const q = text.trim();
    if (q !== filter && parseAlbumQuery(q).ok) update({ q: q === '' ? null : q, page: null });
  };
  const changeFilter = (text: string) => {
    setFilterText(text);
    window.clearTimeout(filterTimer.current);
    filterTimer.current = window.setTimeout(() => applyFilter(text), FILTER_DEBOUNCE_MS);
  };
  // Leaving the box applies what it holds at once: a pause still running when the user goes to
  // another screen would otherwise write this list's filter into that screen's address.
  const flushFilter = () => {
    if (filterTimer.current !== undefined) applyFilter(filterText);
  };

  const changePage = (target: number) => {
    update({ page: target === 1 ? null : String(target) });
    scrollToTop();
  };

  if (albums.isPending) {
    return (
      <p role="status" className="py-8 text-center text-gray-700 dark:text-gray-300">
        Loading albums...
      </p>
    );
  }
  if (albums.isError) {
    return (
      <div role="alert" className="py-8 text-center text-gray-700 dark:text-gray-300">
        <p>Your albums could not be loaded.</p>
        <Button className="mt-3" onClick={() => albums.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const filtering = filter !== '';
  if (total === 0 && !filtering && filterText === '') {
    return (
      <div className="py-8 text-center text-gray-700 dark:text-gray-300">
        {emptyState ?? <p>{DEFAULT_EMPTY_MESSAGE}</p>}
      </div>
    );
  }

  return (
    <div className="space-y-5">
      <SelectionBar
        selection={selection}
        total={total}
        pageIds={pageIds}
        query={sentFilter}
        scope={selectionScope}
      />
      <div className="flex flex-wrap items-center gap-3">
        <SortSelect
          value={sort}
          options={albumSort.options}
          labels={ALBUM_SORT_LABELS}
          onChange={(value) => {
            const next = readSort(value);
            update({ sort: next === DEFAULT_ALBUM_SORT ? null : next, page: null });
          }}
        />
        <p aria-live="polite" className="text-sm text-gray-600 dark:text-gray-400">
          {total} {total === 1 ? 'album' : 'albums'}
        </p>
        {showFilter && (
          <div className="ml-auto w-full sm:w-80">
            <div className="flex items-center gap-1">
              <SearchInput
                value={filterText}
                onChange={changeFilter}
                onBlur={flushFilter}
                placeholder="Filter albums..."
                label="Filter albums"
                className="grow"
                describedBy={filterError ? filterErrorId : undefined}
                invalid={filterError !== null}
              />
              <QueryHelp />
            </div>
            <p
              id={filterErrorId}
              aria-live="polite"
              className="mt-1 min-h-5 text-sm text-red-700 dark:text-red-400"
            >
              {filterError}
            </p>
          </div>
        )}
      </div>

      {total === 0 ? (
        <p className="py-8 text-center text-gray-700 dark:text-gray-300">{DEFAULT_EMPTY_MESSAGE}</p>
      ) : (
        <ul
          aria-label={label}
          aria-busy={albums.isPlaceholderData}
          className={`grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 2xl:grid-cols-6 ${albums.isPlaceholderData ? 'opacity-70' : ''}`}
        >
          {albums.data.items.map((album) => (
            <SelectableAlbum
              key={album.id}
              album={album}
              selection={selection}
              pageIds={pageIds}
              action={albumAction?.(album)}
            >
              <AlbumCard album={album} />
            </SelectableAlbum>
          ))}
        </ul>
      )}

      <Pagination page={Math.min(page, lastPage)} pageCount={lastPage} onPageChange={changePage} />
    </div>
  );
}
