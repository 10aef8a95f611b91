import { Search } from 'lucide-react';
import type { Ref } from 'react';

interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The accessible name, for a box with no visible label. */
  label: string;
  /** Width and spacing of the box in its layout. */
  className?: string;
  /** The id of what explains the box's state (an error under it). */
  describedBy?: string;
  invalid?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
}

/** A search box with its magnifier: the list filters of albums, tags, genres and artists. */
export function SearchInput({
  value,
  onChange,
  placeholder,
  label,
  className = '',
  describedBy,
  invalid = false,
  inputRef,
  onBlur,
}: SearchInputProps) {
  return (
    <div className={`relative ${className}`}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500"
      />
      <input
        ref={inputRef}
        type="search"
        value={value}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        placeholder={placeholder}
        aria-label={label}
        className="w-full rounded-lg border border-gray-300 bg-white py-2 pr-3 pl-9 text-sm text-gray-900 placeholder:text-gray-500 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400"
      />
    </div>
  );
}
