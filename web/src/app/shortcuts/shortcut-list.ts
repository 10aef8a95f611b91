/** Every keyboard shortcut, as the "Keyboard shortcuts" dialog lists them. */
export type ShortcutEntry = { keys: string[]; does: string };
export type ShortcutGroup = { name: string; shortcuts: ShortcutEntry[] };

export const SHORTCUT_GROUPS: ShortcutGroup[] = [
  {
    name: 'Anywhere',
    shortcuts: [
      { keys: ['/'], does: 'Search albums' },
      { keys: ['Ctrl K', '⌘ K'], does: 'Open the command palette' },
      { keys: ['g d'], does: 'Go to the dashboard' },
      { keys: ['g a'], does: 'Go to albums' },
      { keys: ['g f'], does: 'Go to folders' },
      { keys: ['g t'], does: 'Go to tags' },
      { keys: ['n'], does: 'New folder' },
      { keys: ['?'], does: 'Show keyboard shortcuts' },
    ],
  },
  {
    name: 'In an album grid',
    shortcuts: [
      { keys: ['x'], does: 'Select or unselect the focused album' },
      { keys: ['Shift click'], does: 'Select every album from the last one selected' },
      { keys: ['t'], does: 'Tag the selected albums' },
      { keys: ['Escape'], does: 'Clear the selection' },
    ],
  },
];

/** Where `g` and a letter go. */
export const GO_TO: Record<string, string> = {
  d: '/dashboard',
  a: '/albums',
  f: '/folders',
  t: '/tags',
};
