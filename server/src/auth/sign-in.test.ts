import { describe, expect, it } from 'vitest';
import { bearer, signIn, signInCookie, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';
import { SIGN_IN_COOKIE } from './routes';
import { HANDOFF_LIFETIME_MS, hashToken } from './sessions';

describe.each(testDatabaseKinds)('demo sign-in and sessions on %s', (kind) => {
  const testApp = useTestApp(kind);

  /** Where the demo service sends the browser back, and the cookie the browser holds. */
  async function followToCallback(loginHint: string) {
    const { app } = testApp();
    const login = await app.inject({ url: `/api/v1/auth/login?login_hint=${loginHint}` });
    const authorize = new URL(String(login.headers.location));
    const approved = await app.inject({ url: authorize.pathname + authorize.search });
    return { callback: new URL(String(approved.headers.location)), cookie: signInCookie(login) };
  }

  it('redirects to the demo authorize page with state and an S256 PKCE challenge', async () => {
    const { app } = testApp();
    const response = await app.inject({ url: '/api/v1/auth/login' });
    expect(response.statusCode).toBe(302);
    const target = new URL(String(response.headers.location));
    expect(target.pathname).toBe('/api/demo/authorize');
    expect(target.searchParams.get('redirect_uri')).toBe(
      'http://127.0.0.1:3000/api/v1/auth/callback',
    );
    expect(target.searchParams.get('code_challenge_method')).toBe('S256');
    expect(target.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(target.searchParams.get('state')?.length).toBeGreaterThan(20);
  });

  it('shows a display-name form when no login hint is given', async () => {
    const { app } = testApp();
    const login = await app.inject({ url: '/api/v1/auth/login' });
    const authorize = new URL(String(login.headers.location));
    const page = await app.inject({ url: authorize.pathname + authorize.search });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<label for="login_hint">Display name</label>');
    expect(page.body).toContain(`value="${authorize.searchParams.get('state')}"`);
  });

  it('ends at /auth/success with a short-lived token that signs the user in', async () => {
    const { app, db } = testApp();
    const { callback, cookie } = await followToCallback('Grace');
    const done = await app.inject({ url: callback.pathname + callback.search, headers: cookie });
    expect(done.statusCode).toBe(302);
    const success = new URL(String(done.headers.location), 'http://127.0.0.1');
    expect(success.pathname).toBe('/auth/success');
    const token = success.searchParams.get('token') ?? '';
    const session = await db
      .selectFrom('sessions')
      .select(['expires_at', 'created_at'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(Date.parse(session.expires_at) - Date.parse(session.created_at)).toBe(
      HANDOFF_LIFETIME_MS,
    );
    const me = await app.inject({ url: '/api/v1/auth/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({ display_name: 'Grace', theme_preference: 'system' });
  });

  it('refuses a replayed callback and an unknown state', async () => {
    const { app } = testApp();
    const { callback, cookie } = await followToCallback('Replay');
    const path = callback.pathname + callback.search;
    expect((await app.inject({ url: path, headers: cookie })).statusCode).toBe(302);
    const replay = await app.inject({ url: path, headers: cookie });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().detail).toMatch(/expired or was already used/);
    callback.searchParams.set('state', 'forged-state');
    const forged = await app.inject({
      url: callback.pathname + callback.search,
      headers: { cookie: `${SIGN_IN_COOKIE}=forged-state` },
    });
    expect(forged.statusCode).toBe(400);
  });

  it('finishes a sign-in only in the browser that started it', async () => {
    const { app } = testApp();
    const { callback, cookie } = await followToCallback('Mallory');
    const path = callback.pathname + callback.search;
    for (const elsewhere of [{}, { cookie: `${SIGN_IN_COOKIE}=someone-elses-state` }]) {
      const refused = await app.inject({ url: path, headers: elsewhere });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe(
        'This sign-in was started in another browser. Please sign in again.',
      );
    }
    // Refusing it elsewhere did not use it up: the browser that started it still finishes it.
    const done = await app.inject({ url: path, headers: cookie });
    expect(done.statusCode).toBe(302);
    expect(done.cookies).toContainEqual(
      expect.objectContaining({ name: SIGN_IN_COOKIE, value: '' }),
    );
  });

  it('sets the sign-in cookie for the callback only, unreadable to scripts', async () => {
    const login = await testApp().app.inject({ url: '/api/v1/auth/login?login_hint=Cookie' });
    const state = new URL(String(login.headers.location)).searchParams.get('state');
    expect(login.cookies).toContainEqual(
      expect.objectContaining({
        name: SIGN_IN_COOKIE,
        value: state,
        httpOnly: true,
        sameSite: 'Lax',
        path: '/api/v1/auth/callback',
      }),
    );
  });

  it('refuses a code exchanged with the wrong PKCE verifier', async () => {
    const { app } = testApp();
    const { callback } = await followToCallback('Verifier');
    const code = callback.searchParams.get('code') ?? '';
    const token = await app.inject({
      method: 'POST',
      url: '/api/demo/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'http://127.0.0.1:3000/api/v1/auth/callback',
        code_verifier: 'x'.repeat(43),
        client_id: 'gatefold-demo',
      }).toString(),
    });
    expect(token.statusCode).toBe(400);
    expect(token.json()).toEqual({ error: 'invalid_grant' });
  });

  it('refuses an authorize request that names a foreign return address', async () => {
    const { app } = testApp();
    const login = await app.inject({ url: '/api/v1/auth/login?login_hint=Eve' });
    const authorize = new URL(String(login.headers.location));
    authorize.searchParams.set('redirect_uri', 'https://evil.example/steal');
    const response = await app.inject({ url: authorize.pathname + authorize.search });
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
  });

  it('treats each display name as one user, whatever its case', async () => {
    const { app } = testApp();
    const name = uniqueName('Linus');
    const first = await signIn(app, name);
    const second = await signIn(app, name.toUpperCase());
    const a = (await app.inject({ url: '/api/v1/auth/me', headers: bearer(first) })).json();
    const b = (await app.inject({ url: '/api/v1/auth/me', headers: bearer(second) })).json();
    expect(a.id).toBe(b.id);
  });

  it('rotates a token on refresh: the new one works, the old one dies at once', async () => {
    const { app } = testApp();
    const old = await signIn(app, uniqueName('Rotor'));
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: bearer(old),
    });
    expect(refreshed.statusCode).toBe(200);
    const body = refreshed.json();
    const days = (Date.parse(body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect((await app.inject({ url: '/api/v1/auth/me', headers: bearer(old) })).statusCode).toBe(
      401,
    );
    expect(
      (await app.inject({ url: '/api/v1/auth/me', headers: bearer(body.token) })).statusCode,
    ).toBe(200);
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: bearer(old),
    });
    expect(again.statusCode).toBe(401);
  });

  it('revokes the session on logout', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Leaver'));
    const out = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(token),
    });
    expect(out.statusCode).toBe(204);
    const me = await app.inject({ url: '/api/v1/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    expect(me.json().detail).toMatch(/sign in/i);
  });

  it('answers 401 for missing, garbage and expired tokens', async () => {
    const { app, db } = testApp();
    expect((await app.inject({ url: '/api/v1/auth/me' })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/api/v1/auth/me', headers: bearer('garbage') })).statusCode,
    ).toBe(401);
    const malformed = await app.inject({
      url: '/api/v1/auth/me',
      headers: { authorization: 'Basic abc' },
    });
    expect(malformed.statusCode).toBe(401);
    const token = await signIn(app, uniqueName('Expiring'));
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect((await app.inject({ url: '/api/v1/auth/me', headers: bearer(token) })).statusCode).toBe(
      401,
    );
  });

  it('stores only hashes of session tokens', async () => {
    const { app, db } = testApp();
    const token = await signIn(app, uniqueName('Hashed'));
    const stored = await db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
    expect(stored.map((row) => row.token_hash)).toContain(hashToken(token));
  });

  it('saves the theme preference and accepts only light, dark or system', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Themer'));
    const bad = await app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/profile',
      headers: bearer(token),
      payload: { theme_preference: 'purple' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe('theme_preference');
    const saved = await app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/profile',
      headers: bearer(token),
      payload: { theme_preference: 'dark' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().theme_preference).toBe('dark');
    const me = await app.inject({ url: '/api/v1/auth/me', headers: bearer(token) });
    expect(me.json().theme_preference).toBe('dark');
  });

  it('never sends tokens or provider ids in the profile', async () => {
    const { app } = testApp();
    const token = await signIn(app, uniqueName('Private'));
    const me = (await app.inject({ url: '/api/v1/auth/me', headers: bearer(token) })).json();
    expect(Object.keys(me).sort()).toEqual([
      'display_name',
      'id',
      'profile_image_url',
      'theme_preference',
    ]);
  });
});

describe('sign-ins from one address', () => {
  const testApp = useTestApp('sqlite', { SIGN_INS_PER_MINUTE: '2' });

  it('are limited to SIGN_INS_PER_MINUTE, then answered 429 with a detail', async () => {
    const start = () => testApp().app.inject({ url: '/api/v1/auth/login?login_hint=Hasty' });
    const statuses = [(await start()).statusCode, (await start()).statusCode];
    const third = await start();
    expect(statuses).toEqual([302, 302]);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ detail: 'Too many requests. Please wait a moment.' });
  });
});
