import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../db/schema';
import { HttpError, invalid } from '../http/errors';

/** Formats accepted by their bytes; whatever the file name or declared type says is ignored. */
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);

/** Larger images are refused before decoding, so a small file cannot expand into gigabytes. */
const MAX_INPUT_PIXELS = 50_000_000;

/** Folder images never show larger than this; bigger uploads are scaled down. */
const MAX_SIDE = 1024;

const STORED_TYPE = 'image/webp';

export type ProcessedImage = { bytes: Buffer; width: number; height: number; contentType: string };

/**
 * Decodes an upload by its content and re-encodes it: upright, within 1024×1024, as WebP, with
 * EXIF, GPS and other metadata dropped. Anything that is not a PNG, JPEG, WebP or GIF is a 415.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const unsupported = () => new HttpError(415, 'The file is not a PNG, JPEG, WebP or GIF image.');
  // Reading the header decodes no pixels, so the size check below can name the real problem.
  const metadata = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!metadata || !ACCEPTED_FORMATS.has(metadata.format)) throw unsupported();
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) {
    throw invalid('file', `is larger than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
  }
  const output = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true })
    .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 85 })
    .toBuffer({ resolveWithObject: true })
    .catch(() => undefined);
  // A header that parses but pixel data that does not (truncated, corrupt) is still not an image.
  if (!output) throw unsupported();
  return {
    bytes: output.data,
    width: output.info.width,
    height: output.info.height,
    contentType: STORED_TYPE,
  };
}

/** Stores a processed image under a random key and answers its public path. */
export async function saveImage(db: Kysely<Database>, userId: number, image: ProcessedImage) {
  const key = randomBytes(24).toString('base64url');
  await db
    .insertInto('images')
    .values({
      user_id: userId,
      key,
      content_type: image.contentType,
      bytes: image.bytes,
      width: image.width,
      height: image.height,
      created_at: new Date().toISOString(),
    })
    .execute();
  return `/api/v1/images/${key}`;
}

export async function findImage(db: Kysely<Database>, key: string) {
  return db
    .selectFrom('images')
    .select(['content_type', 'bytes'])
    .where('key', '=', key)
    .executeTakeFirst();
}
