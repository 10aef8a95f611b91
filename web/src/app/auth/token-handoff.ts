import { refreshSession } from '../../api/auth-queries';
import { storeSessionToken } from '../../api/session-token';

export const TOKEN_PARAM = 'token';
/** SPEC §9: post-token redirect delay. */
export const HANDOFF_REDIRECT_DELAY_MS = 100;

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

/**
 * Swaps the short-lived token from the address for a long-lived one, then goes to the dashboard
 * after the SPEC's delay. If the swap fails for a reason other than a dead token (the client
 * already removed that one), the short-lived token stays in use until it expires.
 */
export async function completeSignIn(goTo: (path: string) => void): Promise<void> {
  try {
    const session = await refreshSession();
    storeSessionToken(session.token);
  } catch (error) {
    console.error('Could not swap the sign-in token for a session', error);
  }
  await new Promise((resolve) => setTimeout(resolve, HANDOFF_REDIRECT_DELAY_MS));
  goTo('/dashboard');
}
