import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual';
import { type FocusEvent, useCallback, useMemo, useState } from 'react';
import { rowKey, type VisibleFolderRow } from './folder-tree';

/** Handlers on the tree that follow which of its rows holds keyboard focus. */
export interface FocusTracking {
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
}

/** The range in view plus the kept rows, in index order so the document and Tab go top to bottom. */
function withKept(inView: number[], kept: readonly number[]): number[] {
  const missing = kept.filter((index) => !inView.includes(index));
  return missing.length === 0 ? inView : [...inView, ...missing].sort((a, b) => a - b);
}

/**
 * The virtualizer options a folder tree shares, whatever scrolls it: rows keyed by folder, and
 * two rows kept in the document however far they are scrolled away, the one holding keyboard
 * focus and `pinnedKey` (the row being dragged). Unmounting either would drop focus to the page
 * and lose the drag.
 */
export function useVirtualTreeRows(rows: readonly VisibleFolderRow[], pinnedKey: string | null) {
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const keptIndexes = useMemo(() => {
    const kept = new Set([focusedKey, pinnedKey]);
    kept.delete(null);
    if (kept.size === 0) return [];
    return rows.flatMap((row, index) => (kept.has(rowKey(row)) ? [index] : []));
  }, [rows, focusedKey, pinnedKey]);

  const getItemKey = useCallback(
    (index: number) => {
      const row = rows[index];
      return row === undefined ? index : rowKey(row);
    },
    [rows],
  );
  const rangeExtractor = useCallback(
    (range: Range) => withKept(defaultRangeExtractor(range), keptIndexes),
    [keptIndexes],
  );

  const focusTracking: FocusTracking = {
    onFocus: (event) => {
      const index = event.target.closest('[data-index]')?.getAttribute('data-index');
      const row = index == null ? undefined : rows[Number(index)];
      setFocusedKey(row === undefined ? null : rowKey(row));
    },
    onBlur: (event) => {
      if (!event.currentTarget.contains(event.relatedTarget)) setFocusedKey(null);
    },
  };

  return { options: { count: rows.length, getItemKey, rangeExtractor }, focusTracking };
}
