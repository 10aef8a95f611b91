import { describeQueryError, parseAlbumQuery } from '@gatefold/contract/album-query';
import { Search } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { QueryHelp } from '../../components/QueryHelp';
import { useShortcuts } from '../../components/useShortcuts';

/**
 * The top bar's search: any album query, opened in the albums grid. `/` focuses it from anywhere
 * but a field being typed in; a malformed query is explained under the box and not sent.
 */
export function GlobalSearch() {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  // Shift too: on many keyboards / is a shifted key.
  useShortcuts({
    '[Shift]+/': () => input.current?.focus(),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    const parsed = parseAlbumQuery(query);
    if (!parsed.ok) {
      setError(describeQueryError(query, parsed.error));
      return;
    }
    setError(null);
    void navigate(query === '' ? '/albums' : `/albums?${new URLSearchParams({ q: query })}`);
  };

  return (
    <search className="flex min-w-0 max-w-md grow items-center gap-1">
      <form onSubmit={submit} className="relative min-w-28 grow">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-2.5 left-3 size-4 text-gray-500"
        />
        <input
          ref={input}
          type="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') input.current?.blur();
          }}
          placeholder="Search albums (press /)"
          aria-label="Search albums"
          aria-keyshortcuts="/"
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error !== null || undefined}
          className="w-full rounded-lg border border-gray-300 bg-white py-2 pr-3 pl-9 text-sm text-gray-900 placeholder:text-gray-500 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400"
        />
        <p
          id={errorId}
          aria-live="polite"
          className={
            error
              ? 'absolute top-full right-0 left-0 mt-1 rounded-md bg-white p-2 text-sm text-red-700 shadow dark:bg-gray-900 dark:text-red-400'
              : 'sr-only'
          }
        >
          {error}
        </p>
      </form>
      <QueryHelp />
    </search>
  );
}
