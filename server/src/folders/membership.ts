import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { notFound } from '../http/errors';

export async function findOwnFolderId(db: Kysely<Database>, userId: number, folderId: number) {
  const folder = await db
    .selectFrom('folders')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', '=', folderId)
    .executeTakeFirst();
  if (!folder) throw notFound('No such folder.');
  return folder.id;
}

/** Idempotent: an album already in the folder stays there once. The album must be checked first. */
export async function addAlbumToFolder(
  db: Kysely<Database>,
  userId: number,
  folderId: number,
  albumId: number,
) {
  await findOwnFolderId(db, userId, folderId);
  await db
    .insertInto('folder_albums')
    .values({ folder_id: folderId, album_id: albumId, added_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['folder_id', 'album_id']).doNothing())
    .execute();
}

/** Idempotent: taking out an album that is not there changes nothing. */
export async function removeAlbumFromFolder(
  db: Kysely<Database>,
  userId: number,
  folderId: number,
  albumId: number,
) {
  await findOwnFolderId(db, userId, folderId);
  await db
    .deleteFrom('folder_albums')
    .where('folder_id', '=', folderId)
    .where('album_id', '=', albumId)
    .execute();
}
