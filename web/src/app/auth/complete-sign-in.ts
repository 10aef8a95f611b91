import { refreshSession } from '../../api/auth-queries';
import { storeSessionToken } from '../../api/session-token';

/** SPEC §9: post-token redirect delay. */
export const HANDOFF_REDIRECT_DELAY_MS = 100;

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
