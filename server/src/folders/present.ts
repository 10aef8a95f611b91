import type { Folder, FolderDetail } from '@gatefold/contract/folders';
import type { FolderRow } from './queries';

export function presentFolder(row: FolderRow): Folder {
  return folderWithCounts(row, row);
}

/**
 * A folder as the API shows it, with the counts given. Every field is written out: V8 copies a
 * spread row with a field added slowly, and reads such copies slowly after (`withSubtreeTotals`).
 */
export function folderWithCounts(
  row: Omit<FolderRow, 'album_count' | 'total_count'>,
  { album_count, total_count }: Pick<FolderRow, 'album_count' | 'total_count'>,
): Folder {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image_url: row.image_url,
    parent_id: row.parent_id,
    sort_order: row.sort_order,
    album_count,
    total_count,
    query: row.query,
    created_at: row.created_at,
  };
}

export function presentFolderDetail(
  folder: FolderRow,
  ancestors: { id: number; name: string }[],
  children: FolderRow[],
): FolderDetail {
  return {
    ...presentFolder(folder),
    ancestors: ancestors.map(({ id, name }) => ({ id, name })),
    children: children.map(presentFolder),
  };
}
