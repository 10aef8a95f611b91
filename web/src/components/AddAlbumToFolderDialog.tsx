import type { CatalogueSearchItem } from '@gatefold/contract/catalogue';
import { releaseYear } from '@gatefold/contract/release-year';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Plus, Search } from 'lucide-react';
import { type FormEvent, type RefObject, useMemo, useRef, useState } from 'react';
import { albumMutations, albumQueries } from '../api/album-queries';
import { folderQueries } from '../api/folder-queries';
import { AlbumCover } from './AlbumCover';
import { Button } from './Button';
import { FolderChoice } from './FolderChoice';
import { buildFolderTree } from './folder-tree';
import { Modal } from './Modal';
import { SMART_NO_ALBUMS, smartFolderReasons } from './smart-folder-reasons';
import { useDebouncedValue } from './useDebouncedValue';

/** SPEC §9: the folder dialog's search waits this long after typing. */
export const FOLDER_SEARCH_DEBOUNCE_MS = 300;
/** SPEC §9: albums asked of the collection, and hits of the catalogue, per folder search. */
export const FOLDER_SEARCH_COLLECTION_LIMIT = 50;
export const FOLDER_SEARCH_CATALOGUE_LIMIT = 20;

/** Folder mode: albums go into a known folder. Album mode: a known album goes into a folder. */
export type AddToFolderTarget =
  | { folderId: number; folderName?: string }
  | { albumId: number; albumName: string; inFolderIds?: readonly number[] };

interface AddAlbumToFolderDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: AddToFolderTarget;
}

/** SPEC §2's add album to folder dialog, in either of its two modes. */
export function AddAlbumToFolderDialog({
  open,
  onOpenChange,
  target,
}: AddAlbumToFolderDialogProps) {
  const searchRef = useRef<HTMLInputElement>(null);
  if ('folderId' in target) {
    return (
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        title={target.folderName ? `Add Albums to ${target.folderName}` : 'Add Albums to Folder'}
        description="Search your collection and the streaming service."
        closeOnBackdrop
        initialFocusRef={searchRef}
        size="lg"
      >
        <FolderModeSearch folderId={target.folderId} searchRef={searchRef} />
      </Modal>
    );
  }
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Add to Folder"
      description={`Choose a folder for ${target.albumName}.`}
      closeOnBackdrop
    >
      <AlbumModePicker
        albumId={target.albumId}
        inFolderIds={target.inFolderIds ?? []}
        onDone={() => onOpenChange(false)}
      />
    </Modal>
  );
}

/** A search hit: an album of the collection (it has an id) or one only the service has. */
interface Candidate {
  key: string;
  name: string;
  artist: string;
  imageUrl: string | null;
  year: string | null;
  albumId: number | null;
  streaming: CatalogueSearchItem | null;
}

