import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ExpandToggle } from './ExpandToggle';
import { FolderKindIcon } from './FolderKindIcon';
import { type FolderNode, type VisibleFolderRow, visibleRows } from './folder-tree';
import { useVirtualTreeRows } from './useVirtualTreeRows';
import { VirtualTree } from './VirtualTree';

/** SPEC §9: each level of the tree is indented this much. */
export const TREE_INDENT_PX = 14;

interface FolderPickerTreeProps {
  nodes: readonly FolderNode[];
  selectedId: number | null;
  onSelect: (folderId: number) => void;
  /** The tree's accessible name. */
  label: string;
  /** Folders that cannot be chosen, with the reason shown beside them. */
  unavailable?: ReadonlyMap<number, string>;
  /** While filtering every branch is shown open. */
  forceExpanded?: boolean;
  /** The scrolling box's look: its height bounds how many rows are in the document. */
  className: string;
}

/** A row's height before it is measured. */
const ROW_ESTIMATE_PX = 36;

/**
 * Choose one folder from the tree. Nodes start expanded and can be collapsed (SPEC §4); the
 * chosen one is highlighted and pressed, and scrolled to when the picker opens. Only the rows in
 * view are in the document, so a tree of 2,000 open folders opens as fast as one of 20.
 */
export function FolderPickerTree({
  nodes,
  selectedId,
  onSelect,
  label,
  unavailable,
  forceExpanded = false,
  className,
}: FolderPickerTreeProps) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const toggle = (folderId: number) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(folderId)) next.add(folderId);
      return next;
    });

  // Every branch starts open, so the chosen folder's row is there to scroll to.
  const rows = useMemo(
    () => visibleRows(nodes, (folderId) => forceExpanded || !collapsed.has(folderId)),
    [nodes, forceExpanded, collapsed],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const treeRows = useVirtualTreeRows(rows, null);
  const virtualizer = useVirtualizer({
    ...treeRows.options,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: 10,
  });

  // Once, on opening: the chosen folder may be a thousand rows down.
  const selectionToReveal = useRef(selectedId);
  useEffect(() => {
    if (selectionToReveal.current === null) return;
    const index = rows.findIndex((row) => row.node.folder.id === selectionToReveal.current);
    selectionToReveal.current = null;
    if (index !== -1) virtualizer.scrollToIndex(index, { align: 'center' });
  }, [rows, virtualizer]);

  const renderRow = (row: VisibleFolderRow) => {
    const { folder, depth, children } = row.node;
    const expanded = row.kind === 'folder' && row.expanded;
    const selected = folder.id === selectedId;
    const reason = unavailable?.get(folder.id);
    return (
      <div className="flex items-center gap-1" style={{ paddingLeft: depth * TREE_INDENT_PX }}>
        {children.length > 0 ? (
          <ExpandToggle name={folder.name} expanded={expanded} onToggle={() => toggle(folder.id)} />
        ) : (
          <span className="w-6 shrink-0" />
        )}
        <button
          type="button"
          onClick={() => onSelect(folder.id)}
          aria-pressed={selected}
          disabled={reason !== undefined}
          className={`flex min-w-0 flex-1 items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm disabled:cursor-not-allowed disabled:opacity-70 ${
            selected
              ? 'bg-indigo-100 font-semibold text-indigo-900 ring-1 ring-indigo-400 dark:bg-indigo-500/25 dark:text-indigo-100 dark:ring-indigo-400'
              : 'text-gray-800 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800'
          }`}
        >
          <FolderKindIcon folder={folder} className="size-4 shrink-0" />
          <span className="truncate">{folder.name}</span>
          {reason !== undefined && (
            <span className="ml-auto shrink-0 text-xs text-gray-600 dark:text-gray-400">
              {reason}
            </span>
          )}
        </button>
      </div>
    );
  };

  return (
    <div ref={scrollRef} className={className}>
      <VirtualTree
        virtualizer={virtualizer}
        rows={rows}
        renderRow={renderRow}
        label={label}
        itemClassName="pb-0.5"
        focusTracking={treeRows.focusTracking}
      />
    </div>
  );
}
