import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import type { VisibleFolderRow } from '../../components/folder-tree';
import { VirtualList } from '../../components/VirtualList';

/** A folder row's height before it is measured (a two-line row and the gap under it). */
const ROW_ESTIMATE_PX = 60;
const EMPTY_ZONE_ESTIMATE_PX = 52;

interface VirtualFolderListProps {
  rows: readonly VisibleFolderRow[];
  /** The list's accessible name. */
  label: string;
  renderRow: (row: VisibleFolderRow) => ReactNode;
}

const rowKey = (row: VisibleFolderRow | undefined) =>
  row === undefined ? '' : `${row.kind}-${row.node.folder.id}`;

/**
 * The folders screen's tree as one list scrolled with the page, of which only the rows on screen
 * (and a few either side) are in the document: 2,000 open folders cost what 30 do.
 */
export function VirtualFolderList({ rows, label, renderRow }: VirtualFolderListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const scrollMargin = useDocumentTop(listRef);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (index) =>
      rows[index]?.kind === 'empty' ? EMPTY_ZONE_ESTIMATE_PX : ROW_ESTIMATE_PX,
    getItemKey: (index) => rowKey(rows[index]),
    overscan: 10,
    scrollMargin,
  });

  return (
    <VirtualList
      virtualizer={virtualizer}
      rows={rows}
      renderRow={renderRow}
      label={label}
      offset={scrollMargin}
      listRef={listRef}
      itemClassName="pb-1"
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
