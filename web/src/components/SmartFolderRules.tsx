import { describeQueryError, parseAlbumQuery } from '@gatefold/contract/album-query';
import {
  type QueryRule,
  type QueryRules,
  queryFromRules,
  type RuleField,
  rulesFromQuery,
} from '@gatefold/contract/album-query-rules';
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { albumQueries } from '../api/album-queries';
import { useDebouncedValue } from './useDebouncedValue';

const FIELDS: { field: RuleField; label: string; placeholder: string }[] = [
  { field: 'genre', label: 'Genre', placeholder: 'jazz,blues' },
  { field: 'artist', label: 'Artist', placeholder: 'coltrane' },
  { field: 'album', label: 'Album name', placeholder: 'live' },
  { field: 'tag', label: 'Tag', placeholder: 'favourite' },
  { field: 'folder', label: 'Folder', placeholder: 'Vinyl' },
  { field: 'year', label: 'Year', placeholder: '1955..1965' },
  { field: 'added', label: 'Added', placeholder: '<30d' },
  { field: 'tracks', label: 'Tracks', placeholder: '>10' },
  { field: 'text', label: 'Any text', placeholder: 'blue' },
];

const COUNT_DEBOUNCE_MS = 300;

const control =
  'rounded-lg border border-gray-300 bg-white px-2 py-1.5 text-sm text-gray-900 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-100';

interface SmartFolderRulesProps {
  query: string;
  onChange: (query: string) => void;
}

/**
 * A smart folder's query as rules (field, is / is not, value; all or any) and as text, in step
 * both ways, with the number of albums it matches now.
 */
export function SmartFolderRules({ query, onChange }: SmartFolderRulesProps) {
  // Rules are kept here too: a row still without a value writes nothing into the text.
  const [rules, setRules] = useState<QueryRules | null>(
    () => rulesFromQuery(query) ?? { match: 'all', rules: [] },
  );
  const ids = { query: useId(), error: useId(), match: useId() };
  const parsed = parseAlbumQuery(query.trim());
  const error = parsed.ok ? null : describeQueryError(query.trim(), parsed.error);

  const changeRules = (next: QueryRules) => {
    setRules(next);
    onChange(queryFromRules(next));
  };
  const changeRule = (index: number, change: Partial<QueryRule>) => {
    if (!rules) return;
    changeRules({
      ...rules,
      rules: rules.rules.map((rule, at) => (at === index ? { ...rule, ...change } : rule)),
    });
  };
  const changeText = (text: string) => {
    onChange(text);
    setRules(rulesFromQuery(text));
  };

  return (
    <fieldset className="space-y-3 rounded-lg border border-gray-200 p-3 dark:border-gray-800">
      <legend className="px-1 text-sm font-medium text-gray-800 dark:text-gray-200">Rules</legend>
      {rules === null ? (
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {error
            ? 'The rules come back once the query below reads correctly.'
            : 'This query is more than rules can show: edit it as text below.'}
        </p>
      ) : (
        <>
          <p className="flex flex-wrap items-center gap-2 text-sm text-gray-800 dark:text-gray-200">
            <label htmlFor={ids.match}>Albums that match</label>
            <select
              id={ids.match}
              value={rules.match}
              onChange={(event) =>
                changeRules({ ...rules, match: event.target.value === 'any' ? 'any' : 'all' })
              }
              className={control}
            >
              <option value="all">all</option>
              <option value="any">any</option>
            </select>
            <span>of these rules</span>
          </p>
          <ul className="space-y-2" aria-label="Rules">
            {rules.rules.map((rule, index) => (
              <RuleRow
                // Rows have no identity of their own beyond their place in the list.
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place
                key={index}
                rule={rule}
                position={index + 1}
                onChange={(change) => changeRule(index, change)}
                onRemove={() =>
                  changeRules({ ...rules, rules: rules.rules.filter((_, at) => at !== index) })
                }
              />
            ))}
          </ul>
          <button
            type="button"
            onClick={() =>
              changeRules({
                ...rules,
                rules: [...rules.rules, { field: 'genre', negated: false, value: '' }],
              })
            }
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
          >
            <Plus aria-hidden="true" className="size-4" />
            Add rule
          </button>
        </>
      )}
      <div>
        <label
          htmlFor={ids.query}
          className="block text-sm font-medium text-gray-800 dark:text-gray-200"
        >
          Query
        </label>
        <input
          id={ids.query}
          value={query}
          onChange={(event) => changeText(event.target.value)}
          aria-describedby={ids.error}
          aria-invalid={error !== null || undefined}
          spellCheck={false}
          className={`mt-1 w-full font-mono ${control}`}
        />
        <p id={ids.error} aria-live="polite" className="mt-1 text-sm">
          {error ? (
            <span className="text-red-700 dark:text-red-400">{error}</span>
          ) : (
            <MatchCount query={query.trim()} />
          )}
        </p>
      </div>
    </fieldset>
  );
}

function RuleRow({
  rule,
  position,
  onChange,
  onRemove,
}: {
  rule: QueryRule;
  position: number;
  onChange: (change: Partial<QueryRule>) => void;
  onRemove: () => void;
}) {
  const field = FIELDS.find((option) => option.field === rule.field) ?? FIELDS[0];
  return (
    <li className="flex flex-wrap items-center gap-2">
      <select
        aria-label={`Rule ${position} field`}
        value={rule.field}
        onChange={(event) =>
          onChange({
            field: FIELDS.find((option) => option.field === event.target.value)?.field ?? 'genre',
          })
        }
        className={control}
      >
        {FIELDS.map((option) => (
          <option key={option.field} value={option.field}>
            {option.label}
          </option>
        ))}
      </select>
      <select
        aria-label={`Rule ${position} operator`}
        value={rule.negated ? 'is-not' : 'is'}
        onChange={(event) => onChange({ negated: event.target.value === 'is-not' })}
        className={control}
      >
        <option value="is">is</option>
        <option value="is-not">is not</option>
      </select>
      <input
        aria-label={`Rule ${position} value`}
        value={rule.value}
        placeholder={field?.placeholder}
        onChange={(event) => onChange({ value: event.target.value })}
        className={`min-w-0 flex-1 ${control}`}
      />
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove rule ${position}`}
        className="rounded-md p-1.5 text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

/** How many albums the query matches now: the list's full count, one album fetched. */
function MatchCount({ query }: { query: string }) {
  const settled = useDebouncedValue(query, COUNT_DEBOUNCE_MS);
  const matching = useQuery({
    ...albumQueries.list({ limit: 1, offset: 0, sort: 'added-desc', q: settled }),
    enabled: settled !== '' && parseAlbumQuery(settled).ok,
  });
  if (settled === '')
    return <span className="text-gray-700 dark:text-gray-300">Add a rule to choose albums.</span>;
  if (matching.isPending)
    return <span className="text-gray-700 dark:text-gray-300">Counting albums...</span>;
  if (matching.isError)
    return (
      <span className="text-gray-700 dark:text-gray-300">The albums could not be counted.</span>
    );
  const total = matching.data.total;
  return (
    <span className="text-gray-700 dark:text-gray-300">
      {total} {total === 1 ? 'album matches' : 'albums match'} now
    </span>
  );
}
