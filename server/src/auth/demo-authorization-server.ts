import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { demoAuthorizePage } from './demo-authorize-page';
import type { SecretBox } from './secret-box';
import { hashToken } from './sessions';
import { DEMO_CLIENT_ID } from './sign-in-providers';

const CODE_LIFETIME_MS = 60_000;
const ACCESS_TOKEN_LIFETIME_S = 3600;

const authorizeQuery = z.object({
  response_type: z.literal('code'),
  client_id: z.literal(DEMO_CLIENT_ID),
  redirect_uri: z.string(),
  state: z.string().min(1).max(200),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  code_challenge_method: z.literal('S256'),
  scope: z.string().optional(),
  login_hint: z.string().max(200).optional(),
});

const tokenRequest = z.object({
  grant_type: z.literal('authorization_code'),
  code: z.string().min(1),
  redirect_uri: z.string(),
  code_verifier: z.string().min(43).max(128),
  client_id: z.literal(DEMO_CLIENT_ID),
});

const accessTokenClaims = z.object({ sub: z.string(), name: z.string(), exp: z.number() });

export const normaliseDisplayName = (name: string) =>
  name.trim().replace(/\s+/g, ' ').slice(0, 100);

/**
 * The embedded demo streaming service's sign-in: an OAuth authorization server in miniature
 * (authorize page, PKCE-checked token endpoint, profile), so sign-in takes one path for both services.
 * Each display name is one user.
 */
export function demoAuthorizationServer(db: Kysely<Database>, box: SecretBox, redirectUri: string) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    routes.get(
      '/authorize',
      { schema: { hide: true, querystring: authorizeQuery } },
      async (request, reply) => {
        const query = request.query;
        if (query.redirect_uri !== redirectUri) {
          return reply
            .status(400)
            .send({ detail: 'This sign-in request names an unknown return address.' });
        }
        const displayName = normaliseDisplayName(query.login_hint ?? '');
        if (!displayName) {
          return reply
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .send(demoAuthorizePage(query));
        }
        const code = randomBytes(32).toString('base64url');
        await db
          .insertInto('demo_authorization_codes')
          .values({
            code_hash: hashToken(code),
            display_name: displayName,
            code_challenge: query.code_challenge,
            redirect_uri: query.redirect_uri,
            expires_at: new Date(Date.now() + CODE_LIFETIME_MS).toISOString(),
          })
          .execute();
        const target = new URL(query.redirect_uri);
        target.searchParams.set('code', code);
        target.searchParams.set('state', query.state);
        return reply.redirect(target.toString());
      },
    );

    app.post('/token', { schema: { hide: true } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const parsed = tokenRequest.safeParse(request.body);
      if (!parsed.success) return reply.status(400).send({ error: 'invalid_request' });
      const grant = parsed.data;
      const issued = await db
        .deleteFrom('demo_authorization_codes')
        .where('code_hash', '=', hashToken(grant.code))
        .returningAll()
        .executeTakeFirst();
      const challenge = createHash('sha256').update(grant.code_verifier).digest('base64url');
      if (
        !issued ||
        issued.expires_at <= new Date().toISOString() ||
        issued.redirect_uri !== grant.redirect_uri ||
        issued.code_challenge !== challenge
      ) {
        return reply.status(400).send({ error: 'invalid_grant' });
      }
      const claims = {
        sub: issued.display_name.toLowerCase(),
        name: issued.display_name,
        exp: Math.floor(Date.now() / 1000) + ACCESS_TOKEN_LIFETIME_S,
      };
      return {
        access_token: box.sign(JSON.stringify(claims)),
        token_type: 'Bearer',
        expires_in: ACCESS_TOKEN_LIFETIME_S,
        scope: 'library',
      };
    });

    app.get('/me', { schema: { hide: true } }, async (request, reply) => {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const payload = token ? box.verify(token) : undefined;
      const claims = payload ? accessTokenClaims.safeParse(JSON.parse(payload)) : undefined;
      if (!claims?.success || claims.data.exp * 1000 < Date.now()) {
        return reply.status(401).send({ detail: 'Invalid access token.' });
      }
      return { id: claims.data.sub, display_name: claims.data.name, images: [] };
    });
  };
}
