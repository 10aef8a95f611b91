import type { SearchLogEntry } from '@gatefold/contract/discovery';
import { ScrollText, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button';
import type { SearchLogState } from './useSearchLog';

const TYPE_STYLES: Record<SearchLogEntry['type'], string> = {
  info: 'bg-blue-100 text-blue-900 dark:bg-blue-900/60 dark:text-blue-100',
  success: 'bg-green-100 text-green-900 dark:bg-green-900/60 dark:text-green-100',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  error: 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100',
};

const timeOf = (timestamp: string) => {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : date.toLocaleTimeString();
};

/** SPEC §2: the floating Search Log, newest entry last, with what is happening now on top. */
export function SearchLogPanel({ log }: { log: SearchLogState }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button
        variant="primary"
        onClick={() => setOpen(true)}
        className="fixed right-4 bottom-4 z-30 shadow-lg"
      >
        <ScrollText aria-hidden="true" className="size-4" />
        Search Log ({log.entries.length})
      </Button>
    );
  }
  return (
    <section
      aria-labelledby="search-log-title"
      className="fixed right-4 bottom-4 z-30 flex max-h-[70vh] w-[min(28rem,calc(100vw-2rem))] flex-col rounded-xl border border-gray-200 bg-white shadow-2xl dark:border-gray-700 dark:bg-gray-900"
    >
      <div className="flex items-center gap-2 border-b border-gray-100 px-4 py-2 dark:border-gray-800">
        <h2 id="search-log-title" className="flex-1 font-semibold">
          Search Log
        </h2>
        <Button size="sm" variant="ghost" onClick={log.runDemo} disabled={log.demoRunning}>
          Run Demo
        </Button>
        <Button size="sm" variant="ghost" onClick={log.clear}>
          Clear
        </Button>
        <button
          type="button"
          aria-label="Close search log"
          onClick={() => setOpen(false)}
          className="rounded p-1 text-gray-600 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-white"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <p
        role="status"
        className="border-b border-gray-100 px-4 py-1.5 text-sm text-gray-700 dark:border-gray-800 dark:text-gray-300"
      >
        <span className="font-medium">Current step:</span> {log.currentStep}
      </p>
      {log.entries.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-gray-600 dark:text-gray-400">
          No log entries yet.
        </p>
      ) : (
        <ol
          aria-label="Search log entries"
          className="flex-1 divide-y divide-gray-100 overflow-y-auto dark:divide-gray-800"
        >
          {log.entries.map((entry) => (
            <li key={entry.id} className="px-4 py-2 text-sm">
              <div className="flex items-center gap-2">
                <span
                  className={`rounded px-1.5 py-0.5 text-xs font-semibold uppercase ${TYPE_STYLES[entry.type]}`}
                >
                  {entry.type}
                </span>
                <span className="font-medium">{entry.source}</span>
                <time
                  dateTime={entry.timestamp}
                  className="ml-auto text-xs text-gray-600 dark:text-gray-400"
                >
                  {timeOf(entry.timestamp)}
                </time>
              </div>
              <p className="mt-1">{entry.message}</p>
              {entry.details !== '' && (
                <p className="text-xs text-gray-600 dark:text-gray-400">{entry.details}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
