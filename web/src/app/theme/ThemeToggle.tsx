import type { ThemePreference } from '@gatefold/contract/browser-session';
import { Monitor, Moon, Sun, X } from 'lucide-react';
import { useThemeToggle } from './useThemeToggle';

const THEME_NAMES = {
  light: 'Light',
  dark: 'Dark',
  system: 'System',
} satisfies Record<ThemePreference, string>;

const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor } satisfies Record<
  ThemePreference,
  typeof Sun
>;

export function ThemeToggle() {
  const { preference, next, cycle, error, dismissError } = useThemeToggle();
  const Icon = THEME_ICONS[preference];
  const label = `Theme: ${THEME_NAMES[preference]}. Switch to ${THEME_NAMES[next].toLowerCase()} theme`;

  return (
    <div className="relative">
      <button
        type="button"
        onClick={cycle}
        aria-label={label}
        title={label}
        className="inline-flex size-10 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
      >
        <Icon aria-hidden="true" className="size-5" />
      </button>
      {error !== null && (
        <div
          role="alert"
          className="fixed inset-x-3 top-18 z-50 flex sm:absolute sm:inset-x-auto sm:right-0 sm:top-12 sm:w-72 items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 shadow-lg dark:border-red-900 dark:bg-red-950 dark:text-red-100"
        >
          <p className="flex-1">{error}</p>
          <button
            type="button"
            onClick={dismissError}
            aria-label="Dismiss theme error"
            className="rounded p-0.5 hover:bg-red-100 dark:hover:bg-red-900"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
    </div>
  );
}
