import { timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import { currentUser, profileUpdate, refreshedSession } from '@gatefold/contract/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import * as oauth from 'oauth4webapi';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { badRequest, notFound, unauthorized, upstreamFailed } from '../http/errors';
import type { SecretBox } from './secret-box';
import { bearerToken, requireSession } from './session-hook';
import { createSession, HANDOFF_LIFETIME_MS, revokeSession, rotateSession } from './sessions';
import type { SignInProvider } from './sign-in-providers';
import { findUser, presentUser, updateThemePreference, upsertStreamingUser } from './users';

const SIGN_IN_WINDOW_MS = 10 * 60 * 1000;

/**
 * Binds a sign-in to the browser that started it: the callback must come with the state in this
 * cookie, so nobody can finish a sign-in of theirs in someone else's browser (login CSRF).
 */
export const SIGN_IN_COOKIE = 'gatefold_sign_in';
const CALLBACK_PATH = '/api/v1/auth/callback';

type AuthDependencies = {
  db: Kysely<Database>;
  box: SecretBox;
  provider: SignInProvider;
  publicUrl: string;
  /** Sign-ins one address may start (and finish) in a minute; token refreshes twice that. */
  signInsPerMinute: number;
};

export function authRoutes({ db, box, provider, publicUrl, signInsPerMinute }: AuthDependencies) {
  const signInLimit = { rateLimit: { max: signInsPerMinute, timeWindow: '1 minute' } };
  const refreshLimit = { rateLimit: { max: 2 * signInsPerMinute, timeWindow: '1 minute' } };
  return async (app: FastifyInstance) => {
    await app.register(cookie);
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/login',
      {
        schema: {
          summary: 'Start signing in: redirects to the streaming service',
          querystring: z.object({ login_hint: z.string().max(200).optional() }),
        },
        config: signInLimit,
      },
      async (request, reply) => {
        const state = oauth.generateRandomState();
        const verifier = oauth.generateRandomCodeVerifier();
        await db
          .insertInto('sign_in_attempts')
          .values({
            state,
            code_verifier: verifier,
            expires_at: new Date(Date.now() + SIGN_IN_WINDOW_MS).toISOString(),
          })
          .execute();
        const url = new URL(provider.authorizationServer.authorization_endpoint);
        url.search = new URLSearchParams({
          response_type: 'code',
          client_id: provider.client.client_id,
          redirect_uri: provider.redirectUri,
          scope: provider.scope,
          state,
          code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          ...(provider.kind === 'demo' && request.query.login_hint
            ? { login_hint: request.query.login_hint }
            : {}),
        }).toString();
        return reply
          .header('cache-control', 'no-store')
          .setCookie(SIGN_IN_COOKIE, state, {
            httpOnly: true,
            sameSite: 'lax',
            secure: publicUrl.startsWith('https://'),
            path: CALLBACK_PATH,
            maxAge: SIGN_IN_WINDOW_MS / 1000,
          })
          .redirect(url.toString());
      },
    );

    routes.get(
      '/callback',
      {
        schema: {
          summary: 'Where the streaming service returns after sign-in',
          querystring: z.object({ state: z.string().max(200) }).loose(),
        },
        config: signInLimit,
      },
      async (request, reply) => {
        if (!sameSecret(request.cookies[SIGN_IN_COOKIE], request.query.state)) {
          throw badRequest('This sign-in was started in another browser. Please sign in again.');
        }
        // The state is used once: deleting it is what makes a replayed callback fail.
        const attempt = await db
          .deleteFrom('sign_in_attempts')
          .where('state', '=', request.query.state)
          .where('expires_at', '>', new Date().toISOString())
          .returning('code_verifier')
          .executeTakeFirst();
        if (!attempt)
          throw badRequest('This sign-in has expired or was already used. Please sign in again.');

        const { authorizationServer: as, client } = provider;
        const currentUrl = new URL(request.url, publicUrl);
        let params: URLSearchParams;
        try {
          params = oauth.validateAuthResponse(as, client, currentUrl, request.query.state);
        } catch {
          throw badRequest('Sign-in was cancelled or refused by the streaming service.');
        }
        const tokens = await exchangeCode(provider, params, attempt.code_verifier);
        const profile = await provider.fetchProfile(tokens.access_token);
        const userId = await upsertStreamingUser(
          db,
          provider.kind,
          profile,
          provider.kind === 'spotify'
            ? {
                access: box.seal(tokens.access_token),
                refresh: tokens.refresh_token ? box.seal(tokens.refresh_token) : null,
                expiresAt: new Date(Date.now() + (tokens.expires_in ?? 3600) * 1000).toISOString(),
              }
            : null,
        );
        const handoff = await createSession(db, userId, HANDOFF_LIFETIME_MS);
        return reply
          .header('cache-control', 'no-store')
          .clearCookie(SIGN_IN_COOKIE, { path: CALLBACK_PATH })
          .redirect(`/auth/success?token=${encodeURIComponent(handoff.token)}`);
      },
    );

    routes.post(
      '/refresh',
      {
        schema: {
          summary: 'Swap the session token for a new one',
          response: { 200: refreshedSession },
        },
        config: refreshLimit,
      },
      async (request, reply) => {
        const token = bearerToken(request);
        const renewed = token ? await rotateSession(db, token) : undefined;
        if (!renewed) throw unauthorized('Your session is missing or has ended. Please sign in.');
        reply.header('cache-control', 'no-store');
        return { token: renewed.token, expires_at: renewed.expiresAt };
      },
    );

    app.register(async (signedIn) => {
      signedIn.addHook('onRequest', requireSession(db));
      const routes = signedIn.withTypeProvider<ZodTypeProvider>();

      routes.post(
        '/logout',
        { schema: { summary: 'End this session' } },
        async (request, reply) => {
          await revokeSession(db, request.sessionToken);
          return reply.status(204).send();
        },
      );

      routes.get(
        '/me',
        { schema: { summary: 'The signed-in user', response: { 200: currentUser } } },
        async (request) => presentUser(await loadUser(db, request.userId)),
      );

      routes.patch(
        '/profile',
        {
          schema: {
            summary: "Save the user's preferences",
            body: profileUpdate,
            response: { 200: currentUser },
          },
        },
        async (request) => {
          await updateThemePreference(db, request.userId, request.body.theme_preference);
          return presentUser(await loadUser(db, request.userId));
        },
      );
    });
  };
}

async function loadUser(db: Kysely<Database>, userId: number) {
  const user = await findUser(db, userId);
  if (!user) throw notFound('No such user.');
  return user;
}

async function exchangeCode(provider: SignInProvider, params: URLSearchParams, verifier: string) {
  const { authorizationServer: as, client, clientAuth } = provider;
  try {
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuth,
      params,
      provider.redirectUri,
      verifier,
      { ...provider.requestOptions, signal: AbortSignal.timeout(15_000) },
    );
    return await oauth.processAuthorizationCodeResponse(as, client, response);
  } catch {
    throw upstreamFailed('The streaming service did not accept the sign-in. Please try again.');
  }
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
