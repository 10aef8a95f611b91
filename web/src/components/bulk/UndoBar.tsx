import { useMutation } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { bulkMutations } from '../../api/bulk-queries';
import { Button } from '../Button';

/** How long the Undo bar stays after a change, unless the pointer or focus rests on it. */
export const UNDO_BAR_MS = 10_000;

/** A change that can be taken back: what it did, in words, and its undo token. */
export type UndoOffer = { message: string; token: string };

const OfferUndo = createContext<(offer: UndoOffer) => void>(() => {});

/** Offers to undo a change just made: the shell's Undo bar shows it for ten seconds. */
export const useOfferUndo = () => useContext(OfferUndo);

type BarState =
  | { kind: 'offer'; offer: UndoOffer }
  | { kind: 'done'; message: string }
  | { kind: 'hidden' };

/**
 * The Undo bar, at the foot of every screen, so it outlives the screen that made the change (an
 * album's page closes when the album is deleted). Its timer waits while it is hovered or
 * focused, so reaching it by keyboard or reading it never loses it.
 */
export function UndoProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<BarState>({ kind: 'hidden' });
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const undo = useMutation(bulkMutations.undo());
  const offer = useCallback((next: UndoOffer) => setState({ kind: 'offer', offer: next }), []);
  const holding = held.pointer || held.focus || undo.isPending;

  useEffect(() => {
    if (state.kind === 'hidden' || holding) return;
    const timer = window.setTimeout(() => setState({ kind: 'hidden' }), UNDO_BAR_MS);
    return () => window.clearTimeout(timer);
  }, [state, holding]);

  const takeBack = (token: string) =>
    undo.mutate(token, {
      onSuccess: () => setState({ kind: 'done', message: 'Undone.' }),
      onError: () => setState({ kind: 'done', message: 'The change could not be undone.' }),
    });

  return (
    <OfferUndo.Provider value={offer}>
      {children}
      <section
        aria-label="Undo"
        onPointerEnter={() => setHeld((h) => ({ ...h, pointer: true }))}
        onPointerLeave={() => setHeld((h) => ({ ...h, pointer: false }))}
        onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
        onBlur={() => setHeld((h) => ({ ...h, focus: false }))}
        className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4"
      >
        <div role="status" className="contents">
          {state.kind !== 'hidden' && (
            <div className="pointer-events-auto flex items-center gap-3 rounded-xl bg-gray-900 py-2 pr-2 pl-4 text-sm text-white shadow-xl dark:bg-gray-100 dark:text-gray-900">
              <p>{state.kind === 'offer' ? state.offer.message : state.message}</p>
              {state.kind === 'offer' && (
                <Button
                  size="sm"
                  disabled={undo.isPending}
                  onClick={() => takeBack(state.offer.token)}
                >
                  {undo.isPending ? 'Undoing...' : 'Undo'}
                </Button>
              )}
              <button
                type="button"
                aria-label="Dismiss"
                onClick={() => setState({ kind: 'hidden' })}
                className="rounded-md p-1 hover:bg-white/10 dark:hover:bg-gray-900/10"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </div>
          )}
        </div>
      </section>
    </OfferUndo.Provider>
  );
}
