import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, uploadedImage } from '@gatefold/contract/images';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { HttpError, invalid, notFound } from '../http/errors';
import { perUserLimit } from '../http/per-user-limit';
import { findImage, processImage, saveImage } from './store';

const FILE_FIELD = 'file';
export const UPLOADS_PER_MINUTE = 30;
const tooLarge = () =>
  new HttpError(413, `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);

/**
 * GET /api/v1/images/{key}: public, because an <img> cannot send a bearer token; the random key
 * is the secret, and an image never changes under its key.
 */
export function imageRoutes(db: Kysely<Database>) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/:key',
      {
        schema: {
          summary: 'An uploaded image',
          params: z.object({ key: z.string().max(128) }),
        },
      },
      async (request, reply) => {
        const image = await findImage(db, request.params.key);
        if (!image) throw notFound('No such image.');
        return reply
          .header('content-type', image.content_type)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
      },
    );
  };
}

/** POST …/upload-image: one multipart file in the field `file`, re-encoded before it is kept. */
export function imageUploadRoutes(db: Kysely<Database>, quotaBytes: number) {
  return async (app: FastifyInstance) => {
    // Registered here, so only this route parses multipart, with limits fitted to one image.
    await app.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11 },
    });
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.post(
      '/upload-image',
      {
        schema: {
          summary: 'Upload a folder image (PNG, JPEG, WebP or GIF, at most 5 MB)',
          consumes: ['multipart/form-data'],
          response: { 201: uploadedImage },
        },
        // Decoding and re-encoding is the costliest thing a request can ask for: limited per user.
        config: perUserLimit('upload', UPLOADS_PER_MINUTE),
      },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw new HttpError(415, 'Send the image as multipart/form-data.');
        }
        const part = await request.file().catch(asClientError);
        if (!part || part.fieldname !== FILE_FIELD) {
          part?.file.resume();
          throw invalid(FILE_FIELD, 'is required: send the image in the field "file"');
        }
        const input = await part.toBuffer().catch(asClientError);
        const image = await processImage(input);
        const imageUrl = await saveImage(db, request.userId, image, quotaBytes);
        return reply.status(201).send({ image_url: imageUrl });
      },
    );
  };
}

/**
 * Reading a multipart body fails only through what the client sent: past a limit (413), or a
 * body that is not the multipart it says it is (400; the parser's message stays in the log).
 */
function asClientError(error: unknown): never {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    throw new HttpError(413, 'Send one image file and nothing else.');
  }
  throw new HttpError(400, 'The multipart body is malformed.');
}
