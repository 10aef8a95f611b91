import { CircleHelp } from 'lucide-react';
import { useId, useState } from 'react';

const EXAMPLES: [string, string][] = [
  ['miles blue', 'Words in the album, artist or tag names'],
  ['"kind of blue"', 'A phrase, word for word'],
  ['artist:coltrane', 'A word of an artist’s name, or its start (also album:)'],
  ['genre:jazz,blues', 'A whole genre, tag or folder name; , for either'],
  ['tag:fav*', 'A name that starts with fav'],
  ['year:1990..1999', 'A year or a range: 1994, 2020.., ..1970, >1990'],
  ['added:<30d', 'Added within 30 days (d, w, m, y); >1y for longer ago'],
  ['added:2026-01..2026-06', 'Added between two months or days'],
  ['tracks:>10', 'A number of tracks: 10, 5..8, <5'],
  ['-tag:owned', 'Leave out what matches'],
  ['genre:jazz OR genre:soul', 'Either term; brackets group terms'],
];

/** A button that opens the album query language's grammar and examples below it. */
export function QueryHelp() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Query help"
        onClick={() => setOpen((shown) => !shown)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        className="inline-flex size-9 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
      >
        <CircleHelp aria-hidden="true" className="size-5" />
      </button>
      {/* On phones the panel spans the screen under the top bar: its button may sit mid-screen. */}
      {open && (
        <section
          id={panelId}
          aria-label="Query help"
          className="fixed inset-x-2 top-16 z-30 max-h-[70vh] overflow-y-auto rounded-xl border border-gray-200 bg-white p-4 text-sm shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-80 dark:border-gray-700 dark:bg-gray-900"
        >
          <p className="mb-2 text-gray-700 dark:text-gray-300">
            Terms side by side must all match. Case and accents never matter.
          </p>
          <dl className="space-y-1.5">
            {EXAMPLES.map(([example, meaning]) => (
              <div key={example}>
                <dt>
                  <code className="rounded bg-gray-100 px-1 font-mono text-xs dark:bg-gray-800">
                    {example}
                  </code>
                </dt>
                <dd className="text-gray-700 dark:text-gray-300">{meaning}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </div>
  );
}
