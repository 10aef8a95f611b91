import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import type { VisibleFolderRow } from '../../components/folder-tree';
import { useVirtualTreeRows } from '../../components/useVirtualTreeRows';
import { VirtualTree } from '../../components/VirtualTree';

/** A folder row's height before it is measured (a two-line row and the gap under it). */
const ROW_ESTIMATE_PX = 60;
const EMPTY_ZONE_ESTIMATE_PX = 52;

interface VirtualFolderListProps {
  rows: readonly VisibleFolderRow[];
  /** The tree's accessible name. */
  label: string;
  renderRow: (row: VisibleFolderRow) => ReactNode;
  /** The key of the row being dragged, which stays in the document while it is scrolled away. */
  draggedKey: string | null;
}

/**
 * The folders screen's tree as one list scrolled with the page, of which only the rows on screen
 * (and a few either side) are in the document: 2,000 open folders cost what 30 do.
 */
export function VirtualFolderList({ rows, label, renderRow, draggedKey }: VirtualFolderListProps) {
  const treeRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useDocumentTop(treeRef);
  const treeRows = useVirtualTreeRows(rows, draggedKey);
  const virtualizer = useWindowVirtualizer({
    ...treeRows.options,
    estimateSize: (index) =>
      rows[index]?.kind === 'empty' ? EMPTY_ZONE_ESTIMATE_PX : ROW_ESTIMATE_PX,
    overscan: 10,
    scrollMargin,
  });

  return (
    <VirtualTree
      virtualizer={virtualizer}
      rows={rows}
      renderRow={renderRow}
      label={label}
      offset={scrollMargin}
      treeRef={treeRef}
      itemClassName="pb-1"
      focusTracking={treeRows.focusTracking}
    />
  );
}

/** Where an element starts in the page, which the window's scroll position is measured against. */
function useDocumentTop(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const measured = element.getBoundingClientRect().top + window.scrollY;
    if (measured !== top) setTop(measured);
  });
  return top;
}
