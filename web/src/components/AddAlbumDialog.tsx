import type { CatalogueSearchItem } from '@gatefold/contract/catalogue';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Check, Plus, Search } from 'lucide-react';
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { type AlbumToAdd, albumMutations, albumQueries } from '../api/album-queries';
import { AlbumCover } from './AlbumCover';
import { Button } from './Button';
import { Modal } from './Modal';

/** SPEC §9: hits asked for from the add-album dialog. */
export const ADD_ALBUM_SEARCH_LIMIT = 10;

interface AddAlbumDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** SPEC §2: search the streaming catalogue and add albums to the collection. */
export function AddAlbumDialog({ open, onOpenChange }: AddAlbumDialogProps) {
  const searchRef = useRef<HTMLInputElement>(null);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Add Album"
      description="Search the streaming service and add albums to your collection."
      closeOnBackdrop
      initialFocusRef={searchRef}
      size="lg"
    >
      <CatalogueSearch searchRef={searchRef} />
    </Modal>
  );
}

/** Hit → what POST /v1/albums/ is sent; the server fetches the whole album itself. */
export function albumToAdd(item: CatalogueSearchItem): AlbumToAdd {
  return {
    spotify_id: item.id,
    name: item.name,
    artist: item.artists.map((artist) => artist.name).join(', '),
    image_url: item.images[0]?.url ?? null,
    spotify_url: item.external_urls.spotify,
    release_date: item.release_date,
    total_tracks: item.total_tracks,
  };
}

/** The smallest cover that still fills a 64px thumbnail sharply. */
function thumbnailOf(item: CatalogueSearchItem): string | null {
  const fitting = [...item.images]
    .filter((image) => (image.width ?? 0) >= 128)
    .sort((a, b) => (a.width ?? 0) - (b.width ?? 0));
  return fitting[0]?.url ?? item.images[0]?.url ?? null;
}

function CatalogueSearch({ searchRef }: { searchRef: RefObject<HTMLInputElement | null> }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const results = useQuery({
    ...albumQueries.catalogueSearch(query, ADD_ALBUM_SEARCH_LIMIT),
    // SPEC §5: the catalogue is searched only for a non-empty query.
    enabled: query !== '',
  });
  const add = useMutation(albumMutations.add());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed === '') return;
    if (trimmed === query) void results.refetch();
    else setQuery(trimmed);
  };

  const searching = results.isFetching;
  // SPEC §8: a failed search empties the list.
  const items = query !== '' && results.isSuccess ? results.data.albums.items : [];

  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="flex gap-2">
        <label htmlFor="add-album-search" className="sr-only">
          Search albums
        </label>
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500"
          />
          <input
            id="add-album-search"
            ref={searchRef}
            type="search"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              // SPEC §5: clearing the query clears the results.
              if (event.target.value.trim() === '') setQuery('');
            }}
            placeholder="Search for albums or artists..."
            autoComplete="off"
            className="w-full rounded-lg border border-gray-300 bg-white py-2 pr-3 pl-9 text-sm text-gray-900 placeholder:text-gray-500 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-100 dark:placeholder:text-gray-400"
          />
        </div>
        <Button type="submit" variant="primary" disabled={text.trim() === '' || searching}>
          {searching ? 'Searching...' : 'Search'}
        </Button>
      </form>

      <div aria-live="polite">
        {query !== '' && results.isSuccess && items.length === 0 && (
          <p className="py-6 text-center text-sm text-gray-700 dark:text-gray-300">
            No albums found. Try a different search term.
          </p>
        )}
      </div>
      {items.length > 0 && (
        <ul
          aria-label="Search results"
          className="max-h-[16rem] divide-y divide-gray-100 overflow-y-auto rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800"
        >
          {items.map((item) => {
            const adding = add.isPending && add.variables?.spotify_id === item.id;
            return (
              <li key={item.id} className="flex items-center gap-3 p-2">
                <AlbumCover
                  src={thumbnailOf(item)}
                  alt=""
                  className="size-14 shrink-0 rounded-md"
                />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{item.name}</p>
                  <p className="truncate text-sm text-gray-700 dark:text-gray-300">
                    {item.artists.map((artist) => artist.name).join(', ')}
                  </p>
                  <p className="text-xs text-gray-600 dark:text-gray-400">
                    {item.release_date} · {item.total_tracks}{' '}
                    {item.total_tracks === 1 ? 'track' : 'tracks'}
                  </p>
                </div>
                {item.in_collection ? (
                  <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-green-100 px-2.5 py-1 text-xs font-semibold text-green-800 dark:bg-green-900/50 dark:text-green-200">
                    <Check aria-hidden="true" className="size-3.5" />
                    In Collection
                  </span>
                ) : (
                  <Button
                    size="sm"
                    variant="primary"
                    disabled={adding}
                    aria-label={`Add ${item.name} to your collection`}
                    onClick={() => add.mutate(albumToAdd(item))}
                  >
                    <Plus aria-hidden="true" className="size-4" />
                    {adding ? 'Adding...' : 'Add'}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
