import { currentUser } from '@gatefold/contract/auth';
import { apiUrl } from '../../api/client';

export type AccountSwitch = { signedIn: string; arriving: string };

/** The user a token belongs to, or null for a token that no longer works. */
async function ownerOf(token: string) {
  try {
    const response = await fetch(apiUrl('/v1/auth/me'), {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) return null;
    const parsed = currentUser.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A sign-in that arrives while another user is signed in in this browser (a link someone sent,
 * a second account): the two names, so the user is asked before the account changes. Null when
 * there is nothing to ask: no session before, the same user, or a session that had ended.
 */
export async function accountSwitch(
  previous: string | null,
  arriving: string,
): Promise<AccountSwitch | null> {
  if (previous === null || previous === arriving) return null;
  const [before, after] = await Promise.all([ownerOf(previous), ownerOf(arriving)]);
  if (before === null || after === null || before.id === after.id) return null;
  return { signedIn: before.display_name, arriving: after.display_name };
}

/** The arriving sign-in is refused: its token is ended, and the session before it stays. */
export async function declineSignIn(arriving: string): Promise<void> {
  await fetch(apiUrl('/v1/auth/logout'), {
    method: 'POST',
    headers: { authorization: `Bearer ${arriving}` },
  }).catch(() => undefined);
}
