import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Writable } from 'node:stream';
import { EXPORT_FORMAT } from '@gatefold/contract/maintenance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { UPLOAD_CUT_OFF } from '../http/errors';
import { importFile } from '../testing/factories';
import { bearer, signIn, uniqueName } from '../testing/test-app';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../testing/test-database';

describe.each(testDatabaseKinds)('an import upload cut off on %s', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let port: number;
  const logLines: string[] = [];
  const handled: string[] = [];
  const failed: { id: string; url: string; status: number | undefined; message: string }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({
      config: loadConfig({ DATA_DIR: '/nonexistent', MUSICBRAINZ_URL: 'http://127.0.0.1:9/ws/2' }),
      db: database.db,
      secretKey: randomBytes(32),
      logger: { level: 'info', stream },
    });
    app.addHook('preHandler', async (request) => {
      handled.push(request.url);
    });
    app.addHook('onError', async (request, _reply, error) => {
      failed.push({
        id: request.id,
        url: request.url,
        status: error.statusCode,
        message: error.message,
      });
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(address).port);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('is the client’s doing: a 400, no warning or error logged, and nothing imported', async () => {
    const token = await signIn(app, uniqueName('Uploader'));
    const start =
      '{"format":"gatefold-export","version":1,"tags":[{"name":"Half","color":"#3B82F6"}],';
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      [
        'POST /api/v1/maintenance/import HTTP/1.1',
        'host: 127.0.0.1',
        `authorization: ${bearer(token).authorization}`,
        'content-type: application/json',
        'content-length: 100000',
        '',
        start,
      ].join('\r\n'),
    );
    // Cut off once the route is reading the body.
    await expect.poll(() => handled, { timeout: 10_000 }).toContain('/api/v1/maintenance/import');
    socket.destroy();
    // Answered once the file's thread has stopped, which a busy machine may take a while to do.
    await expect
      .poll(() => failed.find((request) => request.url === '/api/v1/maintenance/import'), {
        timeout: 10_000,
      })
      .toMatchObject({ status: 400, message: UPLOAD_CUT_OFF });
    // The next import of the user starts at once: the cut-off one holds nothing.
    const tags = await app.inject({ url: '/api/v1/tags', headers: bearer(token) });
    expect(tags.json()).toEqual([]);
    const whole = await importFile(app, token, {
      format: EXPORT_FORMAT,
      version: 1,
      exported_at: new Date().toISOString(),
      tags: [{ name: 'Whole', color: '#3B82F6' }],
      folders: [],
      albums: [],
    });
    expect(whole.status).toBe('finished');
    const cutOff = failed.find((request) => request.url === '/api/v1/maintenance/import');
    const logged = logLines.filter((line) => line.includes(`"reqId":"${cutOff?.id}"`));
    expect(logged.filter((line) => /"level":(40|50)/.test(line))).toEqual([]);
  });
});
