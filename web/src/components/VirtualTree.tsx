import type { Virtualizer } from '@tanstack/react-virtual';
import type { ReactNode, Ref } from 'react';

interface VirtualListProps<TScroll extends Element | Window, TRow> {
  virtualizer: Virtualizer<TScroll, Element>;
  rows: readonly TRow[];
  renderRow: (row: TRow) => ReactNode;
  /** The list's accessible name. */
  label: string;
  /** Where the list starts within what scrolls (the page, for a window-scrolled list). */
  offset?: number;
  listRef?: Ref<HTMLUListElement>;
  /** Each item's class, e.g. its gap to the next. */
  itemClassName: string;
}

/** A list as tall as all its rows, holding only the items the virtualizer says are in view. */
export function VirtualList<TScroll extends Element | Window, TRow>({
  virtualizer,
  rows,
  renderRow,
  label,
  offset = 0,
  listRef,
  itemClassName,
}: VirtualListProps<TScroll, TRow>) {
  return (
    <ul
      ref={listRef}
      aria-label={label}
      className="relative"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        if (row === undefined) return null;
        return (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className={`absolute top-0 left-0 w-full ${itemClassName}`}
            style={{ transform: `translateY(${item.start - offset}px)` }}
          >
            {renderRow(row)}
          </li>
        );
      })}
    </ul>
  );
}
