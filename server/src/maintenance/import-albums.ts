import type { CollectionExport } from '@gatefold/contract/maintenance';
import type { Kysely } from 'kysely';
import { chunks, insertAlbums } from '../albums/store';
import { nameKey } from '../db/name-key';
import type { Database } from '../db/schema';

/** The ids the file's tag names and folder keys became in this collection. */
export type ImportedLabels = { tagIds: Map<string, number>; folderIds: Map<number, number> };

/** One batch of albums with their tag and folder links; answers how many were new. */
export async function importAlbums(
  trx: Kysely<Database>,
  userId: number,
  albums: CollectionExport['albums'],
  { tagIds, folderIds }: ImportedLabels,
) {
  const stored = await insertAlbums(trx, userId, albums);
  const now = new Date().toISOString();
  const added = albums.flatMap((album) => {
    const albumId = stored.get(album.spotify_id);
    return albumId === undefined ? [] : [{ album, albumId }];
  });
  const tagLinks = added.flatMap(({ album, albumId }) =>
    [...new Set(album.tags.flatMap((name) => tagIds.get(nameKey(name)) ?? []))].map((tagId) => ({
      album_id: albumId,
      tag_id: tagId,
      created_at: now,
    })),
  );
  for (const chunk of chunks(tagLinks, 1_000))
    await trx.insertInto('album_tags').values(chunk).execute();
  const folderLinks = added.flatMap(({ album, albumId }) =>
    [...new Set(album.folder_keys.flatMap((key) => folderIds.get(key) ?? []))].map((folderId) => ({
      album_id: albumId,
      folder_id: folderId,
      added_at: now,
    })),
  );
  for (const chunk of chunks(folderLinks, 1_000))
    await trx.insertInto('folder_albums').values(chunk).execute();
  return added.length;
}
