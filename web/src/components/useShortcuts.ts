import { useEffect, useRef } from 'react';
import { tinykeys } from 'tinykeys';

const KEYLESS_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'color', 'file']);

/** Whether a key press belongs to a field the user is typing in (a ticked box is not one). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    (target instanceof HTMLInputElement && !KEYLESS_INPUTS.has(target.type)) ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/** A dialog answers its own keys; the screen behind it does not. */
function insideDialog(target: EventTarget | null): boolean {
  return (
    target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]') !== null
  );
}

export type ShortcutHandlers = Record<string, (event: KeyboardEvent) => void>;

/**
 * Binds keys (tinykeys syntax: "g d" is a sequence, "$mod+k" is Ctrl or ⌘) while the component is
 * on screen. They never fire while typing in a field, inside a dialog, or for a key something
 * else already handled (unless `inFields`, for a modifier combination meant to work anywhere);
 * plain keys are used bare, so the browser's and screen readers' own combinations are left alone.
 */
export function useShortcuts(
  handlers: ShortcutHandlers,
  { enabled = true, inFields = false }: { enabled?: boolean; inFields?: boolean } = {},
): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const keys = Object.keys(handlers).join('\n');

  useEffect(() => {
    if (!enabled) return;
    const bindings = Object.fromEntries(
      keys.split('\n').map((key) => [
        key,
        (event: KeyboardEvent) => {
          // The key is spent: it must not also type into a field the shortcut opens.
          event.preventDefault();
          latest.current[key]?.(event);
        },
      ]),
    );
    return tinykeys(window, bindings, {
      ignore: (event) =>
        event.defaultPrevented ||
        insideDialog(event.target) ||
        (!inFields && isTyping(event.target)),
    });
  }, [keys, enabled, inFields]);
}
