import type { Virtualizer } from '@tanstack/react-virtual';
import type { HTMLAttributes, ReactNode, Ref } from 'react';
import type { VisibleFolderRow } from './folder-tree';
import type { FocusTracking } from './useVirtualTreeRows';

interface VirtualTreeProps<TScroll extends Element | Window> {
  virtualizer: Virtualizer<TScroll, Element>;
  rows: readonly VisibleFolderRow[];
  renderRow: (row: VisibleFolderRow) => ReactNode;
  /** The tree's accessible name. */
  label: string;
  /** Where the tree starts within what scrolls (the page, for a window-scrolled tree). */
  offset?: number;
  treeRef?: Ref<HTMLDivElement>;
  /** Each item's class, e.g. its gap to the next. */
  itemClassName: string;
  focusTracking: FocusTracking;
}

/**
 * What a screen reader needs to rebuild the tree from one flat list of which only a slice is in
 * the document: each folder's level, its place among its siblings and whether it is open. A drop
 * zone is no folder, so it takes no place in the tree.
 */
function treeItemAttributes(row: VisibleFolderRow): HTMLAttributes<HTMLDivElement> {
  if (row.kind === 'empty') return { role: 'none' };
  const { folder, depth, children } = row.node;
  return {
    role: 'treeitem',
    'aria-label': folder.name,
    'aria-level': depth + 1,
    'aria-setsize': row.siblings,
    'aria-posinset': row.position,
    'aria-expanded': children.length > 0 ? row.expanded : undefined,
  };
}

/** A tree as tall as all its rows, holding only the items the virtualizer says are in view. */
export function VirtualTree<TScroll extends Element | Window>({
  virtualizer,
  rows,
  renderRow,
  label,
  offset = 0,
  treeRef,
  itemClassName,
  focusTracking,
}: VirtualTreeProps<TScroll>) {
  return (
    // A div, not a ul: a list may hold only list items, and these are the tree's items.
    <div
      ref={treeRef}
      role="tree"
      aria-label={label}
      className="relative"
      style={{ height: virtualizer.getTotalSize() }}
      {...focusTracking}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        if (row === undefined) return null;
        return (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            {...treeItemAttributes(row)}
            className={`absolute top-0 left-0 w-full ${itemClassName}`}
            style={{ transform: `translateY(${item.start - offset}px)` }}
          >
            {renderRow(row)}
          </div>
        );
      })}
    </div>
  );
}
