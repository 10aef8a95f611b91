import { z } from 'zod';

export const DEFAULT_TAG_COLOR = '#3B82F6';
export const TAG_NAME_MAX = 50;

export const tagColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'must be a colour like #3B82F6');
export const tagName = z.string().trim().min(1, 'is required').max(TAG_NAME_MAX);

/** A tag as it rides on an album. */
export const tagRef = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type TagRef = z.infer<typeof tagRef>;

export const tag = tagRef.extend({ album_count: z.number().int(), created_at: z.string() });
export type Tag = z.infer<typeof tag>;

export const tagCreate = z.object({ name: tagName, color: tagColor.default(DEFAULT_TAG_COLOR) });
export type TagCreate = z.input<typeof tagCreate>;

export const tagUpdate = z
  .object({ name: tagName.optional(), color: tagColor.optional() })
  .refine((body) => body.name !== undefined || body.color !== undefined, {
    message: 'give a name or a colour to change',
  });
export type TagUpdate = z.infer<typeof tagUpdate>;

/** DELETE /v1/tags/{name}: without force, a tag in use is kept and can_delete is false. */
export const tagDeletion = z.object({ can_delete: z.boolean(), message: z.string() });
export type TagDeletion = z.infer<typeof tagDeletion>;

export const trendingTags = z.object({ trending_tags: z.array(tag) });
export const TRENDING_TAG_LIMIT = 10;
export const TRENDING_WINDOW_DAYS = 30;
