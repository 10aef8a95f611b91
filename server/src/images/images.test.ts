import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { MAX_UPLOAD_BYTES, UPLOADED_IMAGE_PATH } from '@gatefold/contract/images';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { toCount } from '../db/count';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';
import { UPLOADS_PER_MINUTE } from './routes';
import { purgeUnusedImages } from './store';

type Part = { field: string; filename?: string; contentType?: string; data: Buffer | string };

/** A multipart/form-data body, built by hand so tests control every byte and header. */
function multipart(parts: Part[]) {
  const boundary = `----gatefold${randomBytes(8).toString('hex')}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"` +
        (part.filename ? `; filename="${part.filename}"` : '') +
        '\r\n' +
        (part.contentType ? `Content-Type: ${part.contentType}\r\n` : '') +
        '\r\n',
    ),
    Buffer.from(part.data),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });

/** A 1×1 PNG whose header (with its checksum) claims another size. */
async function pngClaiming(width: number, height: number) {
  const png = Buffer.from(await solid(1, 1).png().toBuffer());
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe.each(testDatabaseKinds)('folder image uploads on %s', (kind) => {
  const testApp = useTestApp(kind);

  async function upload(app: FastifyInstance, token: string, parts: Part[]) {
    const body = multipart(parts);
    return app.inject({
      method: 'POST',
      url: '/api/v1/folders/upload-image',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  }

  async function storedImages(userId: number) {
    const { db } = testApp();
    const row = await db
      .selectFrom('images')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return toCount(row?.count);
  }

  async function signedIn(name: string) {
    const { app } = testApp();
    const token = await signIn(app, uniqueName(name));
    const me = await app.inject({ url: '/api/v1/auth/me', headers: bearer(token) });
    return { app, token, userId: me.json<{ id: number }>().id };
  }

  it('answers 401 to an upload without a session and stores nothing', async () => {
    const { app } = testApp();
    const body = multipart([
      { field: 'file', filename: 'a.png', data: await solid(4, 4).png().toBuffer() },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/folders/upload-image',
      headers: body.headers,
      payload: body.payload,
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a text file named .png with 415, by its bytes', async () => {
    const { app, token, userId } = await signedIn('Pretender');
    const response = await upload(app, token, [
      {
        field: 'file',
        filename: 'cover.png',
        contentType: 'image/png',
        data: 'just some text, honest',
      },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().detail).toMatch(/not a PNG, JPEG, WebP or GIF/);
    expect(await storedImages(userId)).toBe(0);
  });

  it('refuses formats outside the four, such as SVG and TIFF, and a truncated PNG', async () => {
    const { app, token, userId } = await signedIn('Vector');
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    const png = await solid(300, 300).png().toBuffer();
    const files = [
      { filename: 'a.svg', data: svg },
      { filename: 'a.tiff', data: await solid(10, 10).tiff().toBuffer() },
      { filename: 'cut.png', data: png.subarray(0, Math.floor(png.length / 2)) },
    ];
    for (const file of files) {
      const response = await upload(app, token, [
        { field: 'file', contentType: 'image/png', ...file },
      ]);
      expect(response.statusCode, file.filename).toBe(415);
    }
    expect(await storedImages(userId)).toBe(0);
  });

  it('refuses a decompression bomb by its declared size, before decoding it', async () => {
    const { app, token, userId } = await signedIn('Bomber');
    // Tiny on the wire, 1.6 GB once decoded.
    const bomb = await pngClaiming(20_000, 20_000);
    const response = await upload(app, token, [
      { field: 'file', filename: 'bomb.png', data: bomb },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatch(/megapixels/);
    expect(await storedImages(userId)).toBe(0);
  });

  it('refuses an image over 25 megapixels by its header', async () => {
    const { app, token, userId } = await signedIn('Panorama');
    // A large camera's photo, and 120 MB of pixels to decode.
    const large = await pngClaiming(6_000, 5_000);
    const response = await upload(app, token, [
      { field: 'file', filename: 'big.png', data: large },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBe('file: is larger than 25 megapixels');
    expect(await storedImages(userId)).toBe(0);
  });

  it(`answers 429 past ${UPLOADS_PER_MINUTE} uploads a minute`, async () => {
    const { app, token } = await signedIn('Busy');
    const png = await solid(4, 4).png().toBuffer();
    const statuses = [];
    for (let n = 0; n <= UPLOADS_PER_MINUTE; n += 1) {
      const response = await upload(app, token, [{ field: 'file', filename: 'a.png', data: png }]);
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, UPLOADS_PER_MINUTE).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('deletes uploads no folder of their owner shows, a day after they were made', async () => {
    const { app, db } = testApp();
    const owner = await signedIn('Keeper');
    const other = await signedIn('Other');
    const png = await solid(4, 4).png().toBuffer();
    const keys: Record<string, string> = {};
    for (const name of ['used', 'unused', 'fresh', 'usedByOther']) {
      const response = await upload(app, owner.token, [
        { field: 'file', filename: 'a.png', data: png },
      ]);
      keys[name] = response.json().image_url;
    }
    const folder = (url: string | undefined, token: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/folders',
        headers: bearer(token),
        payload: { name: uniqueName('Pictured'), image_url: url },
      });
    await folder(keys.used, owner.token);
    await folder(keys.usedByOther, other.token);
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await db
      .updateTable('images')
      .set({ created_at: dayAgo })
      .where('user_id', '=', owner.userId)
      .where(
        'key',
        'in',
        ['used', 'unused', 'usedByOther'].map((n) => keyOf(keys[n])),
      )
      .execute();

    await purgeUnusedImages(db);
    const left = await db
      .selectFrom('images')
      .select('key')
      .where('user_id', '=', owner.userId)
      .execute();
    expect(left.map((row) => row.key).sort()).toEqual([keyOf(keys.used), keyOf(keys.fresh)].sort());
  });

  it('refuses a file over 5 MB with 413 and stores nothing', async () => {
    const { app, token, userId } = await signedIn('Heavy');
    const response = await upload(app, token, [
      {
        field: 'file',
        filename: 'big.png',
        contentType: 'image/png',
        data: randomBytes(MAX_UPLOAD_BYTES + 1),
      },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toMatch(/5 MB/);
    expect(await storedImages(userId)).toBe(0);
  });

  it('answers 422 without a file field and 415 for a body that is not multipart', async () => {
    const { app, token, userId } = await signedIn('Forgetful');
    const png = await solid(8, 8).png().toBuffer();
    const wrongField = await upload(app, token, [{ field: 'image', filename: 'a.png', data: png }]);
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().errors).toEqual([{ field: 'file', message: expect.any(String) }]);
    const textOnly = await upload(app, token, [{ field: 'file', data: 'not a file part' }]);
    expect(textOnly.statusCode).toBe(422);
    const json = await app.inject({
      method: 'POST',
      url: '/api/v1/folders/upload-image',
      headers: bearer(token),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().detail).toMatch(/multipart/);
    const text = await app.inject({
      method: 'POST',
      url: '/api/v1/folders/upload-image',
      headers: { ...bearer(token), 'content-type': 'text/plain' },
      payload: 'a picture of a cat',
    });
    expect(text.statusCode).toBe(415);
    for (const [contentType, body] of [
      [
        'multipart/form-data; boundary=cut',
        '--cut\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      ],
      ['multipart/form-data; boundary=cut', 'no parts at all'],
      ['multipart/form-data', '--cut\r\n\r\n--cut--'],
    ]) {
      const malformed = await app.inject({
        method: 'POST',
        url: '/api/v1/folders/upload-image',
        headers: { ...bearer(token), 'content-type': contentType },
        payload: body,
      });
      expect(malformed.statusCode, body).toBeGreaterThanOrEqual(400);
      expect(malformed.statusCode, body).toBeLessThan(500);
      expect(malformed.json().detail).toEqual(expect.any(String));
    }
    const twoFiles = await upload(app, token, [
      { field: 'file', filename: 'a.png', data: png },
      { field: 'file', filename: 'b.png', data: png },
    ]);
    expect(twoFiles.statusCode).toBe(201);
    expect(await storedImages(userId)).toBe(1);
  });

  it('re-encodes an upload as WebP within 1024×1024 and serves it publicly, cached for good', async () => {
    const { app, token, userId } = await signedIn('Painter');
    const png = await solid(3000, 1500).png().toBuffer();
    const response = await upload(app, token, [
      { field: 'file', filename: 'wide.png', contentType: 'image/png', data: png },
    ]);
    expect(response.statusCode).toBe(201);
    const imageUrl: string = response.json().image_url;
    expect(imageUrl).toMatch(UPLOADED_IMAGE_PATH);
    expect(await storedImages(userId)).toBe(1);

    const served = await app.inject({ url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const stored = await sharp(served.rawPayload).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['webp', 1024, 512]);

    // The uploaded path is an image address a folder accepts.
    const folder = await app.inject({
      method: 'POST',
      url: '/api/v1/folders',
      headers: bearer(token),
      payload: { name: 'Painted', image_url: imageUrl },
    });
    expect(folder.json()).toMatchObject({ image_url: imageUrl });
  });

  it('keeps small images at their size, turns photos upright and drops their metadata', async () => {
    const { app, token } = await signedIn('Photographer');
    const gif = await solid(200, 100).gif().toBuffer();
    const small = await upload(app, token, [{ field: 'file', filename: 'a.gif', data: gif }]);
    const smallMeta = await sharp(
      (await app.inject({ url: small.json().image_url })).rawPayload,
    ).metadata();
    expect([smallMeta.width, smallMeta.height]).toEqual([200, 100]);

    // EXIF orientation 6: stored landscape, meant to be shown rotated a quarter turn.
    const photo = await solid(300, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const rotated = await upload(app, token, [{ field: 'file', filename: 'p.jpg', data: photo }]);
    expect(rotated.statusCode).toBe(201);
    const meta = await sharp(
      (await app.inject({ url: rotated.json().image_url })).rawPayload,
    ).metadata();
    expect([meta.width, meta.height, meta.orientation, meta.exif]).toEqual([
      100,
      300,
      undefined,
      undefined,
    ]);
  });

  it('answers 404 for an unknown image key', async () => {
    const { app } = testApp();
    const response = await app.inject({
      url: `/api/v1/images/${randomBytes(24).toString('base64url')}`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'No such image.' });
  });
});

describe.each(testDatabaseKinds)('the image quota on %s', (kind) => {
  const testApp = useTestApp(kind, { IMAGE_QUOTA_MB: '1' });

  it("refuses an upload past the user's quota, and takes another's images into no account", async () => {
    const { app, db } = testApp();
    const token = await signIn(app, uniqueName('Collector'));
    const { id: userId } = (
      await app.inject({ url: '/api/v1/auth/me', headers: bearer(token) })
    ).json<{ id: number }>();
    await db
      .insertInto('images')
      .values({
        user_id: userId,
        key: randomBytes(24).toString('base64url'),
        content_type: 'image/webp',
        bytes: Buffer.alloc(1024 * 1024 - 10),
        width: 1,
        height: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    const png = await solid(64, 64).png().toBuffer();
    const body = multipart([{ field: 'file', filename: 'a.png', data: png }]);
    const send = (as: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/folders/upload-image',
        headers: { ...bearer(as), ...body.headers },
        payload: body.payload,
      });
    const refused = await send(token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toBe(
      'file: would take your images past 1 MB: remove images from folders you no longer need',
    );
    const someoneElse = await signIn(app, uniqueName('Newcomer'));
    expect((await send(someoneElse)).statusCode).toBe(201);
  });
});

/** The key of an uploaded image's path. */
function keyOf(url: string | undefined) {
  return url?.split('/').at(-1) ?? '';
}
