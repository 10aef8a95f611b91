import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { startFakeSpotify } from '../testing/fake-spotify';
import { bearer, signInCookie } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { createSecretBox } from './secret-box';
import { signInProvider } from './sign-in-providers';
import { streamingAccessToken } from './streaming-tokens';

describe('Spotify sign-in against a loopback stand-in of its accounts service', () => {
  let fake: Awaited<ReturnType<typeof startFakeSpotify>>;
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const secretKey = randomBytes(32);
  const config = () => loadConfig({ DATA_DIR: '/nonexistent', ...fake.environment });

  beforeAll(async () => {
    fake = await startFakeSpotify();
    database = await createTestDatabase('sqlite');
    app = await buildApp({ config: config(), db: database.db, secretKey });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await fake.close();
  });

  /** The browser's part: login → Spotify's authorize page → our callback. */
  async function signInThroughFake() {
    const login = await app.inject({ url: '/api/v1/auth/login' });
    const authorize = await fetch(String(login.headers.location), { redirect: 'manual' });
    const callback = new URL(String(authorize.headers.get('location')));
    return { login, callback, cookie: signInCookie(login) };
  }

  it('sends the browser to Spotify with client_id, redirect_uri, scope, state and an S256 challenge', async () => {
    const login = await app.inject({ url: '/api/v1/auth/login?login_hint=ignored' });
    const target = new URL(String(login.headers.location));
    expect(target.origin + target.pathname).toBe(
      `${fake.environment.SPOTIFY_ACCOUNTS_URL}/authorize`,
    );
    const query = target.searchParams;
    expect(query.get('client_id')).toBe(fake.environment.SPOTIFY_CLIENT_ID);
    expect(query.get('redirect_uri')).toBe('http://127.0.0.1:3000/api/v1/auth/callback');
    expect(query.get('scope')).toContain('user-library-read');
    expect(query.get('response_type')).toBe('code');
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(query.get('state')).toBeTruthy();
    expect(query.has('login_hint')).toBe(false);
  });

  it('exchanges the code, creates the user from the Spotify profile and keeps its tokens encrypted', async () => {
    const { callback, cookie } = await signInThroughFake();
    const done = await app.inject({ url: callback.pathname + callback.search, headers: cookie });
    expect(done.statusCode).toBe(302);
    const token =
      new URL(String(done.headers.location), 'http://x').searchParams.get('token') ?? '';
    const me = (await app.inject({ url: '/api/v1/auth/me', headers: bearer(token) })).json();
    expect(me.display_name).toBe('Ada Lovelace');
    expect(me.profile_image_url).toMatch(/^https:\/\/i\.scdn\.co\//);

    const user = await database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(user.provider).toBe('spotify');
    expect(user.streaming_access_token).toMatch(/^v1\./);
    const box = createSecretBox(secretKey);
    expect(box.open(user.streaming_access_token ?? '')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses a replayed state', async () => {
    const { callback, cookie } = await signInThroughFake();
    const path = callback.pathname + callback.search;
    expect((await app.inject({ url: path, headers: cookie })).statusCode).toBe(302);
    expect((await app.inject({ url: path, headers: cookie })).statusCode).toBe(400);
  });

  it('refuses a callback whose state belongs to another sign-in', async () => {
    const first = await signInThroughFake();
    const second = await signInThroughFake();
    const mixed = new URL(first.callback);
    mixed.searchParams.set('state', second.callback.searchParams.get('state') ?? '');
    // The state is known, but the code was issued for another PKCE challenge.
    const response = await app.inject({
      url: mixed.pathname + mixed.search,
      headers: second.cookie,
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().detail).toMatch(/did not accept the sign-in/);
  });

  it('reports a sign-in the user refused at Spotify', async () => {
    const login = await app.inject({ url: '/api/v1/auth/login' });
    const state = new URL(String(login.headers.location)).searchParams.get('state');
    const response = await app.inject({
      url: `/api/v1/auth/callback?error=access_denied&state=${state}`,
      headers: signInCookie(login),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/cancelled or refused/);
  });

  it('refreshes an expired Spotify access token with the refresh token', async () => {
    const { callback, cookie } = await signInThroughFake();
    await app.inject({ url: callback.pathname + callback.search, headers: cookie });
    const user = await database.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await database.db
      .updateTable('users')
      .set({ streaming_token_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', user.id)
      .execute();
    const box = createSecretBox(secretKey);
    const provider = signInProvider(config(), app);
    const before = fake.seen.refreshes;
    const fresh = await streamingAccessToken(database.db, box, provider, user.id);
    expect(fake.seen.refreshes).toBe(before + 1);
    // The fresh token is stored, so the next call needs no refresh.
    expect(await streamingAccessToken(database.db, box, provider, user.id)).toBe(fresh);
    expect(fake.seen.refreshes).toBe(before + 1);
  });
});
