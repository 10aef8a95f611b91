import type { ThemePreference } from '@gatefold/contract/browser-session';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import {
  applyTheme,
  DARK_SCHEME_QUERY,
  readStoredTheme,
  storeTheme,
  systemPrefersDark,
} from './theme';

interface ThemeContextValue {
  preference: ThemePreference;
  /** Applies the theme at once and keeps it in local storage (not on the profile). */
  setPreference: (preference: ThemePreference) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState<ThemePreference>(
    () => readStoredTheme() ?? 'system',
  );

  const setPreference = useCallback((next: ThemePreference) => {
    storeTheme(next);
    setPreferenceState(next);
  }, []);

  // Layout effect: the page must not paint once in the old theme.
  useLayoutEffect(() => {
    applyTheme(preference, systemPrefersDark());
    if (preference !== 'system' || typeof window.matchMedia !== 'function') return;
    const scheme = window.matchMedia(DARK_SCHEME_QUERY);
    const follow = (event: MediaQueryListEvent) => applyTheme('system', event.matches);
    scheme.addEventListener('change', follow);
    return () => scheme.removeEventListener('change', follow);
  }, [preference]);

  const value = useMemo(() => ({ preference, setPreference }), [preference, setPreference]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (value === null) throw new Error('useTheme is used outside the ThemeProvider');
  return value;
}
