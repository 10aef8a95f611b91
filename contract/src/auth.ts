import { z } from 'zod';

/** The three themes a user can keep; anything else is refused on save and ignored on load. */
export const themePreference = z.enum(['light', 'dark', 'system']);
export type ThemePreference = z.infer<typeof themePreference>;

/** GET /v1/auth/me */
export const currentUser = z.object({
  id: z.number().int(),
  display_name: z.string(),
  profile_image_url: z.string().nullable(),
  theme_preference: themePreference,
});
export type CurrentUser = z.infer<typeof currentUser>;

/** PATCH /v1/auth/profile */
export const profileUpdate = z.object({ theme_preference: themePreference }).strict();
export type ProfileUpdate = z.infer<typeof profileUpdate>;

/** POST /v1/auth/refresh: a new session token; the one presented dies at once. */
export const refreshedSession = z.object({
  token: z.string(),
  expires_at: z.iso.datetime(),
});
export type RefreshedSession = z.infer<typeof refreshedSession>;

/** Local-storage key of the session token (SPEC §9). */
export const AUTH_TOKEN_STORAGE_KEY = 'auth_token';
