import type { FolderReorder } from '@gatefold/contract/folders';
import type { FolderNode } from '../../components/folder-tree';

/** Where a dragged folder lands, relative to the folder it is dropped on. */
export type DropPosition = 'before' | 'inside' | 'after';

export interface DropTarget {
  folderId: number;
  position: DropPosition;
}

export type ReorderItem = FolderReorder['items'][number];

/**
 * Which part of a row a point is in: the top third puts the folder before the row, the middle
 * third inside it, the bottom third after it.
 */
export function dropPositionAt(pointY: number, rowTop: number, rowHeight: number): DropPosition {
  const offset = pointY - rowTop;
  if (offset < rowHeight / 3) return 'before';
  if (offset > (rowHeight * 2) / 3) return 'after';
  return 'inside';
}

function contains(nodes: readonly FolderNode[], folderId: number): boolean {
  return nodes.some((node) => node.folder.id === folderId || contains(node.children, folderId));
}

function findNode(nodes: readonly FolderNode[], folderId: number): FolderNode | undefined {
  for (const node of nodes) {
    if (node.folder.id === folderId) return node;
    const found = findNode(node.children, folderId);
    if (found) return found;
  }
  return undefined;
}

/**
 * A folder cannot go next to or into itself, nor into anything under it, nor into a smart
 * folder, which holds no subfolders.
 */
export function canDrop(tree: readonly FolderNode[], movedId: number, target: DropTarget): boolean {
  const moved = findNode(tree, movedId);
  const onto = findNode(tree, target.folderId);
  if (moved === undefined || onto === undefined) return false;
  if (target.position === 'inside' && onto.folder.query !== null) return false;
  return target.folderId !== movedId && !contains(moved.children, target.folderId);
}

function without(nodes: readonly FolderNode[], folderId: number): FolderNode[] {
  return nodes
    .filter((node) => node.folder.id !== folderId)
    .map((node) => ({ ...node, children: without(node.children, folderId) }));
}

function insert(nodes: readonly FolderNode[], moved: FolderNode, target: DropTarget): FolderNode[] {
  return nodes.flatMap((node) => {
    if (node.folder.id !== target.folderId) {
      return [{ ...node, children: insert(node.children, moved, target) }];
    }
    if (target.position === 'inside') return [{ ...node, children: [...node.children, moved] }];
    return target.position === 'before' ? [moved, node] : [node, moved];
  });
}

/**
 * The tree after dropping one folder on another (SPEC §4): before or after it among its
 * siblings, or last inside it. Null when the drop is not allowed.
 */
export function moveFolder(
  tree: readonly FolderNode[],
  movedId: number,
  target: DropTarget,
): FolderNode[] | null {
  const moved = findNode(tree, movedId);
  if (moved === undefined || !canDrop(tree, movedId, target)) return null;
  return insert(without(tree, movedId), moved, target);
}

/** Every folder's parent and its position among its siblings, for the whole tree. */
export function reorderItems(
  tree: readonly FolderNode[],
  parentId: number | null = null,
): ReorderItem[] {
  return tree.flatMap((node, index) => [
    { id: node.folder.id, parent_id: parentId, sort_order: index },
    ...reorderItems(node.children, node.folder.id),
  ]);
}

/** Whether the items change anything about the folders as they are stored. */
export function changesAnything(tree: readonly FolderNode[], items: readonly ReorderItem[]) {
  const placeOf = (parentId: number | null, sortOrder: number) => `${parentId}:${sortOrder}`;
  const stored = new Map<number, string>();
  const walk = (nodes: readonly FolderNode[]) => {
    for (const node of nodes) {
      stored.set(node.folder.id, placeOf(node.folder.parent_id, node.folder.sort_order));
      walk(node.children);
    }
  };
  walk(tree);
  return items.some((item) => stored.get(item.id) !== placeOf(item.parent_id, item.sort_order));
}

/**
 * A drop's result: the tree as it now looks and the reorder payload for it, or null when the drop
 * is refused or changes nothing (so nothing is sent).
 */
export function reorderForDrop(
  tree: readonly FolderNode[],
  movedId: number,
  target: DropTarget,
): { tree: FolderNode[]; items: ReorderItem[] } | null {
  const next = moveFolder(tree, movedId, target);
  if (next === null) return null;
  const items = reorderItems(next);
  return changesAnything(tree, items) ? { tree: next, items } : null;
}
