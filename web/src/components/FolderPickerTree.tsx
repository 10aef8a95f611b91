import { useVirtualizer } from '@tanstack/react-virtual';
import { Folder } from 'lucide-react';
import { useRef, useState } from 'react';
import { ExpandToggle } from './ExpandToggle';
import { type FolderNode, type VisibleFolderRow, visibleRows } from './folder-tree';
import { VirtualList } from './VirtualList';

/** SPEC §9: each level of the tree is indented this much. */
export const TREE_INDENT_PX = 14;

interface FolderPickerTreeProps {
  nodes: readonly FolderNode[];
  selectedId: number | null;
  onSelect: (folderId: number) => void;
  /** The list's accessible name. */
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
 * chosen one is highlighted and pressed. Only the rows in view are in the document, so a tree of
 * 2,000 open folders opens as fast as one of 20.
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

  const rows = visibleRows(nodes, (folderId) => forceExpanded || !collapsed.has(folderId));
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    getItemKey: (index) => rows[index]?.node.folder.id ?? index,
    overscan: 10,
  });

  const renderRow = ({ node: { folder, depth, children } }: VisibleFolderRow) => {
    const expanded = forceExpanded || !collapsed.has(folder.id);
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
          <Folder aria-hidden="true" className="size-4 shrink-0" />
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
      <VirtualList
        virtualizer={virtualizer}
        rows={rows}
        renderRow={renderRow}
        label={label}
        itemClassName="pb-0.5"
      />
    </div>
  );
}
