import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { fixedShapeQuery, type Slots } from '../db/fixed-shape-query';
import { type LibraryState, libraryStateOf } from '../db/library-results';
import type { Database } from '../db/schema';

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** The token handed over in the sign-in address must be swapped for a long one within this time. */
export const HANDOFF_LIFETIME_MS = 2 * 60 * 1000;

export type IssuedSession = { token: string; expiresAt: string };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Kysely<Database>,
  userId: number,
  lifetimeMs: number,
  now = new Date(),
): Promise<IssuedSession> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + lifetimeMs).toISOString();
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      expires_at: expiresAt,
      created_at: now.toISOString(),
    })
    .execute();
  return { token, expiresAt };
}

/** A session's user with their library's count and version, built once: every request asks it. */
const sessionUser = fixedShapeQuery((db, value: Slots<{ tokenHash: string; now: string }>) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.album_count', 'users.library_version', 'users.folders_version'])
    .where('sessions.token_hash', '=', value('tokenHash'))
    .where('sessions.expires_at', '>', value('now')),
);

/**
 * The user a live token belongs to, with their library's count and version read in the same
 * statement (`LibraryState`); expired and unknown tokens find no one.
 */
export async function findSessionUser(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<{ userId: number; library: LibraryState } | undefined> {
  const [session] = await sessionUser(db, {
    tokenHash: hashToken(token),
    now: now.toISOString(),
  });
  if (!session) return undefined;
  return {
    userId: session.id,
    library: libraryStateOf(session),
  };
}

/** Swaps a live token for a new full-length one; the old token stops working at once. */
export async function rotateSession(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<IssuedSession | undefined> {
  return db.transaction().execute(async (trx) => {
    const ended = await trx
      .deleteFrom('sessions')
      .where('token_hash', '=', hashToken(token))
      .where('expires_at', '>', now.toISOString())
      .returning('user_id')
      .executeTakeFirst();
    return ended ? createSession(trx, ended.user_id, SESSION_LIFETIME_MS, now) : undefined;
  });
}

export async function revokeSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

/** Housekeeping: expired sessions and abandoned sign-ins serve no one. */
export async function purgeExpired(db: Kysely<Database>, now = new Date()): Promise<void> {
  const cutoff = now.toISOString();
  await db.deleteFrom('sessions').where('expires_at', '<=', cutoff).execute();
  await db.deleteFrom('sign_in_attempts').where('expires_at', '<=', cutoff).execute();
  await db.deleteFrom('demo_authorization_codes').where('expires_at', '<=', cutoff).execute();
}
