import type { Folder } from '@gatefold/contract/folders';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FolderPlus, Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { folderMutations, folderQueries } from '../../api/folder-queries';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FolderFormDialog } from '../../components/FolderFormDialog';
import { buildFolderTree, type FolderNode } from '../../components/folder-tree';
import { PageHeader } from '../../components/PageHeader';
import { FolderTree } from './FolderTree';
import { NEW_FOLDER_STATE } from './new-folder-state';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; folder: Folder }
  | { kind: 'delete'; folder: Folder }
  | null;

/** SPEC §2's folders list: the whole folder tree, to arrange by drag and drop. */
export function FoldersPage() {
  const folders = useQuery(folderQueries.list());
  const reorder = useMutation(folderMutations.reorder());
  const remove = useMutation(folderMutations.delete());
  const [dialog, setDialog] = useState<Dialog>(null);
  // The tree as dropped, shown until the reloaded list arrives so the row does not jump back.
  const [moved, setMoved] = useState<FolderNode[] | null>(null);

  const tree = useMemo(() => buildFolderTree(folders.data?.items ?? []), [folders.data]);
  const shownTree = reorder.isPending && moved !== null ? moved : tree;
  const close = () => setDialog(null);

  // `n` (or the palette's New folder) arrives here asking for the New Folder dialog; the request
  // is taken off the history entry so that going back does not open it again.
  const location = useLocation();
  const navigate = useNavigate();
  const askedForNewFolder =
    typeof location.state === 'object' &&
    location.state !== null &&
    'newFolder' in location.state &&
    location.state.newFolder === NEW_FOLDER_STATE.newFolder;
  useEffect(() => {
    if (!askedForNewFolder) return;
    setDialog({ kind: 'create' });
    void navigate('.', { replace: true, state: null });
  }, [askedForNewFolder, navigate]);

  return (
    <div>
      <PageHeader
        title="Folders"
        subtitle="Organise your albums into nested folders."
        actions={
          <Button variant="primary" onClick={() => setDialog({ kind: 'create' })}>
            <Plus aria-hidden="true" className="size-4" />
            New Folder
          </Button>
        }
      />

      <section
        aria-labelledby="your-folders"
        className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900"
      >
        <h2 id="your-folders" className="mb-4 text-lg font-semibold">
          Your Folders
        </h2>
        {folders.isPending ? (
          <p role="status" className="py-8 text-center text-gray-700 dark:text-gray-300">
            Loading folders...
          </p>
        ) : tree.length === 0 ? (
          <div className="py-8 text-center text-gray-700 dark:text-gray-300">
            <FolderPlus aria-hidden="true" className="mx-auto mb-3 size-10 text-gray-400" />
            <p>No folders yet. Create your first folder to get started!</p>
            <Button
              variant="primary"
              className="mt-4"
              onClick={() => setDialog({ kind: 'create' })}
            >
              Create Folder
            </Button>
          </div>
        ) : (
          <FolderTree
            nodes={shownTree}
            label="Folders"
            onEdit={(folder) => setDialog({ kind: 'edit', folder })}
            onDelete={(folder) => setDialog({ kind: 'delete', folder })}
            onReorder={(items, movedTree) => {
              if (reorder.isPending) return;
              setMoved(movedTree);
              reorder.mutate({ items });
            }}
          />
        )}
      </section>

      <FolderFormDialog
        open={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        onOpenChange={(open) => !open && close()}
        folder={dialog?.kind === 'edit' ? dialog.folder : undefined}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={(open) => !open && close()}
        title="Delete Folder"
        message={
          dialog?.kind === 'delete'
            ? `Are you sure you want to delete "${dialog.folder.name}"? Its subfolders move up to its parent folder, and its albums stay in your collection.`
            : ''
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        destructive
        onConfirm={() => {
          if (dialog?.kind !== 'delete') return;
          // SPEC §8: a failure is only logged; the dialog closes either way.
          remove.mutate(dialog.folder.id, { onSettled: close });
        }}
      />
    </div>
  );
}
