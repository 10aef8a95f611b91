import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

describe('the HTTP surface', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const logLines: string[] = [];
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatefold-web-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Gatefold</title>');
    fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    database = await createTestDatabase('sqlite');
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({
      config: loadConfig({ DATA_DIR: '/nonexistent', WEB_DIST_DIR: distDir }),
      db: database.db,
      secretKey: randomBytes(32),
      logger: { level: 'info', stream },
    });
    app.get('/api/test/explode', async () => {
      throw new Error('select * from secrets failed at /srv/app.ts:12');
    });
    app.post(
      '/api/test/echo',
      { schema: { body: z.object({ name: z.string().min(1) }) } },
      async (request) => request.body,
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    fs.rmSync(distDir, { recursive: true });
  });

  /** The raw JSON text, posted to a route that answers what it was sent. */
  const echo = (json: string) =>
    app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: json,
    });

  it('answers the health check', async () => {
    const response = await app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const document = (await app.inject({ url: '/api/openapi.json' })).json();
    expect(document.openapi).toMatch(/^3\./);
    const profile = document.paths['/api/v1/auth/profile'].patch;
    expect(
      profile.requestBody.content['application/json'].schema.properties.theme_preference.enum,
    ).toEqual(['light', 'dark', 'system']);
    expect(document.paths['/api/demo/token']).toBeUndefined();
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await app.inject({ url: '/api/v1/nothing-here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'There is no GET /api/v1/nothing-here.' });
  });

  it('answers malformed JSON with 400 and a schema failure with 422 and the failing field', async () => {
    const malformed = await echo('{"name": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: 'The request body is not valid JSON.' });
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: '' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual([{ field: 'name', message: expect.any(String) }]);
  });

  it('answers a malformed or overlong address with a detail', async () => {
    const malformed = await app.inject({ url: '/api/v1/tags/%E0%A4%A' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: 'The address is not valid.' });
    const overlong = await app.inject({ url: `/api/v1/tags/${'a'.repeat(500)}` });
    expect(overlong.statusCode).toBe(414);
    expect(overlong.json()).toEqual({ detail: 'A part of the address is too long.' });
  });

  it('refuses the NUL character in an address or a body, which PostgreSQL cannot store', async () => {
    for (const url of ['/api/v1/artists/a%00b', '/api/v1/search?q=%00']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().detail).toContain('NUL');
    }
    const body = await echo('{"name":"a\\\\u0000b"}');
    expect(body.statusCode).toBe(200);
    const nul = await echo('{"name":"a\\u0000b"}');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().detail).toContain('NUL');
  });

  it('answers a wrong content type with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().detail).toBeTruthy();
  });

  it('hides internals of a failure and logs it with the request id', async () => {
    const response = await app.inject({ url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    const { detail } = response.json();
    expect(detail).toMatch(/^Something went wrong on our side \(request req-[\w-]+\)\.$/);
    expect(response.body).not.toMatch(/select|secrets|app\.ts|stack/);
    const requestId = /request (req-[\w-]+)/.exec(detail)?.[1];
    const logged = logLines.find((line) => line.includes('"level":50'));
    expect(logged).toContain(`"reqId":"${requestId}"`);
    expect(logged).toContain('select * from secrets');
  });

  it('sends pages a strict content security policy and no referrer', async () => {
    const response = await app.inject({ url: '/folders/12' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets nothing run or frame a JSON answer, and sends no referrer', async () => {
    for (const url of ['/api/health', '/api/v1/nowhere']) {
      const response = await app.inject({ url });
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('serves the web app for any non-API path, never cached, and hashed assets for a year', async () => {
    const page = await app.inject({ url: '/folders/12' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Gatefold</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('logs one line per answered call, and none for the health probes', async () => {
    const before = logLines.length;
    await app.inject({ url: '/api/health' });
    await app.inject({ url: '/api/health/ready' });
    expect(logLines.length).toBe(before);
    await app.inject({ url: '/api/v1/auth/me' });
    expect(logLines.slice(before)).toHaveLength(1);
    expect(JSON.parse(logLines[before] ?? '{}')).toMatchObject({
      msg: 'request',
      url: '/api/v1/auth/me',
      status: 401,
    });
  });

  it('keeps handed-over tokens and sign-in codes out of the log', async () => {
    await app.inject({ url: '/auth/success?token=SECRET-TOKEN-123' });
    await app.inject({ url: '/api/v1/auth/callback?code=SECRET-CODE-456&state=SECRET-STATE' });
    await app.inject({
      url: '/api/v1/auth/me',
      headers: { authorization: 'Bearer SECRET-BEARER-789' },
    });
    const log = logLines.join('');
    expect(log).toContain('/auth/success?token=[redacted]');
    expect(log).not.toMatch(/SECRET-(TOKEN|CODE|STATE|BEARER)/);
  });
});

describe('the server as it starts', () => {
  const startedApp = async (database: TestDatabase) =>
    buildApp({
      config: loadConfig({ DATA_DIR: '/nonexistent' }),
      db: database.db,
      secretKey: randomBytes(32),
      compileEncodersAtStart: true,
    });

  it('compiles the answer of every route before it is ready, and names one it cannot', async () => {
    const database = await createTestDatabase('sqlite');
    const app = await startedApp(database);
    await app.ready();
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    await app.close();

    const broken = await startedApp(database);
    broken.get(
      '/api/test/broken',
      { schema: { response: { 200: z.object({ at: z.string() }).meta({ $ref: '#/nowhere' }) } } },
      async () => ({ at: 'now' }),
    );
    await expect(broken.ready()).rejects.toThrow(
      'The answer of GET /api/test/broken (200) cannot be encoded.',
    );
    await broken.close().catch(() => {});
    await database.destroy();
  });
});
