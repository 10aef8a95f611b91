import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { useReturnFocus } from './useReturnFocus';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Read out with the title; shown under it. */
  description?: ReactNode;
  children: ReactNode;
  /** SPEC §2: the folder and add-album modals also close on a click outside them. */
  closeOnBackdrop?: boolean;
  /** Focused when the dialog opens instead of its first control. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  size?: 'md' | 'lg';
}

/**
 * A real modal (Radix Dialog): focus is trapped inside and returns to the opener on close,
 * Escape and the close button close it, the rest of the page is inert.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  closeOnBackdrop = false,
  initialFocusRef,
  size = 'md',
}: ModalProps) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/60 backdrop-blur-[2px]" />
        <Dialog.Content
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          onPointerDownOutside={(event) => {
            if (!closeOnBackdrop) event.preventDefault();
          }}
          onOpenAutoFocus={(event) => {
            returnFocus.remember();
            if (!initialFocusRef?.current) return;
            event.preventDefault();
            initialFocusRef.current.focus();
          }}
          onCloseAutoFocus={returnFocus.restore}
          className={`fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-gray-200 bg-white text-gray-900 shadow-2xl focus:outline-none dark:border-gray-800 dark:bg-gray-900 dark:text-gray-100 ${size === 'lg' ? 'max-w-2xl' : 'max-w-lg'}`}
        >
          <div className="flex items-start justify-between gap-4 border-b border-gray-100 px-5 py-4 dark:border-gray-800">
            <div>
              <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
              {description !== undefined && (
                <Dialog.Description className="mt-1 text-sm text-gray-600 dark:text-gray-400">
                  {description}
                </Dialog.Description>
              )}
            </div>
            <Dialog.Close
              aria-label="Close"
              className="-m-1 rounded-lg p-1.5 text-gray-600 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-white"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
