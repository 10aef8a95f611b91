import type { CollectionExport, ImportSummary } from '@gatefold/contract/maintenance';
import type { Kysely } from 'kysely';
import { insertAlbum } from '../albums/store';
import type { Database } from '../db/schema';
import { searchText } from '../db/search-text';
import { lockUser } from '../db/user-lock';

/**
 * Adds an exported collection to this user's, in one transaction: its tags (matched by name),
 * its folders (as new folders, nested as they were), and each album not already collected, with
 * its tags, genres, tracks and folders. Nothing the user has is changed or removed.
 */
export async function importCollection(
  db: Kysely<Database>,
  userId: number,
  collection: CollectionExport,
): Promise<ImportSummary> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const now = new Date().toISOString();
    const summary: ImportSummary = {
      albums_added: 0,
      albums_skipped: 0,
      tags_added: 0,
      folders_added: 0,
    };

    const tagIds = new Map(
      (
        await trx.selectFrom('tags').select(['id', 'name']).where('user_id', '=', userId).execute()
      ).map((tag) => [tag.name.toLowerCase(), tag.id]),
    );
    for (const tag of collection.tags) {
      if (tagIds.has(tag.name.toLowerCase())) continue;
      const created = await trx
        .insertInto('tags')
        .values({
          user_id: userId,
          name: tag.name,
          search_text: searchText(tag.name),
          color: tag.color.toUpperCase(),
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      tagIds.set(tag.name.toLowerCase(), created.id);
      summary.tags_added += 1;
    }

    const folderIds = new Map<number, number>();
    // Parents before children; a parent missing from the file (or a loop) puts the folder at the root.
    let pending = collection.folders;
    while (pending.length > 0) {
      const ready = pending.filter(
        (f) =>
          f.parent_key === null ||
          folderIds.has(f.parent_key) ||
          !pending.some((p) => p.key === f.parent_key),
      );
      const batch = ready.length > 0 ? ready : pending.slice(0, 1);
      for (const folder of batch) {
        const created = await trx
          .insertInto('folders')
          .values({
            user_id: userId,
            parent_id:
              folder.parent_key === null ? null : (folderIds.get(folder.parent_key) ?? null),
            name: folder.name,
            search_text: searchText(folder.name),
            description: folder.description,
            image_url: folder.image_url,
            sort_order: folder.sort_order,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        folderIds.set(folder.key, created.id);
        summary.folders_added += 1;
      }
      pending = pending.filter((folder) => !batch.includes(folder));
    }

    const owned = new Set(
      (
        await trx.selectFrom('albums').select('spotify_id').where('user_id', '=', userId).execute()
      ).map((row) => row.spotify_id),
    );
    for (const album of collection.albums) {
      if (owned.has(album.spotify_id)) {
        summary.albums_skipped += 1;
        continue;
      }
      owned.add(album.spotify_id);
      const albumId = await insertAlbum(
        trx,
        userId,
        { ...album, tracks: album.tracks },
        album.added_at,
      );
      const tagLinks = album.tags.flatMap((name) => {
        const tagId = tagIds.get(name.toLowerCase());
        return tagId ? [{ album_id: albumId, tag_id: tagId, created_at: now }] : [];
      });
      if (tagLinks.length > 0)
        await trx
          .insertInto('album_tags')
          .values(tagLinks)
          .onConflict((oc) => oc.doNothing())
          .execute();
      const folderLinks = album.folder_keys.flatMap((key) => {
        const folderId = folderIds.get(key);
        return folderId ? [{ album_id: albumId, folder_id: folderId, added_at: now }] : [];
      });
      if (folderLinks.length > 0)
        await trx
          .insertInto('folder_albums')
          .values(folderLinks)
          .onConflict((oc) => oc.doNothing())
          .execute();
      summary.albums_added += 1;
    }
    return summary;
  });
}
