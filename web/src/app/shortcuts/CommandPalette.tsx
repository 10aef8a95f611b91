import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { Disc3, Folder, Keyboard, LayoutDashboard, Mic2, Plus, Search, Tag } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { searchQueries } from '../../api/search-queries';
import { useDebouncedValue } from '../../components/useDebouncedValue';

/** The screens the palette goes to, by name. */
const PLACES = [
  { name: 'Dashboard', path: '/dashboard' },
  { name: 'Albums', path: '/albums' },
  { name: 'Folders', path: '/folders' },
  { name: 'Tags', path: '/tags' },
  { name: 'Genres', path: '/genres' },
  { name: 'Artists', path: '/artists' },
  { name: 'Discover', path: '/search' },
  { name: 'Maintenance', path: '/maintenance' },
];

interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onNewFolder: () => void;
  onShowShortcuts: () => void;
}

const item =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm aria-selected:bg-indigo-50 aria-selected:text-indigo-900 dark:aria-selected:bg-indigo-950 dark:aria-selected:text-indigo-100';
const heading =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-gray-600 dark:[&_[cmdk-group-heading]]:text-gray-400';

/**
 * Ctrl/⌘ K: jump to any album, artist, tag, folder or genre of the collection, found by the
 * collection search as one types, or to a screen or action by its name.
 */
export function CommandPalette({
  open,
  onOpenChange,
  onNewFolder,
  onShowShortcuts,
}: CommandPaletteProps) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), 150);
  const found = useQuery({ ...searchQueries.collection(term), enabled: open && term !== '' });
  // Only results for what the box holds now: Enter must never open an answer to earlier text.
  const current = term !== '' && term === text.trim() && !found.isPlaceholderData;
  const results = current ? found.data : undefined;

  const run = (action: () => void) => {
    onOpenChange(false);
    setText('');
    action();
  };
  const goTo = (path: string) => run(() => void navigate(path));
  const entry = (key: string, icon: ReactNode, label: string, detail: string, path: string) => (
    <Command.Item
      key={key}
      value={key}
      keywords={[label]}
      className={item}
      onSelect={() => goTo(path)}
    >
      {icon}
      <span className="min-w-0 flex-1 truncate">{label}</span>
      <span className="shrink-0 text-xs text-gray-600 dark:text-gray-400">{detail}</span>
    </Command.Item>
  );
  const iconClass = 'size-4 shrink-0 text-gray-500';

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) setText('');
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/60 backdrop-blur-[2px]" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-[15vh] left-1/2 z-50 w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-2xl border border-gray-200 bg-white text-gray-900 shadow-2xl focus:outline-none dark:border-gray-800 dark:bg-gray-900 dark:text-gray-100"
        >
          <Dialog.Title className="sr-only">Command palette</Dialog.Title>
          {/* The server ranks the collection's matches; the palette filters only its own entries. */}
          <Command label="Command palette" shouldFilter={false}>
            <div className="flex items-center gap-2 border-b border-gray-100 px-4 dark:border-gray-800">
              <Search aria-hidden="true" className={iconClass} />
              <Command.Input
                value={text}
                onValueChange={setText}
                placeholder="Jump to an album, artist, tag, folder or screen..."
                className="w-full bg-transparent py-3 text-sm outline-none placeholder:text-gray-500"
              />
            </div>
            <Command.List className={`max-h-[60vh] overflow-y-auto p-2 ${heading}`}>
              <Command.Empty className="px-3 py-6 text-center text-sm text-gray-700 dark:text-gray-300">
                {text.trim() !== '' && !current ? 'Searching...' : 'Nothing found.'}
              </Command.Empty>
              {results && results.albums.length > 0 && (
                <Command.Group heading="Albums">
                  {results.albums.map((album) =>
                    entry(
                      `album-${album.id}`,
                      <Disc3 aria-hidden="true" className={iconClass} />,
                      album.name,
                      album.artist,
                      `/albums/${album.id}`,
                    ),
                  )}
                </Command.Group>
              )}
              {results && results.artists.length > 0 && (
                <Command.Group heading="Artists">
                  {results.artists.map((artist) =>
                    entry(
                      `artist-${artist.id}`,
                      <Mic2 aria-hidden="true" className={iconClass} />,
                      artist.name,
                      'Artist',
                      `/artists/${encodeURIComponent(artist.slug)}`,
                    ),
                  )}
                </Command.Group>
              )}
              {results && results.tags.length > 0 && (
                <Command.Group heading="Tags">
                  {results.tags.map((tag) =>
                    entry(
                      `tag-${tag.id}`,
                      <Tag aria-hidden="true" className={iconClass} />,
                      tag.name,
                      'Tag',
                      `/tags/${encodeURIComponent(tag.name)}`,
                    ),
                  )}
                </Command.Group>
              )}
              {results && results.folders.length > 0 && (
                <Command.Group heading="Folders">
                  {results.folders.map((folder) =>
                    entry(
                      `folder-${folder.id}`,
                      <Folder aria-hidden="true" className={iconClass} />,
                      folder.name,
                      'Folder',
                      `/folders/${folder.id}`,
                    ),
                  )}
                </Command.Group>
              )}
              {results && results.genres.length > 0 && (
                <Command.Group heading="Genres">
                  {results.genres.map((genre) =>
                    entry(
                      `genre-${genre.id}`,
                      <Disc3 aria-hidden="true" className={iconClass} />,
                      genre.name,
                      'Genre',
                      `/genres/${encodeURIComponent(genre.name)}`,
                    ),
                  )}
                </Command.Group>
              )}
              <Command.Group heading="Go to and do">
                {PLACES.filter((place) => matches(place.name, text)).map((place) =>
                  entry(
                    `place-${place.path}`,
                    <LayoutDashboard aria-hidden="true" className={iconClass} />,
                    place.name,
                    'Screen',
                    place.path,
                  ),
                )}
                {matches('New folder', text) && (
                  <Command.Item
                    value="action-new-folder"
                    className={item}
                    onSelect={() => run(onNewFolder)}
                  >
                    <Plus aria-hidden="true" className={iconClass} />
                    <span className="flex-1">New folder</span>
                    <kbd className="text-xs text-gray-600 dark:text-gray-400">n</kbd>
                  </Command.Item>
                )}
                {matches('Keyboard shortcuts', text) && (
                  <Command.Item
                    value="action-shortcuts"
                    className={item}
                    onSelect={() => run(onShowShortcuts)}
                  >
                    <Keyboard aria-hidden="true" className={iconClass} />
                    <span className="flex-1">Keyboard shortcuts</span>
                    <kbd className="text-xs text-gray-600 dark:text-gray-400">?</kbd>
                  </Command.Item>
                )}
              </Command.Group>
            </Command.List>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A screen or action is offered while its name holds the typed text (any case). */
function matches(name: string, text: string) {
  return name.toLowerCase().includes(text.trim().toLowerCase());
}
