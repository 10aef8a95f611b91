import type { Kysely } from 'kysely';
import * as oauth from 'oauth4webapi';
import type { Database } from '../db/schema';
import { unauthorized, upstreamFailed } from '../http/errors';
import type { SecretBox } from './secret-box';
import type { SignInProvider } from './sign-in-providers';

/** Refresh a little early so a token never expires between our check and Spotify's. */
const EXPIRY_MARGIN_MS = 60_000;

/** The user's streaming access token, refreshed through the refresh token when it has run out. */
export async function streamingAccessToken(
  db: Kysely<Database>,
  box: SecretBox,
  provider: SignInProvider,
  userId: number,
): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select(['streaming_access_token', 'streaming_refresh_token', 'streaming_token_expires_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user?.streaming_access_token) {
    throw unauthorized('Sign in with the streaming service again to reach your library.');
  }
  const expiresAt = Date.parse(user.streaming_token_expires_at ?? '');
  if (expiresAt - EXPIRY_MARGIN_MS > Date.now()) return box.open(user.streaming_access_token);
  if (!user.streaming_refresh_token) {
    throw unauthorized('Sign in with the streaming service again to reach your library.');
  }

  const { authorizationServer: as, client, clientAuth } = provider;
  let tokens: oauth.TokenEndpointResponse;
  try {
    const response = await oauth.refreshTokenGrantRequest(
      as,
      client,
      clientAuth,
      box.open(user.streaming_refresh_token),
      { ...provider.requestOptions, signal: AbortSignal.timeout(15_000) },
    );
    tokens = await oauth.processRefreshTokenResponse(as, client, response);
  } catch {
    throw upstreamFailed('The streaming service would not renew access to your library.');
  }
  await db
    .updateTable('users')
    .set({
      streaming_access_token: box.seal(tokens.access_token),
      streaming_token_expires_at: new Date(
        Date.now() + (tokens.expires_in ?? 3600) * 1000,
      ).toISOString(),
      ...(tokens.refresh_token ? { streaming_refresh_token: box.seal(tokens.refresh_token) } : {}),
    })
    .where('id', '=', userId)
    .execute();
  return tokens.access_token;
}
