import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { toCount } from '../db/text-match';
import { notFound } from '../http/errors';

export type FolderRow = {
  id: number;
  name: string;
  description: string | null;
  image_url: string | null;
  parent_id: number | null;
  sort_order: number;
  created_at: string;
  album_count: number;
  total_count: number;
};

/**
 * The user's folders with their own and subtree album counts, in one query whatever their number:
 * all of them, or only `familyOf` and its direct subfolders. Ordered by parent, position, name.
 */
export async function folderRowsWithCounts(
  db: Kysely<Database>,
  userId: number,
  { familyOf }: { familyOf?: number } = {},
): Promise<FolderRow[]> {
  const rows = await db
    // Every (root, folder-in-its-subtree) pair; UNION drops repeats, so even a corrupt loop ends.
    .withRecursive('subtree(root_id, id)', (qb) =>
      qb
        .selectFrom('folders')
        .select(['folders.id as root_id', 'folders.id'])
        .where('folders.user_id', '=', userId)
        .$if(familyOf !== undefined, (query) =>
          query.where((eb) =>
            eb.or([
              eb('folders.id', '=', familyOf ?? -1),
              eb('folders.parent_id', '=', familyOf ?? -1),
            ]),
          ),
        )
        .union((inner) =>
          inner
            .selectFrom('folders')
            .innerJoin('subtree', 'subtree.id', 'folders.parent_id')
            .select(['subtree.root_id', 'folders.id']),
        ),
    )
    .with('album_counts', (qb) =>
      qb
        .selectFrom('folder_albums')
        .innerJoin('folders', 'folders.id', 'folder_albums.folder_id')
        .where('folders.user_id', '=', userId)
        .groupBy('folder_albums.folder_id')
        .select(['folder_albums.folder_id', (eb) => eb.fn.countAll<number>().as('album_count')]),
    )
    .with('totals', (qb) =>
      qb
        .selectFrom('subtree')
        .leftJoin('album_counts', 'album_counts.folder_id', 'subtree.id')
        .groupBy('subtree.root_id')
        .select([
          'subtree.root_id',
          (eb) => eb.fn.sum<number>('album_counts.album_count').as('total_count'),
        ]),
    )
    .selectFrom('folders')
    .innerJoin('totals', 'totals.root_id', 'folders.id')
    .leftJoin('album_counts', 'album_counts.folder_id', 'folders.id')
    .select([
      'folders.id',
      'folders.name',
      'folders.description',
      'folders.image_url',
      'folders.parent_id',
      'folders.sort_order',
      'folders.created_at',
      'album_counts.album_count',
      'totals.total_count',
    ])
    .where('folders.user_id', '=', userId)
    .orderBy('folders.parent_id', (ob) => ob.asc().nullsFirst())
    .orderBy('folders.sort_order')
    .orderBy((eb) => eb.fn('lower', ['folders.name']))
    .orderBy('folders.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    album_count: toCount(row.album_count),
    total_count: toCount(row.total_count),
  }));
}

/** A folder with its subfolders (both with counts); another user's or unknown is a 404. */
export async function loadFolderFamily(db: Kysely<Database>, userId: number, folderId: number) {
  const rows = await folderRowsWithCounts(db, userId, { familyOf: folderId });
  const folder = rows.find((row) => row.id === folderId);
  if (!folder) throw notFound('No such folder.');
  return { folder, children: rows.filter((row) => row.parent_id === folderId) };
}

/** The path from the root down to (not including) a folder whose parent is `parentId`. */
export async function ancestorsFrom(db: Kysely<Database>, userId: number, parentId: number | null) {
  if (parentId === null) return [];
  return db
    .withRecursive('ancestry(id, parent_id, name, depth)', (qb) =>
      qb
        .selectFrom('folders')
        .select(['id', 'parent_id', 'name', sql<number>`0`.as('depth')])
        .where('user_id', '=', userId)
        .where('id', '=', parentId)
        .unionAll((inner) =>
          inner
            .selectFrom('folders')
            .innerJoin('ancestry', 'ancestry.parent_id', 'folders.id')
            .select([
              'folders.id',
              'folders.parent_id',
              'folders.name',
              sql<number>`ancestry.depth + 1`.as('depth'),
            ]),
        ),
    )
    .selectFrom('ancestry')
    .select(['id', 'name'])
    .orderBy('depth', 'desc')
    .execute();
}

/** Whether `candidateId` is `rootId` itself or lies anywhere below it. */
export async function isInSubtree(db: Kysely<Database>, rootId: number, candidateId: number) {
  const found = await db
    .withRecursive('subtree(id)', (qb) =>
      qb
        .selectFrom('folders')
        .select('id')
        .where('id', '=', rootId)
        .union((inner) =>
          inner
            .selectFrom('folders')
            .innerJoin('subtree', 'subtree.id', 'folders.parent_id')
            .select('folders.id'),
        ),
    )
    .selectFrom('subtree')
    .select('id')
    .where('id', '=', candidateId)
    .executeTakeFirst();
  return found !== undefined;
}

/** The position after the last of a parent's subfolders (or of the root folders). */
export async function nextSortOrder(db: Kysely<Database>, userId: number, parentId: number | null) {
  const last = await db
    .selectFrom('folders')
    .select((eb) => eb.fn.max('sort_order').as('last'))
    .where('user_id', '=', userId)
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .executeTakeFirst();
  return last?.last === null || last?.last === undefined ? 0 : toCount(last.last) + 1;
}

export async function ownsFolder(db: Kysely<Database>, userId: number, folderId: number) {
  const folder = await db
    .selectFrom('folders')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', '=', folderId)
    .executeTakeFirst();
  return folder !== undefined;
}
