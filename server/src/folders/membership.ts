import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { inUserTransaction } from '../db/user-lock';
import { notFound } from '../http/errors';
import { ownsFolder } from './queries';

/** Adds or removes an album (already checked to be the user's); both are idempotent. */
export async function setAlbumInFolder(
  db: Kysely<Database>,
  userId: number,
  folderId: number,
  albumId: number,
  inFolder: boolean,
) {
  await inUserTransaction(db, userId, async (trx) => {
    if (!(await ownsFolder(trx, userId, folderId))) throw notFound('No such folder.');
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
