import { useId } from 'react';

interface SortSelectProps<Sort extends string> {
  value: Sort;
  options: readonly Sort[];
  labels: Record<Sort, string>;
  /** The chosen option's value, as the select gives it. */
  onChange: (value: string) => void;
  className?: string;
}

/** "Sort by" and its options, as the album grid and the artists list show them. */
export function SortSelect<Sort extends string>({
  value,
  options,
  labels,
  onChange,
  className = '',
}: SortSelectProps<Sort>) {
  const id = useId();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-gray-700 dark:text-gray-300">
        Sort by
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-lg border border-gray-300 bg-white px-2.5 py-1.5 text-sm text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
