import type { AlbumSummary } from '@gatefold/contract/albums';
import type { FolderDetail } from '@gatefold/contract/folders';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeft, ChevronRight, Pencil, Plus, X } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { albumMutations } from '../../api/album-queries';
import { folderQueries } from '../../api/folder-queries';
import { AddAlbumToFolderDialog } from '../../components/AddAlbumToFolderDialog';
import { AlbumGrid } from '../../components/AlbumGrid';
import { Button, buttonStyles } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FolderFormDialog } from '../../components/FolderFormDialog';
import { FolderKindIcon } from '../../components/FolderKindIcon';
import { buildFolderTree, type FolderNode, subtreeOf } from '../../components/folder-tree';
import { FolderTree } from './FolderTree';

/** SPEC §5: a folder id from the address is parsed as an integer; anything else is not found. */
function readFolderId(value: string | undefined): number | null {
  const id = Number.parseInt(value ?? '', 10);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** SPEC §2: the created date in long form, e.g. November 22, 2026. */
function longDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** SPEC §2's folder detail: the folder, its albums and its subfolders. */
export function FolderDetailPage() {
  const folderId = readFolderId(useParams().id);
  const folder = useQuery({ ...folderQueries.detail(folderId ?? 0), enabled: folderId !== null });

  if (folderId !== null && folder.isPending) {
    return (
      <p role="status" className="py-12 text-center text-gray-700 dark:text-gray-300">
        Loading folder...
      </p>
    );
  }
  // SPEC §8: not found only when no folder was loaded (a failed reload keeps the one shown).
  if (folderId === null || folder.data === undefined) {
    return (
      <div className="py-12 text-center">
        <title>Folder not found · Gatefold</title>
        <h1 className="text-xl font-semibold">Folder not found.</h1>
        <Link to="/folders" className={`${buttonStyles('primary')} mt-4`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Folders
        </Link>
      </div>
    );
  }
  // Keyed by id: another folder in the address starts with its own dialogs closed.
  return <FolderDetailView key={folderId} folder={folder.data} />;
}

type Dialog = 'add-albums' | 'edit' | { remove: AlbumSummary } | null;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id={id} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function FolderDetailView({ folder }: { folder: FolderDetail }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const removeFromFolder = useMutation(albumMutations.removeFromFolder());
  const folders = useQuery(folderQueries.list());
  const close = () => setDialog(null);
  const albumsPage = useMemo(() => folderQueries.albums(folder.id), [folder.id]);

  // The subfolders with their own subfolders, from the full list; until it loads, the direct
  // children the folder came with.
  const subfolders = useMemo((): FolderNode[] => {
    const fromList = folders.data
      ? subtreeOf(buildFolderTree(folders.data.items), folder.id)
      : null;
    return (
      fromList ?? buildFolderTree(folder.children.map((child) => ({ ...child, parent_id: null })))
    );
  }, [folders.data, folder.id, folder.children]);

  const count = folder.album_count;
  const smart = folder.query !== null;
  const removing = typeof dialog === 'object' && dialog !== null ? dialog.remove : null;

  return (
    <div className="space-y-6">
      <title>{`${folder.name} · Gatefold`}</title>
      <Link
        to="/folders"
        aria-label="Back to Folders"
        className="inline-flex items-center gap-1 text-sm font-medium text-gray-700 hover:text-gray-900 dark:text-gray-300 dark:hover:text-white"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Folders
      </Link>

      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-2xl bg-indigo-50 text-indigo-600 shadow-sm dark:bg-indigo-500/15 dark:text-indigo-300">
          {folder.image_url ? (
            <img src={folder.image_url} alt="" className="size-full object-cover" />
          ) : (
            <FolderKindIcon folder={folder} className="size-12" />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          {folder.ancestors.length > 0 && (
            <nav aria-label="Breadcrumb">
              <ol className="flex flex-wrap items-center gap-1 text-sm text-gray-600 dark:text-gray-400">
                {folder.ancestors.map((ancestor) => (
                  <li key={ancestor.id} className="flex items-center gap-1">
                    <Link
                      to={`/folders/${ancestor.id}`}
                      className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                    >
                      {ancestor.name}
                    </Link>
                    <ChevronRight aria-hidden="true" className="size-4" />
                  </li>
                ))}
                <li aria-current="page" className="text-gray-800 dark:text-gray-200">
                  {folder.name}
                </li>
              </ol>
            </nav>
          )}
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
            {folder.name}
          </h1>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {count} {count === 1 ? 'album' : 'albums'} · Created {longDate(folder.created_at)}
          </p>
          {folder.query !== null && (
            <p className="text-sm text-gray-800 dark:text-gray-200">
              Smart folder: holds the albums that match{' '}
              <code className="rounded bg-gray-100 px-1 font-mono dark:bg-gray-800">
                {folder.query}
              </code>
            </p>
          )}
          {folder.description ? (
            <p className="whitespace-pre-line text-gray-800 dark:text-gray-200">
              {folder.description}
            </p>
          ) : (
            <p className="text-gray-600 dark:text-gray-400">
              No description provided.{' '}
              <button
                type="button"
                onClick={() => setDialog('edit')}
                className="font-medium text-indigo-700 underline hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-100"
              >
                Add one?
              </button>
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {!smart && (
            <Button variant="primary" onClick={() => setDialog('add-albums')}>
              <Plus aria-hidden="true" className="size-4" />
              Add Album
            </Button>
          )}
          <Button onClick={() => setDialog('edit')}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Button>
        </div>
      </div>

      <Section id="folder-albums" title="Albums in this Folder">
        <AlbumGrid
          pageQuery={albumsPage}
          label="Albums in this folder"
          showFilter
          selectionScope={{ folder_id: folder.id }}
          emptyState={
            smart ? (
              <p>No albums match this smart folder's rules yet.</p>
            ) : (
              <div>
                <p>No albums in this folder yet.</p>
                <Button variant="primary" className="mt-4" onClick={() => setDialog('add-albums')}>
                  Add Albums
                </Button>
              </div>
            )
          }
          albumAction={
            smart
              ? undefined
              : (album) => (
                  <button
                    type="button"
                    onClick={() => setDialog({ remove: album })}
                    aria-label={`Remove ${album.name} from folder`}
                    title="Remove from folder"
                    className="rounded-full bg-white/90 p-1.5 text-gray-800 shadow hover:bg-red-700 hover:text-white dark:bg-gray-900/90 dark:text-gray-100 dark:hover:bg-red-700"
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                )
          }
        />
      </Section>

      <Section id="folder-subfolders" title="Subfolders">
        {subfolders.length === 0 ? (
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {smart ? 'A smart folder holds no subfolders.' : 'No subfolders.'}
          </p>
        ) : (
          <FolderTree nodes={subfolders} label="Subfolders" readOnly />
        )}
      </Section>

      <AddAlbumToFolderDialog
        open={dialog === 'add-albums'}
        onOpenChange={(open) => !open && close()}
        target={{ folderId: folder.id, folderName: folder.name }}
      />
      <FolderFormDialog
        open={dialog === 'edit'}
        onOpenChange={(open) => !open && close()}
        folder={folder}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && close()}
        title="Remove Album from Folder"
        message={
          removing
            ? `Remove "${removing.name}" from "${folder.name}"? The album itself will not be deleted.`
            : ''
        }
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={removeFromFolder.isPending}
        destructive
        onConfirm={() => {
          if (removing === null) return;
          removeFromFolder.mutate(
            { albumId: removing.id, folderId: folder.id },
            { onSettled: close },
          );
        }}
      />
    </div>
  );
}
