import type { folderInput } from '@gatefold/contract/folders';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/schema';
import { searchText } from '../db/search-text';
import { inUserTransaction } from '../db/user-lock';
import { invalid, notFound } from '../http/errors';
import { checkFolderLimits } from './limits';
import { isInSubtree, nextSortOrder, ownsFolder } from './queries';

export type FolderFields = z.output<typeof folderInput>;

const notYourFolder = () => invalid('parent_id', 'is not one of your folders');

/** A new folder goes last among its siblings. */
export async function createFolder(db: Kysely<Database>, userId: number, fields: FolderFields) {
  return inUserTransaction(db, userId, async (trx) => {
    if (fields.parent_id !== null && !(await ownsFolder(trx, userId, fields.parent_id))) {
      throw notYourFolder();
    }
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

/** Renames and moves a folder; a move never puts it inside itself, and lands it last. */
export async function updateFolder(
  db: Kysely<Database>,
  userId: number,
  folderId: number,
  fields: FolderFields,
) {
  await inUserTransaction(db, userId, async (trx) => {
    const current = await trx
      .selectFrom('folders')
      .select(['parent_id', 'sort_order'])
      .where('user_id', '=', userId)
      .where('id', '=', folderId)
      .executeTakeFirst();
    if (!current) throw notFound('No such folder.');
    let sortOrder = current.sort_order;
    if (fields.parent_id !== current.parent_id) {
      if (fields.parent_id !== null) {
        if (!(await ownsFolder(trx, userId, fields.parent_id))) throw notYourFolder();
        if (await isInSubtree(trx, userId, folderId, fields.parent_id)) {
          throw invalid('parent_id', 'cannot be the folder itself or one of its subfolders');
        }
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
        sort_order: sortOrder,
        updated_at: new Date().toISOString(),
      })
      .where('user_id', '=', userId)
      .where('id', '=', folderId)
      .execute();
    if (fields.parent_id !== current.parent_id) await checkFolderLimits(trx, userId, 'parent_id');
  });
}

/**
 * Deletes a folder: its subfolders move up to its parent, after the parent's own subfolders and
 * in the order they had; its albums leave the folder but stay in the collection.
 */
export async function deleteFolder(db: Kysely<Database>, userId: number, folderId: number) {
  await inUserTransaction(db, userId, async (trx) => {
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
  });
}
