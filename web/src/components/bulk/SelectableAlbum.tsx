import type { ReactNode } from 'react';
import { useShortcuts } from '../useShortcuts';
import type { AlbumSelection } from './useAlbumSelection';

interface SelectableAlbumProps {
  album: { id: number; name: string };
  selection: AlbumSelection;
  /** The ids on the page shown, in order: what a shift-click's run is counted along. */
  pageIds: readonly number[];
  /** The card itself. */
  children: ReactNode;
  /** A control over the card's other corner (a folder's Remove, say). */
  action?: ReactNode;
}

/** A grid's card with the box that selects it: shown on hover or focus, always once any is ticked. */
export function SelectableAlbum({
  album,
  selection,
  pageIds,
  children,
  action,
}: SelectableAlbumProps) {
  const selected = selection.isSelected(album.id);
  const anySelected = selection.allMatching || selection.ids.size > 0;
  return (
    <li
      data-album-id={album.id}
      className={`group/card relative rounded-xl ${selected ? 'ring-2 ring-indigo-600 ring-offset-2 dark:ring-indigo-400 dark:ring-offset-gray-950' : ''}`}
    >
      {children}
      <input
        type="checkbox"
        checked={selected}
        aria-label={`Select ${album.name}`}
        aria-keyshortcuts="x"
        // Shift-click ticks the whole run from the last box ticked.
        onChange={(event) => {
          const { nativeEvent } = event;
          const range = nativeEvent instanceof MouseEvent && nativeEvent.shiftKey;
          selection.toggle(album.id, pageIds, range);
        }}
        className={`absolute top-2 left-2 size-5 cursor-pointer accent-indigo-600 ${anySelected ? '' : 'opacity-0 group-hover/card:opacity-100 focus:opacity-100'}`}
      />
      {action && <div className="absolute top-2 right-2">{action}</div>}
    </li>
  );
}

/** x ticks the card that has focus (its link or its box). */
export function useToggleFocusedAlbum(selection: AlbumSelection, pageIds: readonly number[]) {
  useShortcuts({
    x: (event) => {
      const card = event.target instanceof Element ? event.target.closest('[data-album-id]') : null;
      const albumId = Number(card?.getAttribute('data-album-id'));
      if (albumId) selection.toggle(albumId, pageIds);
    },
  });
}
