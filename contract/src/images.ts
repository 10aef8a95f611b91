import { z } from 'zod';

/** Where uploaded images are served; the key is random and unguessable. */
export const UPLOADED_IMAGE_PATH = /^\/api\/v1\/images\/[A-Za-z0-9_-]{16,64}$/;

/** An image link: http(s) anywhere, or an image uploaded to this server. */
export const imageUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => UPLOADED_IMAGE_PATH.test(value) || /^https?:\/\/[^\s]+$/i.test(value), {
    message: 'must be an http(s) address or an uploaded image',
  });

/** POST /v1/folders/upload-image */
export const uploadedImage = z.object({ image_url: z.string() });

/** Uploads larger than this are refused with 413 (DESIGN §5). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
