import {
  type BulkChange,
  type BulkResult,
  type BulkUndoResult,
  type bulkChange,
  bulkResult,
  bulkUndoResult,
} from '@gatefold/contract/bulk';
import { tagName } from '@gatefold/contract/tags';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { inUserWrite } from '../../db/user-lock';
import { SMART_FOLDER_MEMBERSHIP } from '../../folders/membership';
import { ownFolderKind } from '../../folders/queries';
import { conflict, invalid, notFound } from '../../http/errors';
import { workerModule } from '../../start-worker';
import { createTag, findTagByKey } from '../../tags/queries';
import {
  addLinks,
  FOLDER_LINKS,
  removedLink,
  removeLinks,
  TAG_LINKS,
  undoAddedLinks,
  undoRemovedLinks,
} from './album-links';
import { deleteAlbums, deletedAlbum, restoreAlbums } from './deletion';
import { selectedAlbumIds } from './selection';
import { findChange, recordChange } from './undo-record';

type ValidChange = z.output<typeof bulkChange>;

/**
 * The module the writing thread runs a change with. On a SQLite file with reader threads every
 * bulk change and undo runs there: deleting 685 albums held SQLite, and with it the event loop,
 * for 56 ms on a slow machine, its commit alone for tens of ms. Without reader threads, and on
 * PostgreSQL, they run here, in parts with turns of the event loop between them.
 */
const ON_THREAD = workerModule(import.meta.url, 'bulk-change-write');

/**
 * Applies one bulk change to every selected album in one transaction, with its undo record:
 * either all of it happens and can be undone, or none of it does.
 */
export async function applyBulkChange(
  db: Kysely<Database>,
  userId: number,
  change: ValidChange,
): Promise<BulkResult> {
  return inUserWrite(db, userId, (trx) => changeAlbums(trx, userId, change), {
    module: ON_THREAD,
    data: { userId, change },
    answer: bulkResult,
  });
}

/** The change itself, inside its transaction. */
export async function changeAlbums(
  trx: Kysely<Database>,
  userId: number,
  change: ValidChange,
): Promise<BulkResult> {
  const albumIds = await selectedAlbumIds(
    trx,
    userId,
    change.albums
      ? { albums: change.albums }
      : { query: change.query ?? '', within: change.within },
  );
  const matched = albumIds.length;
  switch (change.action) {
    case 'tag': {
      const { tag, created } = await tagToAdd(trx, userId, change.tag);
      const record = await recordChange(trx, userId, 'tag', {
        tag_id: tag.id,
        tag_created: created,
      });
      const affected = await addLinks(trx, TAG_LINKS, tag.id, albumIds, record);
      return { matched, affected, undo: record.token };
    }
    case 'untag': {
      const tag = await findTagByKey(trx, userId, String(change.tag));
      if (!tag) throw notFound('No such tag.');
      const record = await recordChange(trx, userId, 'untag', { tag_id: tag.id });
      const affected = await removeLinks(trx, TAG_LINKS, tag.id, albumIds, record);
      return { matched, affected, undo: record.token };
    }
    case 'add_to_folder':
    case 'remove_from_folder': {
      const folderId = await plainFolder(trx, userId, change.folder_id);
      const record = await recordChange(trx, userId, change.action, { folder_id: folderId });
      const affected =
        change.action === 'add_to_folder'
          ? await addLinks(trx, FOLDER_LINKS, folderId, albumIds, record)
          : await removeLinks(trx, FOLDER_LINKS, folderId, albumIds, record);
      return { matched, affected, undo: record.token };
    }
    case 'delete': {
      const record = await recordChange(trx, userId, 'delete', {});
      const affected = await deleteAlbums(trx, userId, albumIds, record);
      return { matched, affected, undo: record.token };
    }
  }
}

/** The tag by id or name; a name no tag has yet makes one with the default colour. */
async function tagToAdd(trx: Kysely<Database>, userId: number, key: BulkChange['tag']) {
  const found = await findTagByKey(trx, userId, String(key));
  if (found) return { tag: found, created: false };
  if (typeof key === 'number') throw notFound('No such tag.');
  const name = tagName.safeParse(key);
  if (!name.success)
    throw invalid('tag', name.error.issues[0]?.message ?? 'is not a valid tag name');
  return { tag: await createTag(trx, userId, name.data), created: true };
}

async function plainFolder(trx: Kysely<Database>, userId: number, folderId: number | undefined) {
  const kind = folderId === undefined ? undefined : await ownFolderKind(trx, userId, folderId);
  if (kind === undefined || folderId === undefined) throw notFound('No such folder.');
  if (kind === 'smart') throw conflict(SMART_FOLDER_MEMBERSHIP);
  return folderId;
}

const albumId = z.number().int();

/**
 * Reverts the change the token stands for, exactly, and forgets the token. A tag the change
 * created goes too, unless it has been used since.
 */
export async function undoBulkChange(
  db: Kysely<Database>,
  userId: number,
  token: string,
): Promise<BulkUndoResult> {
  return inUserWrite(db, userId, (trx) => undoChange(trx, userId, token), {
    module: ON_THREAD,
    data: { userId, undo: token },
    answer: bulkUndoResult,
  });
}

/** The undo itself, inside its transaction. */
export async function undoChange(
  trx: Kysely<Database>,
  userId: number,
  token: string,
): Promise<BulkUndoResult> {
  const change = await findChange(trx, userId, token);
  const { tag_id: tagId, folder_id: folderId } = change.detail;
  let affected = 0;
  switch (change.action) {
    case 'tag':
      if (tagId === undefined) break;
      affected = await undoAddedLinks(trx, TAG_LINKS, tagId, change.parts(albumId));
      if (change.detail.tag_created)
        await trx
          .deleteFrom('tags')
          .where('id', '=', tagId)
          .where('user_id', '=', userId)
          .where('album_count', '=', 0)
          .execute();
      break;
    case 'untag':
      if (tagId === undefined || !(await owns(trx, 'tags', userId, tagId))) break;
      affected = await undoRemovedLinks(trx, userId, TAG_LINKS, tagId, change.parts(removedLink));
      break;
    case 'add_to_folder':
      if (folderId === undefined) break;
      affected = await undoAddedLinks(trx, FOLDER_LINKS, folderId, change.parts(albumId));
      break;
    case 'remove_from_folder':
      if (folderId === undefined || (await ownFolderKind(trx, userId, folderId)) !== 'plain') break;
      affected = await undoRemovedLinks(
        trx,
        userId,
        FOLDER_LINKS,
        folderId,
        change.parts(removedLink),
      );
      break;
    case 'delete':
      affected = await restoreAlbums(trx, userId, change.parts(deletedAlbum));
      break;
  }
  await change.forget();
  return { affected };
}

async function owns(trx: Kysely<Database>, table: 'tags', userId: number, rowId: number) {
  const row = await trx
    .selectFrom(table)
    .select('id')
    .where('user_id', '=', userId)
    .where('id', '=', rowId)
    .executeTakeFirst();
  return row !== undefined;
}
