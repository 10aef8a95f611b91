import { useRef } from 'react';

/**
 * Gives focus back to whatever had it when a dialog opened. Radix returns focus only to its own
 * Dialog.Trigger; these dialogs are opened from ordinary buttons, menus and rows.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    /** For onOpenAutoFocus: runs before focus moves into the dialog. */
    remember: () => {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    /** For onCloseAutoFocus. */
    restore: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      if (target === null || !target.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
