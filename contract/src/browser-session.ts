// What the browser keeps between visits. No schemas here: the landing page loads this module,
// and a first visit should not download a validation library it never uses.

/** Local-storage key of the session token (SPEC §9). */
export const AUTH_TOKEN_STORAGE_KEY = 'auth_token';

/** The three themes a user can keep; anything else is refused on save and ignored on load. */
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
