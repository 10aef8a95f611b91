import { storeSessionToken } from '../../api/session-token';

export const TOKEN_PARAM = 'token';

/**
 * Takes the sign-in token out of the address (SPEC §2, DESIGN §4): stores it as the session token
 * and strips it from the address bar at once, so it never stays in history or a bookmark.
 * Returns the token, or null when the address carries none.
 */
export function takeTokenFromAddress(): string | null {
  const url = new URL(window.location.href);
  const token = url.searchParams.get(TOKEN_PARAM);
  if (token === null) return null;
  url.searchParams.delete(TOKEN_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (token === '') return null;
  storeSessionToken(token);
  return token;
}
