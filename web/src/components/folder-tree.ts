import type { Folder } from '@gatefold/contract/folders';

export interface FolderNode {
  folder: Folder;
  depth: number;
  children: FolderNode[];
}

function bySortOrderThenName(a: Folder, b: Folder): number {
  return a.sort_order - b.sort_order || a.name.localeCompare(b.name);
}

/**
 * The flat folder list as a tree (SPEC §5): roots are the folders without a parent, siblings go by
 * sort_order, then name. A folder whose parent is not in the list is left out with it.
 */
export function buildFolderTree(folders: readonly Folder[]): FolderNode[] {
  const childrenOf = new Map<number | null, Folder[]>();
  for (const folder of folders) {
    const siblings = childrenOf.get(folder.parent_id) ?? [];
    siblings.push(folder);
    childrenOf.set(folder.parent_id, siblings);
  }
  const grow = (parentId: number | null, depth: number, seen: Set<number>): FolderNode[] =>
    [...(childrenOf.get(parentId) ?? [])]
      .filter((folder) => !seen.has(folder.id))
      .sort(bySortOrderThenName)
      .map((folder) => ({
        folder,
        depth,
        children: grow(folder.id, depth + 1, new Set(seen).add(folder.id)),
      }));
  return grow(null, 0, new Set());
}

/** The tree without one folder and everything under it (a folder cannot move into itself). */
export function withoutFolder(nodes: readonly FolderNode[], folderId: number): FolderNode[] {
  return nodes
    .filter((node) => node.folder.id !== folderId)
    .map((node) => ({ ...node, children: withoutFolder(node.children, folderId) }));
}

/** Folders whose name contains `text` (any case), with the folders above them for context. */
export function filterFolderTree(nodes: readonly FolderNode[], text: string): FolderNode[] {
  const needle = text.trim().toLocaleLowerCase();
  if (needle === '') return [...nodes];
  return nodes.flatMap((node) => {
    const children = filterFolderTree(node.children, needle);
    const matches = node.folder.name.toLocaleLowerCase().includes(needle);
    return matches || children.length > 0 ? [{ ...node, children }] : [];
  });
}

function rebased(nodes: readonly FolderNode[], depth: number): FolderNode[] {
  return nodes.map((node) => ({ ...node, depth, children: rebased(node.children, depth + 1) }));
}

/** The folders under one folder, as a tree of their own (its children at depth 0). */
export function subtreeOf(nodes: readonly FolderNode[], folderId: number): FolderNode[] | null {
  for (const node of nodes) {
    if (node.folder.id === folderId) return rebased(node.children, 0);
    const found = subtreeOf(node.children, folderId);
    if (found !== null) return found;
  }
  return null;
}

/**
 * One row of a tree as shown: a folder, with its place among its siblings in the whole tree (for
 * screen readers, which see only the rows in the document), or the drop zone inside an open folder
 * with no children.
 */
export type VisibleFolderRow =
  | { kind: 'folder'; node: FolderNode; expanded: boolean; position: number; siblings: number }
  | { kind: 'empty'; node: FolderNode };

/** A row's identity while the rows around it come and go: `folder-{id}` or `empty-{id}`. */
export const rowKey = (row: VisibleFolderRow) => `${row.kind}-${row.node.folder.id}`;

export const folderRowKey = (folderId: number) => `folder-${folderId}`;

/**
 * The rows a tree shows, top to bottom, for a list that renders only those on screen: each folder,
 * then, when it is open, its children or (with `emptyZones`) the zone that takes drops into it.
 */
export function visibleRows(
  nodes: readonly FolderNode[],
  isExpanded: (folderId: number) => boolean,
  { emptyZones = false }: { emptyZones?: boolean } = {},
): VisibleFolderRow[] {
  const rows: VisibleFolderRow[] = [];
  const visit = (level: readonly FolderNode[]) => {
    for (const [index, node] of level.entries()) {
      const expanded = isExpanded(node.folder.id);
      rows.push({ kind: 'folder', node, expanded, position: index + 1, siblings: level.length });
      if (!expanded) continue;
      if (node.children.length > 0) visit(node.children);
      else if (emptyZones) rows.push({ kind: 'empty', node });
    }
  };
  visit(nodes);
  return rows;
}
