import { z } from 'zod';
import { albumQueryText } from './album-query';
import { tagName } from './tags';

/** What one bulk change does to every album it selects. */
export const BULK_ACTIONS = [
  'tag',
  'untag',
  'add_to_folder',
  'remove_from_folder',
  'delete',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Albums listed by id in one change; more are selected with a query. */
export const MAX_BULK_IDS = 10_000;
/** Albums one change may touch, however they are selected. */
export const MAX_BULK_ALBUMS = 100_000;
/** How long a change can be undone; its token works once within this time. */
export const UNDO_MINUTES = 15;

const rowId = z.number().int().positive().max(2_147_483_647);

/** A list's own scope, so "all matching" in a folder or on a tag's page means those albums. */
export const bulkScope = z
  .object({
    folder_id: rowId.optional(),
    tag_id: rowId.optional(),
    genre_id: rowId.optional(),
    artist_id: rowId.optional(),
  })
  .strict();
export type BulkScope = z.infer<typeof bulkScope>;

/**
 * POST /v1/albums/bulk: the albums by id, or every album matching a query (within a scope), and
 * the action with its argument: a tag (id or name; a new name creates the tag) or a folder.
 */
export const bulkChange = z
  .object({
    albums: z.array(rowId).min(1, 'select at least one album').max(MAX_BULK_IDS).optional(),
    query: albumQueryText.optional(),
    within: bulkScope.optional(),
    action: z.enum(BULK_ACTIONS),
    tag: z.union([rowId, tagName]).optional(),
    folder_id: rowId.optional(),
  })
  .superRefine((change, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if ((change.albums === undefined) === (change.query === undefined))
      issue('albums', 'give either albums or a query');
    if (change.within !== undefined && change.query === undefined)
      issue('within', 'narrows a query; give a query with it');
    const needsTag = change.action === 'tag' || change.action === 'untag';
    const needsFolder = change.action === 'add_to_folder' || change.action === 'remove_from_folder';
    if (needsTag && change.tag === undefined) issue('tag', `is required to ${change.action}`);
    if (!needsTag && change.tag !== undefined) issue('tag', `is not used by ${change.action}`);
    if (needsFolder && change.folder_id === undefined)
      issue('folder_id', `is required for ${change.action}`);
    if (!needsFolder && change.folder_id !== undefined)
      issue('folder_id', `is not used by ${change.action}`);
  });
export type BulkChange = z.input<typeof bulkChange>;

/** How many albums the selection held, how many the change altered, and the token to undo it. */
export const bulkResult = z.object({
  matched: z.number().int(),
  affected: z.number().int(),
  undo: z.string(),
});
export type BulkResult = z.infer<typeof bulkResult>;

export const bulkUndo = z.object({ undo: z.string().min(1).max(200) });
export const bulkUndoResult = z.object({ affected: z.number().int() });
export type BulkUndoResult = z.infer<typeof bulkUndoResult>;
