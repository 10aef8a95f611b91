import { THEME_PREFERENCES, type ThemePreference } from '@gatefold/contract/browser-session';

export const THEME_STORAGE_KEY = 'theme';
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

type ResolvedTheme = 'light' | 'dark';

/** SPEC §9: the browser theme colour per applied theme. */
export const THEME_COLORS = { light: '#ffffff', dark: '#1f2937' } satisfies Record<
  ResolvedTheme,
  string
>;

const NEXT_THEME = {
  light: 'dark',
  dark: 'system',
  system: 'light',
} satisfies Record<ThemePreference, ThemePreference>;

/** SPEC §4: light, then dark, then system, then back to light. */
export function nextTheme(current: ThemePreference): ThemePreference {
  return NEXT_THEME[current];
}

/** Only light, dark or system are accepted; anything else is no preference at all. */
export function parseTheme(value: unknown): ThemePreference | null {
  return THEME_PREFERENCES.find((theme) => theme === value) ?? null;
}

export function resolveTheme(
  preference: ThemePreference,
  systemPrefersDark: boolean,
): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_SCHEME_QUERY).matches;
}

/** Puts the theme on the page: the dark class on <html> and the browser's theme colour. */
export function applyTheme(
  preference: ThemePreference,
  prefersDark: boolean,
  doc = document,
): void {
  const resolved = resolveTheme(preference, prefersDark);
  doc.documentElement.classList.toggle('dark', resolved === 'dark');
  let meta = doc.querySelector('meta[name="theme-color"]');
  if (meta === null) {
    meta = doc.createElement('meta');
    meta.setAttribute('name', 'theme-color');
    doc.head.append(meta);
  }
  meta.setAttribute('content', THEME_COLORS[resolved]);
}

export function readStoredTheme(): ThemePreference | null {
  try {
    return parseTheme(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return null;
  }
}

export function storeTheme(preference: ThemePreference): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // The theme still applies for this visit; the profile keeps it for the next one.
  }
}
