import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { inUserTransaction } from '../db/user-lock';
import { conflict, notFound } from '../http/errors';
import { ownFolderKind } from './queries';

export const SMART_FOLDER_MEMBERSHIP =
  'A smart folder holds the albums that match its query: albums cannot be put in or taken out by hand.';

/** Adds or removes an album (already checked to be the user's); both are idempotent. */
export async function setAlbumInFolder(
  db: Kysely<Database>,
  userId: number,
  folderId: number,
  albumId: number,
  inFolder: boolean,
) {
  await inUserTransaction(db, userId, async (trx) => {
    const kind = await ownFolderKind(trx, userId, folderId);
    if (kind === undefined) throw notFound('No such folder.');
    if (kind === 'smart') throw conflict(SMART_FOLDER_MEMBERSHIP);
    if (inFolder) {
      await trx
        .insertInto('folder_albums')
        .values({ folder_id: folderId, album_id: albumId, added_at: new Date().toISOString() })
        .onConflict((oc) => oc.columns(['folder_id', 'album_id']).doNothing())
        .execute();
    } else {
      await trx
        .deleteFrom('folder_albums')
        .where('folder_id', '=', folderId)
        .where('album_id', '=', albumId)
        .execute();
    }
  });
}
