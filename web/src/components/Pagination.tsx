import { pageWindow } from '@gatefold/contract/pagination';
import { ChevronLeft, ChevronRight } from 'lucide-react';

interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label?: string;
}

const pageButton =
  'inline-flex min-w-9 items-center justify-center rounded-lg px-2.5 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50';

/**
 * SPEC §9: at most seven page buttons centred on the current page, hidden for a single page,
 * Previous and Next disabled at the ends; a page outside 1..last is ignored.
 */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  label = 'Pagination',
}: PaginationProps) {
  if (pageCount <= 1) return null;
  const go = (target: number) => {
    if (target < 1 || target > pageCount || target === page) return;
    onPageChange(target);
  };
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      <button
        type="button"
        onClick={() => go(page - 1)}
        disabled={page <= 1}
        className={`${pageButton} text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800`}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        Previous
      </button>
      {pageWindow(page, pageCount).map((number) => (
        <button
          key={number}
          type="button"
          onClick={() => go(number)}
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Page ${number}`}
          className={`${pageButton} ${
            number === page
              ? 'bg-indigo-600 text-white'
              : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800'
          }`}
        >
          {number}
        </button>
      ))}
      <button
        type="button"
        onClick={() => go(page + 1)}
        disabled={page >= pageCount}
        className={`${pageButton} text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800`}
      >
        Next
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}
