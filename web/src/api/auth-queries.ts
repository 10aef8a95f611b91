import {
  currentUser,
  type ProfileUpdate,
  refreshedSession,
  themePreference,
} from '@gatefold/contract/auth';
import type { ThemePreference } from '@gatefold/contract/browser-session';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client';

/**
 * The signed-in user. A theme the server should never send is ignored (null) rather than
 * failing the whole sign-in: SPEC §4 accepts only light, dark or system on load.
 */
export const signedInUser = currentUser.extend({
  theme_preference: themePreference.nullable().catch(null),
});
export type SignedInUser = z.infer<typeof signedInUser>;

export const authQueries = {
  all: () => ['auth'],
  me: () =>
    queryOptions({
      queryKey: [...authQueries.all(), 'me'],
      queryFn: ({ signal }) =>
        api.request('/v1/auth/me', { schema: signedInUser, signal, onUnauthorized: 'sign-in' }),
      // Infinity: the user changes only through this user's own mutations, which update the cache.
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

export function saveThemePreference(theme: ThemePreference): Promise<SignedInUser> {
  const body: ProfileUpdate = { theme_preference: theme };
  return api.request('/v1/auth/profile', { method: 'PATCH', body, schema: signedInUser });
}

/** Swaps the presented token for a new long-lived one; the presented token dies at once. */
export function refreshSession() {
  return api.request('/v1/auth/refresh', { method: 'POST', schema: refreshedSession });
}

export async function logOut(): Promise<void> {
  // A dead token on logout is not an expired session worth telling the user about.
  await api.request('/v1/auth/logout', {
    method: 'POST',
    schema: z.unknown(),
    onUnauthorized: 'stay',
  });
}
