import { z } from 'zod';
import { albumQueryText } from './album-query';
import { albumSummary } from './albums';
import { imageUrl } from './images';

export const FOLDER_NAME_MAX = 200;
export const FOLDER_DESCRIPTION_MAX = 2000;
/** Levels of nesting, the top level being 1: deeper than any shelf, shallow enough to walk. */
export const MAX_FOLDER_DEPTH = 20;
/** Folders one user may have. */
export const MAX_FOLDERS = 10_000;

/** A folder as the tree shows it; children are derived from parent_id by the client. */
export const folder = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  sort_order: z.number().int(),
  /** Albums directly inside. */
  album_count: z.number().int(),
  /** Own count plus every descendant's. */
  total_count: z.number().int(),
  /** A smart folder's album query: its albums are those that match it now. Null: a plain folder. */
  query: z.string().nullable(),
  created_at: z.string(),
});
export type Folder = z.infer<typeof folder>;

/** GET /v1/folders/{id}: the folder with its path from the root and its subfolders. */
export const folderDetail = folder.extend({
  ancestors: z.array(z.object({ id: z.number().int(), name: z.string() })),
  children: z.array(folder),
});
export type FolderDetail = z.infer<typeof folderDetail>;

/** GET /v1/folders/{id}/albums */
export const folderAlbums = z.object({ folder: folderDetail, albums: z.array(albumSummary) });
export type FolderAlbums = z.infer<typeof folderAlbums>;

/** Blank optional texts mean "none" (SPEC §5: sent only if non-empty). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);

/** POST /v1/folders/ and PUT /v1/folders/{id} */
export const folderInput = z.object({
  name: z.string().trim().min(1, 'is required').max(FOLDER_NAME_MAX),
  description: optionalText(FOLDER_DESCRIPTION_MAX),
  image_url: z
    .union([imageUrl, z.literal('')])
    .nullish()
    .transform((value) => value || null),
  parent_id: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((value) => value ?? null),
  /** A blank query makes a plain folder. */
  query: albumQueryText.nullish().transform((value) => value || null),
});
export type FolderInput = z.input<typeof folderInput>;

export const MAX_REORDER_ITEMS = 5000;

/** A place among siblings; the bound leaves room to append without passing PostgreSQL's integer. */
export const folderSortOrder = z.number().int().min(0).max(1_000_000);

/** POST /v1/folders/reorder: each folder's parent and its position among its siblings. */
export const folderReorder = z.object({
  items: z
    .array(
      z.object({
        id: z.number().int().positive(),
        parent_id: z.number().int().positive().nullable(),
        sort_order: folderSortOrder,
      }),
    )
    .min(1)
    .max(MAX_REORDER_ITEMS),
});
export type FolderReorder = z.infer<typeof folderReorder>;
