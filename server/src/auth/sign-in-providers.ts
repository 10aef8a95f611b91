import type { FastifyInstance } from 'fastify';
import * as oauth from 'oauth4webapi';
import { z } from 'zod';
import type { Config } from '../config';
import { upstreamFailed } from '../http/errors';
import { inProcessFetch } from './in-process-fetch';

export type StreamingProfile = { id: string; displayName: string; imageUrl: string | null };

/** One OAuth 2.0 authorization-code + PKCE client; Spotify and the demo service differ only here. */
export type SignInProvider = {
  kind: 'spotify' | 'demo';
  authorizationServer: oauth.AuthorizationServer & {
    authorization_endpoint: string;
    token_endpoint: string;
  };
  client: oauth.Client;
  clientAuth: oauth.ClientAuth;
  scope: string;
  redirectUri: string;
  requestOptions: oauth.TokenEndpointRequestOptions;
  fetchProfile(accessToken: string): Promise<StreamingProfile>;
};

export const DEMO_CLIENT_ID = 'gatefold-demo';
const SPOTIFY_SCOPES = 'user-read-private user-read-email user-library-read';

const profileResponse = z.object({
  id: z.string().min(1),
  display_name: z.string().nullable().optional(),
  images: z
    .array(z.object({ url: z.string() }))
    .nullable()
    .optional(),
});

export function signInProvider(config: Config, app: FastifyInstance): SignInProvider {
  const redirectUri = `${config.publicUrl}/api/v1/auth/callback`;
  if (config.streaming.kind === 'spotify') {
    const accounts = config.spotifyAccountsUrl;
    return {
      kind: 'spotify',
      authorizationServer: {
        issuer: accounts,
        authorization_endpoint: `${accounts}/authorize`,
        token_endpoint: `${accounts}/api/token`,
      },
      client: { client_id: config.streaming.clientId },
      clientAuth: oauth.ClientSecretBasic(config.streaming.clientSecret),
      scope: SPOTIFY_SCOPES,
      redirectUri,
      // Plain http is allowed only for a loopback stand-in (tests); Spotify itself is https.
      requestOptions: { [oauth.allowInsecureRequests]: isLoopbackHttp(accounts) },
      fetchProfile: (accessToken) =>
        fetchProfile(`${config.spotifyApiUrl}/me`, accessToken, (url, init) => fetch(url, init)),
    };
  }
  const demo = `${config.publicUrl}/api/demo`;
  const localFetch = inProcessFetch(app);
  return {
    kind: 'demo',
    authorizationServer: {
      issuer: demo,
      authorization_endpoint: `${demo}/authorize`,
      token_endpoint: `${demo}/token`,
    },
    client: { client_id: DEMO_CLIENT_ID },
    clientAuth: oauth.None(),
    scope: 'library',
    redirectUri,
    requestOptions: { [oauth.customFetch]: localFetch, [oauth.allowInsecureRequests]: true },
    fetchProfile: (accessToken) =>
      fetchProfile(`${demo}/me`, accessToken, (url, init) =>
        localFetch(url, { method: 'GET', headers: init.headers }),
      ),
  };
}

type ProfileFetch = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal },
) => Promise<Response>;

async function fetchProfile(url: string, accessToken: string, get: ProfileFetch) {
  const response = await get(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  }).catch(() => {
    throw upstreamFailed('The streaming service did not answer while signing you in.');
  });
  const parsed = profileResponse.safeParse(response.ok ? await response.json() : undefined);
  if (!parsed.success) throw upstreamFailed('The streaming service sent an unusable profile.');
  const { id, display_name, images } = parsed.data;
  return { id, displayName: display_name?.trim() || id, imageUrl: images?.[0]?.url ?? null };
}

function isLoopbackHttp(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return (
    protocol === 'http:' &&
    (hostname === '127.0.0.1' || hostname === '[::1]' || hostname === 'localhost')
  );
}
