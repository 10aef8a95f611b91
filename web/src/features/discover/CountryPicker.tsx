import { X } from 'lucide-react';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { type CountryOption, countryOptions, filterCountries } from './country-options';

interface CountryPickerProps {
  /** The chosen code, or '' for none. */
  value: string;
  onChange: (code: string) => void;
  inputClassName: string;
}

const labelOf = (option: CountryOption) => `${option.flag} ${option.name}`;

/**
 * SPEC §2: a country chosen from a searchable list, with a clear option. An ARIA combobox: type
 * to filter, arrows to move, Enter to choose, Escape to close.
 */
export function CountryPicker({ value, onChange, inputClassName }: CountryPickerProps) {
  const id = useId();
  const options = useMemo(() => countryOptions(), []);
  const chosen = options.find((option) => option.code === value);
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  // While typing, the typed text; otherwise the chosen country.
  const shownText = text ?? (chosen ? labelOf(chosen) : '');
  const matches = filterCountries(options, text ?? '');
  const activeOption = open ? matches[Math.min(active, matches.length - 1)] : undefined;

  const choose = (option: CountryOption) => {
    onChange(option.code);
    setText(null);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setOpen(true);
      setActive((index) => (index + step + matches.length) % Math.max(matches.length, 1));
    } else if (event.key === 'Enter' && open && activeOption) {
      event.preventDefault();
      choose(activeOption);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setText(null);
    }
  };

  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="mb-1 block text-sm font-medium">
        Country / Market
      </label>
      <div className="relative">
        <input
          id={`${id}-input`}
          role="combobox"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? `${id}-${activeOption.code}` : undefined}
          autoComplete="off"
          value={shownText}
          placeholder="United States (default)"
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setText(null);
          }}
          onKeyDown={onKeyDown}
          className={`${inputClassName} pr-9`}
        />
        {value !== '' && (
          <button
            type="button"
            aria-label="Clear country"
            onClick={() => {
              onChange('');
              setText(null);
            }}
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-gray-600 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-white"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
      {open && (
        <div
          id={`${id}-list`}
          role="listbox"
          aria-label="Countries"
          className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-lg border border-gray-200 bg-white py-1 shadow-lg dark:border-gray-700 dark:bg-gray-900"
        >
          {matches.length === 0 && (
            <p className="px-3 py-2 text-sm text-gray-600 dark:text-gray-400">No country matches</p>
          )}
          {matches.map((option) => (
            <div
              key={option.code}
              tabIndex={-1}
              id={`${id}-${option.code}`}
              role="option"
              aria-selected={option.code === value}
              // Chosen before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
              className={`flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm ${option === activeOption ? 'bg-indigo-100 dark:bg-indigo-900/60' : 'hover:bg-gray-100 dark:hover:bg-gray-800'}`}
            >
              <span aria-hidden="true">{option.flag}</span>
              <span className="flex-1">{option.name}</span>
              <span className="text-xs text-gray-600 dark:text-gray-400">{option.code}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
