import { useCallback, useMemo, useState } from 'react';

/** Albums chosen in a grid: some by id, or every album the grid's filter matches. */
export type AlbumSelection = {
  ids: ReadonlySet<number>;
  /** Every album matching the filter, on every page, not only the ids. */
  allMatching: boolean;
  /** How many albums the selection holds, given the list's full count. */
  count(total: number): number;
  isSelected(albumId: number): boolean;
  /**
   * Ticks or unticks one card; with `range`, every card from the last one ticked to this one
   * (on this page) takes this card's new state, as shift-click does in a file manager.
   */
  toggle(albumId: number, pageIds: readonly number[], range?: boolean): void;
  selectPage(pageIds: readonly number[]): void;
  selectAllMatching(): void;
  clear(): void;
};

export function useAlbumSelection(): AlbumSelection {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [anchor, setAnchor] = useState<number | null>(null);

  const toggle = useCallback(
    (albumId: number, pageIds: readonly number[], range = false) => {
      // Unticking one album of "all matching" keeps the rest of the page, as a list of ids.
      const current = allMatching ? new Set(pageIds) : new Set(ids);
      const select = !current.has(albumId);
      const from = anchor === null ? -1 : pageIds.indexOf(anchor);
      const to = pageIds.indexOf(albumId);
      const span =
        range && from !== -1 && to !== -1
          ? pageIds.slice(Math.min(from, to), Math.max(from, to) + 1)
          : [albumId];
      for (const id of span) {
        if (select) current.add(id);
        else current.delete(id);
      }
      setIds(current);
      setAllMatching(false);
      setAnchor(albumId);
    },
    [allMatching, anchor, ids],
  );

  // Stable, so that a list can end its selection whenever its filter changes.
  const clear = useCallback(() => {
    setIds((current) => (current.size === 0 ? current : new Set()));
    setAllMatching(false);
    setAnchor(null);
  }, []);

  return useMemo(
    () => ({
      ids,
      allMatching,
      count: (total: number) => (allMatching ? total : ids.size),
      isSelected: (albumId: number) => allMatching || ids.has(albumId),
      toggle,
      selectPage: (pageIds: readonly number[]) => {
        setIds((current) => new Set([...current, ...pageIds]));
        setAllMatching(false);
      },
      selectAllMatching: () => setAllMatching(true),
      clear,
    }),
    [ids, allMatching, toggle, clear],
  );
}
