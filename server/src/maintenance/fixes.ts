import type { Kysely } from 'kysely';
import { removeUncreditedArtists } from '../artists/credits';
import type { Database } from '../db/schema';
import { inUserTransaction } from '../db/user-lock';
import { isEmptyFolder, isUnusedTag } from './findings';
import { duplicateAlbums, stillDuplicates } from './report';

/**
 * Merges each group of duplicates into its first-collected album, which takes the tags, folders
 * and the user's own genres of the others; the others are deleted. One transaction.
 */
export async function mergeDuplicates(db: Kysely<Database>, userId: number): Promise<number> {
  // Found outside the transaction, on a reader: the search groups every album (80–190 ms at
  // 50,000), and within the transaction it held SQLite's writer and event loop as long. Only
  // the albums found are read again inside, and only those still alike are merged.
  const found = await duplicateAlbums(db, userId);
  const candidates = found.flatMap((group) => group.albums.map((album) => album.id));
  if (candidates.length === 0) return 0;
  return inUserTransaction(db, userId, async (trx) => {
    const duplicates = await stillDuplicates(trx, userId, candidates);
    let merged = 0;
    for (const group of duplicates) {
      const [keep, ...others] = [...group.albums].sort((a, b) => a.id - b.id);
      if (!keep) continue;
      const otherIds = others.map((album) => album.id);
      const [tags, folders, genres] = await Promise.all([
        trx.selectFrom('album_tags').selectAll().where('album_id', 'in', otherIds).execute(),
        trx.selectFrom('folder_albums').selectAll().where('album_id', 'in', otherIds).execute(),
        trx
          .selectFrom('album_genres')
          .select(['genre_id', 'source'])
          .where('album_id', 'in', otherIds)
          .where('source', '=', 'user')
          .execute(),
      ]);
      if (tags.length > 0)
        await trx
          .insertInto('album_tags')
          .values(tags.map((row) => ({ ...row, album_id: keep.id })))
          .onConflict((oc) => oc.columns(['album_id', 'tag_id']).doNothing())
          .execute();
      if (folders.length > 0)
        await trx
          .insertInto('folder_albums')
          .values(folders.map((row) => ({ ...row, album_id: keep.id })))
          .onConflict((oc) => oc.columns(['folder_id', 'album_id']).doNothing())
          .execute();
      if (genres.length > 0)
        await trx
          .insertInto('album_genres')
          .values(genres.map((row) => ({ ...row, album_id: keep.id })))
          .onConflict((oc) => oc.columns(['album_id', 'genre_id']).doNothing())
          .execute();
      await trx
        .deleteFrom('albums')
        .where('user_id', '=', userId)
        .where('id', 'in', otherIds)
        .execute();
      merged += otherIds.length;
    }
    await removeUncreditedArtists(trx, userId);
    return merged;
  });
}

/** Deletes the plain folders with neither albums nor subfolders (the report's empty folders). */
export async function deleteEmptyFolders(db: Kysely<Database>, userId: number): Promise<number> {
  return inUserTransaction(db, userId, async (trx) => {
    const result = await trx
      .deleteFrom('folders')
      .where('folders.user_id', '=', userId)
      .where(isEmptyFolder)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** Deletes the tags no album carries. */
export async function deleteUnusedTags(db: Kysely<Database>, userId: number): Promise<number> {
  return inUserTransaction(db, userId, async (trx) => {
    const result = await trx
      .deleteFrom('tags')
      .where('tags.user_id', '=', userId)
      .where(isUnusedTag)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}
