import type { CurrentUser } from '@gatefold/contract/auth';
import type { ThemePreference } from '@gatefold/contract/browser-session';
import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../db/schema';
import type { StreamingProfile } from './sign-in-providers';

export type StreamingTokens = { access: string; refresh: string | null; expiresAt: string } | null;

/** Creates the user on first sign-in, refreshes name, image and tokens on every later one. */
export async function upsertStreamingUser(
  db: Kysely<Database>,
  provider: 'spotify' | 'demo',
  profile: StreamingProfile,
  sealedTokens: StreamingTokens,
  now = new Date().toISOString(),
): Promise<number> {
  const tokens = {
    streaming_access_token: sealedTokens?.access ?? null,
    streaming_token_expires_at: sealedTokens?.expiresAt ?? null,
    // Spotify sends a refresh token only sometimes; keep the one we have otherwise.
    ...(sealedTokens?.refresh ? { streaming_refresh_token: sealedTokens.refresh } : {}),
  };
  const row = await db
    .insertInto('users')
    .values({
      provider,
      provider_user_id: profile.id,
      display_name: profile.displayName,
      profile_image_url: profile.imageUrl,
      streaming_refresh_token: null,
      ...tokens,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['provider', 'provider_user_id']).doUpdateSet({
        display_name: profile.displayName,
        profile_image_url: profile.imageUrl,
        ...tokens,
        updated_at: now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findUser(db: Kysely<Database>, userId: number) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export async function updateThemePreference(
  db: Kysely<Database>,
  userId: number,
  theme: ThemePreference,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ theme_preference: theme, updated_at: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();
}

/** The only shape of a user that leaves the server: no tokens, no provider ids. */
export function presentUser(user: Selectable<UsersTable>): CurrentUser {
  return {
    id: user.id,
    display_name: user.display_name,
    profile_image_url: user.profile_image_url,
    theme_preference: user.theme_preference,
  };
}
