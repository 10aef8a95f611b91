import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { SIGN_IN_COOKIE } from '../auth/routes';
import { type Config, loadConfig } from '../config';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './test-database';

export type TestApp = TestDatabase & { app: FastifyInstance; config: Config };

/** The real app on a fresh database; `environment` is read exactly as main.ts reads it. */
export async function createTestApp(
  kind: DatabaseKind,
  environment: Record<string, string> = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  // MusicBrainz is out of reach here; a closed loopback port makes that fail at once.
  const config = loadConfig({
    DATA_DIR: '/nonexistent',
    MUSICBRAINZ_URL: 'http://127.0.0.1:9/ws/2',
    ...environment,
  });
  const app = await buildApp({ config, db: database.db, secretKey: randomBytes(32) });
  await app.ready();
  return {
    ...database,
    app,
    config,
    destroy: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

/** One app for the tests of a describe block; each test signs in under names of its own. */
export function useTestApp(kind: DatabaseKind, environment: Record<string, string> = {}) {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(kind, environment);
  });
  afterAll(async () => current?.destroy());
  return () => {
    if (!current) throw new Error('The test app is not ready yet.');
    return current;
  };
}

/** Signs in through the demo service the way a browser does, then swaps the handed-over token. */
export async function signIn(app: FastifyInstance, displayName: string): Promise<string> {
  let location = `/api/v1/auth/login?login_hint=${encodeURIComponent(displayName)}`;
  let cookie = {};
  while (!location.startsWith('/auth/success')) {
    const response = await app.inject({ method: 'GET', url: location, headers: cookie });
    cookie = { ...cookie, ...signInCookie(response) };
    if (response.statusCode !== 302) {
      throw new Error(`Sign-in stopped at ${location}: ${response.statusCode} ${response.body}`);
    }
    const next = new URL(String(response.headers.location), 'http://127.0.0.1:3000');
    location = next.pathname + next.search;
  }
  const handoff = new URL(location, 'http://127.0.0.1').searchParams.get('token');
  const refreshed = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    headers: { authorization: `Bearer ${handoff}` },
  });
  return refreshed.json<{ token: string }>().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The cookie a /login answer set, as headers that send it back with the callback. */
export function signInCookie(login: { cookies: { name: string; value: string }[] }) {
  const bound = login.cookies.find((cookie) => cookie.name === SIGN_IN_COOKIE);
  return bound ? { cookie: `${bound.name}=${bound.value}` } : {};
}

/** A display name no other test uses, so tests sharing an app never see each other's rows. */
export const uniqueName = (base: string) => `${base} ${randomBytes(3).toString('hex')}`;

/** Signs in through Spotify's loopback fake, whose authorize page approves at once. */
export async function signInWithSpotify(app: FastifyInstance): Promise<string> {
  const login = await app.inject({ url: '/api/v1/auth/login' });
  const authorize = await fetch(String(login.headers.location), { redirect: 'manual' });
  const callback = new URL(String(authorize.headers.get('location')));
  const done = await app.inject({
    url: callback.pathname + callback.search,
    headers: signInCookie(login),
  });
  const handoff = new URL(String(done.headers.location), 'http://127.0.0.1').searchParams.get(
    'token',
  );
  const refreshed = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    headers: bearer(handoff ?? ''),
  });
  return refreshed.json<{ token: string }>().token;
}
