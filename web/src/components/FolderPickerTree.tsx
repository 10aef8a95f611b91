import { ChevronDown, ChevronRight, Folder } from 'lucide-react';
import { useState } from 'react';
import type { FolderNode } from './folder-tree';

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
}

/**
 * Choose one folder from the tree. Nodes start expanded and can be collapsed (SPEC §4); the
 * chosen one is highlighted and pressed.
 */
export function FolderPickerTree({
  nodes,
  selectedId,
  onSelect,
  label,
  unavailable,
  forceExpanded = false,
}: FolderPickerTreeProps) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const toggle = (folderId: number) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(folderId)) next.add(folderId);
      return next;
    });

  const renderNodes = (level: readonly FolderNode[]) =>
    level.map(({ folder, depth, children }) => {
      const expanded = forceExpanded || !collapsed.has(folder.id);
      const selected = folder.id === selectedId;
      const reason = unavailable?.get(folder.id);
      return (
        <li key={folder.id}>
          <div className="flex items-center gap-1" style={{ paddingLeft: depth * TREE_INDENT_PX }}>
            {children.length > 0 ? (
              <button
                type="button"
                onClick={() => toggle(folder.id)}
                aria-expanded={expanded}
                aria-label={`${expanded ? 'Collapse' : 'Expand'} ${folder.name}`}
                className="rounded p-1 text-gray-600 hover:bg-gray-100 dark:text-gray-400 dark:hover:bg-gray-800"
              >
                {expanded ? (
                  <ChevronDown aria-hidden="true" className="size-4" />
                ) : (
                  <ChevronRight aria-hidden="true" className="size-4" />
                )}
              </button>
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
          {expanded && children.length > 0 && <ul>{renderNodes(children)}</ul>}
        </li>
      );
    });

  return (
    <ul aria-label={label} className="space-y-0.5">
      {renderNodes(nodes)}
    </ul>
  );
}
