import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

interface StatCardProps {
  to: string;
  label: string;
  /** Undefined while loading or when the count could not be loaded. */
  count: number | undefined;
  Icon: LucideIcon;
}

/** One of the dashboard's three counts, linking to its list. */
export function StatCard({ to, label, count, Icon }: StatCardProps) {
  return (
    <Link
      to={to}
      className="flex items-center gap-4 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm transition hover:border-indigo-300 hover:shadow-md dark:border-gray-800 dark:bg-gray-900 dark:hover:border-indigo-700"
    >
      <span className="flex size-12 items-center justify-center rounded-xl bg-indigo-100 text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-200">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <span>
        <span className="block text-3xl font-bold tabular-nums">{count ?? '–'}</span>
        <span className="block text-sm font-medium text-gray-700 dark:text-gray-300">{label}</span>
      </span>
    </Link>
  );
}
