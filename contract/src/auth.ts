import { z } from 'zod';
import { THEME_PREFERENCES } from './browser-session';

export const themePreference = z.enum(THEME_PREFERENCES);

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