function FolderModeSearch({
  folderId,
  searchRef,
}: {
  folderId: number;
  searchRef: RefObject<HTMLInputElement | null>;
}) {
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const debounced = useDebouncedValue(text.trim(), FOLDER_SEARCH_DEBOUNCE_MS);
  // The button searches at once; typing searches once it pauses. A blank query does nothing.
  const term = submitted ?? debounced;
  const [done, setDone] = useState<ReadonlySet<string>>(new Set());
  const [busyKey, setBusyKey] = useState<string | null>(null);

  const collection = useQuery({
    ...albumQueries.list({ limit: FOLDER_SEARCH_COLLECTION_LIMIT, offset: 0, q: term }),
    enabled: term !== '',
  });
  const catalogue = useQuery({
    ...albumQueries.catalogueSearch(term, FOLDER_SEARCH_CATALOGUE_LIMIT),
    enabled: term !== '',
  });
  const addAlbum = useMutation(albumMutations.add());
  const addToFolder = useMutation(albumMutations.addToFolder());

  const candidates = useMemo(() => {
    const rows = new Map<string, Candidate>();
    for (const album of collection.data?.items ?? []) {
      rows.set(`album-${album.id}`, {
        key: `album-${album.id}`,
        name: album.name,
        artist: album.artist,
        imageUrl: album.image_url,
        year: releaseYear(album.release_date),
        albumId: album.id,
        streaming: null,
      });
    }
    for (const item of catalogue.data?.albums.items ?? []) {
      const key =
        item.collection_id !== null ? `album-${item.collection_id}` : `spotify-${item.id}`;
      if (rows.has(key)) continue;
      rows.set(key, {
        key,
        name: item.name,
        artist: item.artists.map((artist) => artist.name).join(', '),
        imageUrl: item.images[0]?.url ?? null,
        year: releaseYear(item.release_date),
        albumId: item.collection_id,
        streaming: item,
      });
    }
    return [...rows.values()];
  }, [collection.data, catalogue.data]);
  const shown = candidates.filter((candidate) => !done.has(candidate.key));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed === '') return; // SPEC §5: a blank folder search does nothing
    setSubmitted(trimmed);
  };

  /** SPEC §4: a streaming-only album is created first, then filed, then taken off the list. */
  const add = async (candidate: Candidate) => {
    setBusyKey(candidate.key);
    try {
      let albumId = candidate.albumId;
      if (albumId === null && candidate.streaming !== null) {
        const item = candidate.streaming;
        const created = await addAlbum.mutateAsync({
          spotify_id: item.id,
          name: item.name,
          artist: candidate.artist,
          image_url: candidate.imageUrl,
          spotify_url: item.external_urls.spotify,
        });
        albumId = created.id;
      }
      if (albumId === null) return;
      await addToFolder.mutateAsync({ albumId, folderId });
      setDone((current) => new Set(current).add(candidate.key).add(`album-${albumId}`));
    } catch {
      // Logged by the shared error path; the row stays so it can be tried again (SPEC §8).
    } finally {
      setBusyKey(null);
    }
  };

  const searching = term !== '' && (collection.isFetching || catalogue.isFetching);
  const settled = term !== '' && !collection.isPending && !catalogue.isPending;

  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="flex gap-2">
        <label htmlFor="folder-album-search" className="sr-only">
          Search albums
        </label>
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500"
          />
          <input
            id="folder-album-search"
            ref={searchRef}
            type="search"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setSubmitted(null);
            }}
            placeholder="Search by album or artist..."
            autoComplete="off"
            className="w-full rounded-lg border border-gray-300 bg-white py-2 pr-3 pl-9 text-sm text-gray-900 placeholder:text-gray-500 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-100 dark:placeholder:text-gray-400"
          />
        </div>
        <Button type="submit" variant="primary" disabled={text.trim() === ''}>
          Search Albums
        </Button>
      </form>

      <div aria-live="polite" className="text-center text-sm text-gray-700 dark:text-gray-300">
        {searching && shown.length === 0 && <p className="py-6">Searching your albums...</p>}
        {settled && !searching && shown.length === 0 && (
          <p className="py-6">No albums found. Try a different search term.</p>
        )}
      </div>

      {shown.length > 0 && (
        <ul
          aria-label="Albums found"
          aria-busy={searching}
          className="max-h-[20rem] divide-y divide-gray-100 overflow-y-auto rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800"
        >
          {shown.map((candidate) => (
            <li key={candidate.key} className="flex items-center gap-3 p-2">
              <AlbumCover src={candidate.imageUrl} alt="" className="size-12 shrink-0 rounded-md" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{candidate.name}</p>
                <p className="truncate text-sm text-gray-700 dark:text-gray-300">
                  {candidate.artist}
                  {candidate.year !== null && ` · ${candidate.year}`}
                </p>
                <p className="text-xs text-gray-600 dark:text-gray-400">
                  {candidate.albumId !== null ? 'In your collection' : 'From the streaming service'}
                </p>
              </div>
              <Button
                size="sm"
                variant="primary"
                disabled={busyKey !== null}
                aria-label={`Add ${candidate.name} to the folder`}
                onClick={() => void add(candidate)}
              >
                <Plus aria-hidden="true" className="size-4" />
                {busyKey === candidate.key ? 'Adding...' : 'Add'}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AlbumModePicker({
  albumId,
  inFolderIds,
  onDone,
}: {
  albumId: number;
  inFolderIds: readonly number[];
  onDone: () => void;
}) {
  const folders = useQuery(folderQueries.list());
  const addToFolder = useMutation(albumMutations.addToFolder());
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const tree = useMemo(() => buildFolderTree(folders.data?.items ?? []), [folders.data]);
  const unavailable = useMemo(() => {
    const reasons = smartFolderReasons(folders.data?.items ?? [], SMART_NO_ALBUMS);
    for (const id of inFolderIds) reasons.set(id, 'Already added');
    return reasons;
  }, [inFolderIds, folders.data]);

  const submit = () => {
    if (selectedId === null) return;
    // A failure is logged by the shared error path and the dialog stays open (SPEC §8).
    addToFolder.mutate({ albumId, folderId: selectedId }, { onSuccess: onDone });
  };

  return (
    <div className="space-y-4">
      <FolderChoice
        loading={folders.isPending}
        tree={tree}
        selectedId={selectedId}
        onSelect={setSelectedId}
        unavailable={unavailable}
      />
      <div className="flex justify-end gap-3">
        <Button onClick={onDone}>Cancel</Button>
        <Button
          variant="primary"
          disabled={selectedId === null || addToFolder.isPending}
          onClick={submit}
        >
          {addToFolder.isPending ? 'Adding...' : 'Add to Folder'}
        </Button>
      </div>
    </div>
  );
}
