import type { folderInput } from '@gatefold/contract/folders';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { searchText } from '../db/search-text';
import { inUserTransaction, inUserWrite } from '../db/user-lock';
import { invalid, notFound } from '../http/errors';
import { workerModule } from '../start-worker';
import { checkFolderLimits } from './limits';
import { isInSubtree, nextSortOrder, ownFolderKind } from './queries';

export type FolderFields = z.output<typeof folderInput>;

const notYourFolder = () => invalid('parent_id', 'is not one of your folders');
export const SMART_PARENT = 'is a smart folder, which holds no subfolders';

/** A new parent must be the user's own plain folder. */
async function checkParent(trx: Kysely<Database>, userId: number, parentId: number | null) {
  if (parentId === null) return;
  const kind = await ownFolderKind(trx, userId, parentId);
  if (kind === undefined) throw notYourFolder();
  if (kind === 'smart') throw invalid('parent_id', SMART_PARENT);
}

/** A new folder goes last among its siblings. */
export async function createFolder(db: Kysely<Database>, userId: number, fields: FolderFields) {
  return inUserTransaction(db, userId, async (trx) => {
    await checkParent(trx, userId, fields.parent_id);
    const now = new Date().toISOString();
    const { id } = await trx
      .insertInto('folders')
      .values({
        user_id: userId,
        parent_id: fields.parent_id,
        name: fields.name,
        search_text: searchText(fields.name),
        description: fields.description,
        image_url: fields.image_url,
        query: fields.query,
        sort_order: await nextSortOrder(trx, userId, fields.parent_id),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await checkFolderLimits(trx, userId, 'parent_id');
    return id;
  });
}

/**
 * The module the writing thread changes (renames, edits, moves) and deletes folders with: moving
 * a folder of 4,219 albums, with its subtree's counts, held the event loop for 45–100 ms the
 * first time on a slow machine.
 */
const FOLDER_WRITES = workerModule(import.meta.url, 'folder-write');

/** Renames and moves a folder; a move never puts it inside itself, and lands it last. */
export async function updateFolder(
  db: Kysely<Database>,
  userId: number,
  folderId: number,
  fields: FolderFields,
) {
  await inUserWrite(db, userId, (trx) => changeFolder(trx, userId, folderId, fields), {
    module: FOLDER_WRITES,
    data: { action: 'update', userId, folderId, fields },
    answer: z.null(),
  });
}

/** `updateFolder` inside its transaction. */
export async function changeFolder(
  trx: Kysely<Database>,
  userId: number,
  folderId: number,
  fields: FolderFields,
) {
  const current = await trx
    .selectFrom('folders')
    .select(['parent_id', 'sort_order', 'query', 'album_count'])
    .where('user_id', '=', userId)
    .where('id', '=', folderId)
    .executeTakeFirst();
  if (!current) throw notFound('No such folder.');
  if (fields.query !== null && current.query === null) {
    await checkCanTurnSmart(trx, userId, folderId, Number(current.album_count));
  }
  let sortOrder = current.sort_order;
  if (fields.parent_id !== current.parent_id) {
    await checkParent(trx, userId, fields.parent_id);
    if (fields.parent_id !== null && (await isInSubtree(trx, userId, folderId, fields.parent_id))) {
      throw invalid('parent_id', 'cannot be the folder itself or one of its subfolders');
    }
    sortOrder = await nextSortOrder(trx, userId, fields.parent_id);
  }
  await trx
    .updateTable('folders')
    .set({
      name: fields.name,
      search_text: searchText(fields.name),
      description: fields.description,
      image_url: fields.image_url,
      parent_id: fields.parent_id,
      query: fields.query,
      sort_order: sortOrder,
      updated_at: new Date().toISOString(),
    })
    .where('user_id', '=', userId)
    .where('id', '=', folderId)
    .execute();
  if (fields.parent_id !== current.parent_id) await checkFolderLimits(trx, userId, 'parent_id');
  return null;
}

/** Only an empty folder becomes smart: its albums would otherwise be dropped unasked. */
async function checkCanTurnSmart(
  trx: Kysely<Database>,
  userId: number,
  folderId: number,
  albumCount: number,
) {
  if (albumCount > 0) {
    throw invalid('query', 'can be given only to a folder without albums: make a new smart folder');
  }
  const child = await trx
    .selectFrom('folders')
    .select('id')
    .where('user_id', '=', userId)
    .where('parent_id', '=', folderId)
    .executeTakeFirst();
  if (child) throw invalid('query', 'can be given only to a folder without subfolders');
}

/**
 * Deletes a folder: its subfolders move up to its parent, after the parent's own subfolders and
 * in the order they had; its albums leave the folder but stay in the collection.
 */
export async function deleteFolder(db: Kysely<Database>, userId: number, folderId: number) {
  await inUserWrite(db, userId, (trx) => removeFolder(trx, userId, folderId), {
    module: FOLDER_WRITES,
    data: { action: 'delete', userId, folderId },
    answer: z.null(),
  });
}

/** `deleteFolder` inside its transaction. */
export async function removeFolder(trx: Kysely<Database>, userId: number, folderId: number) {
  const folder = await trx
    .selectFrom('folders')
    .select('parent_id')
    .where('user_id', '=', userId)
    .where('id', '=', folderId)
    .executeTakeFirst();
  if (!folder) throw notFound('No such folder.');
  const children = await trx
    .selectFrom('folders')
    .select((eb) => eb.fn.min('sort_order').as('first'))
    .where('user_id', '=', userId)
    .where('parent_id', '=', folderId)
    .executeTakeFirst();
  if (children?.first !== null && children?.first !== undefined) {
    // One shift for all keeps their relative order, ties included, in a single statement.
    const shift = (await nextSortOrder(trx, userId, folder.parent_id)) - Number(children.first);
    await trx
      .updateTable('folders')
      .set((eb) => ({
        parent_id: folder.parent_id,
        sort_order: eb('sort_order', '+', shift),
        updated_at: new Date().toISOString(),
      }))
      .where('user_id', '=', userId)
      .where('parent_id', '=', folderId)
      .execute();
  }
  await trx.deleteFrom('folder_albums').where('folder_id', '=', folderId).execute();
  await trx
    .deleteFrom('folders')
    .where('user_id', '=', userId)
    .where('id', '=', folderId)
    .execute();
  return null;
}
