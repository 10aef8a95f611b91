import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../db/schema';
import { inUserTransaction } from '../db/user-lock';
import { HttpError, invalid } from '../http/errors';

/** Formats accepted by their bytes; whatever the file name or declared type says is ignored. */
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);

/**
 * Larger images are refused before decoding, so a small file cannot expand into gigabytes: 25
 * megapixels is 100 MB of pixels while it is scaled down, far more than a folder image needs.
 */
export const MAX_INPUT_PIXELS = 25_000_000;

/** An upload no folder has used after this long was abandoned (a dialog closed unsaved). */
const UNUSED_IMAGE_GRACE_MS = 24 * 60 * 60 * 1000;

/** Folder images never show larger than this; bigger uploads are scaled down. */
const MAX_SIDE = 1024;

const STORED_TYPE = 'image/webp';

/** Where a stored image is served, before its key (contract's UPLOADED_IMAGE_PATH). */
const IMAGE_PATH_PREFIX = '/api/v1/images/';

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

/**
 * Stores a processed image under a random key and answers its public path; one that would take
 * the user's images past `quotaBytes` is refused.
 */
export async function saveImage(
  db: Kysely<Database>,
  userId: number,
  image: ProcessedImage,
  quotaBytes: number,
) {
  const key = randomBytes(24).toString('base64url');
  await inUserTransaction(db, userId, async (trx) => {
    const kept = await trx
      .selectFrom('images')
      .select((eb) => eb.fn.sum<number | string | null>(eb.fn('length', ['bytes'])).as('bytes'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(kept?.bytes ?? 0) + image.bytes.length > quotaBytes) {
      const megabytes = Math.round(quotaBytes / 1024 / 1024);
      throw invalid(
        'file',
        `would take your images past ${megabytes} MB: remove images from folders you no longer need`,
      );
    }
    await trx
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
  });
  return `${IMAGE_PATH_PREFIX}${key}`;
}

/**
 * Deletes uploads that no folder of their owner shows, once a day has passed since the upload
 * (time enough to save the folder it was chosen for): a replaced or removed folder image, or one
 * chosen in a dialog that was closed unsaved.
 */
export async function purgeUnusedImages(db: Kysely<Database>, now = new Date()) {
  const cutoff = new Date(now.getTime() - UNUSED_IMAGE_GRACE_MS).toISOString();
  await db
    .deleteFrom('images')
    .where('created_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('folders')
            .select('folders.id')
            .whereRef('folders.user_id', '=', 'images.user_id')
            .where(
              'folders.image_url',
              '=',
              sql<string>`${IMAGE_PATH_PREFIX} || ${sql.ref('images.key')}`,
            ),
        ),
      ),
    )
    .execute();
}

export async function findImage(db: Kysely<Database>, key: string) {
  return db
    .selectFrom('images')
    .select(['content_type', 'bytes'])
    .where('key', '=', key)
    .executeTakeFirst();
}
