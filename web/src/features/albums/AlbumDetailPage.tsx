import type { AlbumDetail } from '@gatefold/contract/albums';
import { releaseYear } from '@gatefold/contract/release-year';
import type { TagRef } from '@gatefold/contract/tags';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeft, FolderPlus, RefreshCw, Trash, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { albumMutations, albumQueries } from '../../api/album-queries';
import { ApiError } from '../../api/api-error';
import { AddAlbumToFolderDialog } from '../../components/AddAlbumToFolderDialog';
import { AlbumCover } from '../../components/AlbumCover';
import { Button, buttonStyles } from '../../components/Button';
import { useOfferUndo } from '../../components/bulk/UndoBar';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { OpenInSpotifyLink } from '../../components/OpenInSpotifyLink';
import { chipTextColor, TagChip } from '../../components/TagChip';
import { AddTagDialog } from './AddTagDialog';
import { AlbumTracks } from './AlbumTracks';

/** An id from the address: a positive integer, or nothing to look up. */
function readAlbumId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** SPEC §2's album detail: the album, its tags, genres, tracks and folders. */
export function AlbumDetailPage() {
  const albumId = readAlbumId(useParams().id);
  const album = useQuery({
    ...albumQueries.detail(albumId ?? 0),
    enabled: albumId !== null,
  });

  if (albumId !== null && album.isPending) {
    return (
      <p role="status" className="py-12 text-center text-gray-700 dark:text-gray-300">
        Loading album...
      </p>
    );
  }
  if (albumId === null || !album.isSuccess) {
    return (
      <div className="py-12 text-center">
        <title>Album not found · Gatefold</title>
        <h1 className="text-xl font-semibold">Album not found.</h1>
        <Link to="/albums" className={`${buttonStyles('primary')} mt-4`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Albums
        </Link>
      </div>
    );
  }
  return <AlbumDetailView album={album.data} />;
}

type Confirming =
  | { kind: 'delete' }
  | { kind: 'remove-tag'; tag: TagRef }
  | { kind: 'remove-folder'; folder: { id: number; name: string } }
  | null;

function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = `section-${title.toLowerCase()}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** SPEC §9 said a delete cannot be undone; the Undo bar now takes one back (docs/decisions.md). */
export const UNDO_AFTER_DELETE = 'You can undo this from the bar that appears next.';

const emptyText = 'text-sm text-gray-700 dark:text-gray-300';

function AlbumDetailView({ album }: { album: AlbumDetail }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [addingTag, setAddingTag] = useState(false);
  const [addingToFolder, setAddingToFolder] = useState(false);
  const deleteAlbum = useMutation(albumMutations.delete());
  const refresh = useMutation(albumMutations.refresh());
  const offerUndo = useOfferUndo();
  const removeTag = useMutation(albumMutations.removeTag());
  const removeFromFolder = useMutation(albumMutations.removeFromFolder());

  const year = releaseYear(album.release_date);
  const trackCount = album.total_tracks ?? album.tracks.length;
  const closeConfirm = () => setConfirming(null);

  const confirmDelete = () =>
    deleteAlbum.mutate(album.id, {
      onSuccess: (result) => {
        offerUndo({ message: `Deleted "${album.name}".`, token: result.undo });
        void navigate('/albums');
      },
      // SPEC §8: the confirm dialog closes and the page stays.
      onError: closeConfirm,
    });

  return (
    <div className="space-y-6">
      <title>{`${album.name} · Gatefold`}</title>
      <Link
        to="/albums"
        className="inline-flex items-center gap-1 text-sm font-medium text-gray-700 hover:text-gray-900 dark:text-gray-300 dark:hover:text-white"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Albums
      </Link>

      <div className="flex flex-col gap-6 sm:flex-row">
        <AlbumCover
          src={album.image_url}
          alt={`Cover of ${album.name}`}
          eager
          className="w-48 shrink-0 rounded-2xl shadow-md sm:w-56"
        />
        <div className="flex min-w-0 flex-col gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{album.name}</h1>
          <p className="text-lg text-gray-800 dark:text-gray-200">{album.artist}</p>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {[year, `${trackCount} ${trackCount === 1 ? 'track' : 'tracks'}`]
              .filter((part) => part !== null)
              .join(' · ')}
          </p>
          <div className="mt-auto flex flex-wrap gap-3 pt-3">
            {album.spotify_url !== null && (
              <OpenInSpotifyLink url={album.spotify_url} className={buttonStyles('primary')}>
                Open in Spotify
              </OpenInSpotifyLink>
            )}
            {album.spotify_id !== null && (
              <Button onClick={() => refresh.mutate(album.id)} disabled={refresh.isPending}>
                <RefreshCw aria-hidden="true" className="size-4" />
                {refresh.isPending ? 'Refreshing...' : 'Refresh metadata'}
              </Button>
            )}
            <Button variant="danger" onClick={() => setConfirming({ kind: 'delete' })}>
              <Trash aria-hidden="true" className="size-4" />
              Delete Album
            </Button>
          </div>
          <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
            {refresh.isSuccess && 'Refreshed from the streaming service. Your corrections stay.'}
          </p>
          {refresh.error && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {refresh.error instanceof ApiError ? refresh.error.detail : refresh.error.message}
            </p>
          )}
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section
          title="Tags"
          action={
            <Button size="sm" onClick={() => setAddingTag(true)}>
              + Add Tag
            </Button>
          }
        >
          {album.tags.length === 0 ? (
            <p className={emptyText}>No tags yet.</p>
          ) : (
            <ul aria-label="Album tags" className="flex flex-wrap gap-2">
              {album.tags.map((tag) => (
                <li key={tag.id}>
                  <TagChip name={tag.name} color={tag.color}>
                    <button
                      type="button"
                      onClick={() => setConfirming({ kind: 'remove-tag', tag })}
                      aria-label={`Remove tag ${tag.name}`}
                      className="-mr-1 rounded-full p-0.5 hover:bg-black/15"
                      style={{ color: chipTextColor(tag.color) }}
                    >
                      <X aria-hidden="true" className="size-3.5" />
                    </button>
                  </TagChip>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section
          title="Genres"
          action={
            <Button size="sm" onClick={() => setAddingToFolder(true)}>
              <FolderPlus aria-hidden="true" className="size-4" />
              Add to Folder
            </Button>
          }
        >
          {album.genres.length === 0 ? (
            <p className={emptyText}>No genres for this album.</p>
          ) : (
            <ul aria-label="Album genres" className="flex flex-wrap gap-2">
              {album.genres.map((genre) => (
                <li key={genre.id}>
                  <Link
                    to={`/genres/${encodeURIComponent(genre.name)}`}
                    className="inline-flex rounded-full bg-gray-100 px-3 py-1 text-sm font-medium text-gray-800 hover:bg-indigo-100 hover:text-indigo-900 dark:bg-gray-800 dark:text-gray-200 dark:hover:bg-indigo-500/25 dark:hover:text-indigo-100"
                  >
                    {genre.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      <Section title="Tracks">
        <AlbumTracks tracks={album.tracks} />
      </Section>

      <Section title="Folders">
        {album.folders.length === 0 ? (
          <p className={emptyText}>This album is not in any folders.</p>
        ) : (
          <ul aria-label="Album folders" className="divide-y divide-gray-100 dark:divide-gray-800">
            {album.folders.map((folder) => (
              <li key={folder.id} className="flex flex-wrap items-center gap-3 py-2">
                <span className="min-w-0 flex-1 truncate font-medium">{folder.name}</span>
                <Link
                  to={`/folders/${folder.id}`}
                  aria-label={`View Folder ${folder.name}`}
                  className={buttonStyles('secondary', 'sm')}
                >
                  View Folder
                </Link>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove from ${folder.name}`}
                  onClick={() => setConfirming({ kind: 'remove-folder', folder })}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <AddTagDialog
        open={addingTag}
        onOpenChange={setAddingTag}
        albumId={album.id}
        attachedTagIds={album.tags.map((tag) => tag.id)}
      />
      <AddAlbumToFolderDialog
        open={addingToFolder}
        onOpenChange={setAddingToFolder}
        target={{
          albumId: album.id,
          albumName: album.name,
          inFolderIds: album.folders.map((folder) => folder.id),
        }}
      />

      <ConfirmDialog
        open={confirming?.kind === 'delete'}
        onOpenChange={(open) => !open && closeConfirm()}
        title="Delete Album"
        message={`Are you sure you want to delete "${album.name}"? ${UNDO_AFTER_DELETE}`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleteAlbum.isPending}
        destructive
        onConfirm={confirmDelete}
      />
      <ConfirmDialog
        open={confirming?.kind === 'remove-tag'}
        onOpenChange={(open) => !open && closeConfirm()}
        title="Remove Tag"
        message={
          confirming?.kind === 'remove-tag'
            ? `Remove the tag "${confirming.tag.name}" from "${album.name}"?`
            : ''
        }
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={removeTag.isPending}
        destructive
        onConfirm={() => {
          if (confirming?.kind !== 'remove-tag') return;
          removeTag.mutate({ albumId: album.id, tag: confirming.tag }, { onSettled: closeConfirm });
        }}
      />
      <ConfirmDialog
        open={confirming?.kind === 'remove-folder'}
        onOpenChange={(open) => !open && closeConfirm()}
        title="Remove from Folder"
        message={
          confirming?.kind === 'remove-folder'
            ? `Remove "${album.name}" from the folder "${confirming.folder.name}"? The album stays in your collection.`
            : ''
        }
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={removeFromFolder.isPending}
        destructive
        onConfirm={() => {
          if (confirming?.kind !== 'remove-folder') return;
          removeFromFolder.mutate(
            { albumId: album.id, folderId: confirming.folder.id },
            { onSettled: closeConfirm },
          );
        }}
      />
    </div>
  );
}
