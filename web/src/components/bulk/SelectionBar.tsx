import type { BulkAction, BulkChange, BulkScope } from '@gatefold/contract/bulk';
import { useMutation } from '@tanstack/react-query';
import { FolderMinus, FolderPlus, Tag, TagsIcon, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '../../api/api-error';
import { bulkMutations } from '../../api/bulk-queries';
import { Button } from '../Button';
import { ConfirmDialog } from '../ConfirmDialog';
import { useShortcuts } from '../useShortcuts';
import { BulkFolderDialog } from './BulkFolderDialog';
import { BulkTagDialog } from './BulkTagDialog';
import { albumCount, describeBulkChange, selectedCount } from './bulk-messages';
import { useOfferUndo } from './UndoBar';
import type { AlbumSelection } from './useAlbumSelection';

interface SelectionBarProps {
  selection: AlbumSelection;
  /** The list's full count, and the ids on the page shown. */
  total: number;
  pageIds: readonly number[];
  /** What "all matching" means here: the list's filter, and its scope (a folder, tag...). */
  query: string;
  scope?: BulkScope;
}

type OpenDialog = BulkAction | null;

/**
 * The actions on the selected albums: add or remove a tag, add to or remove from a folder,
 * delete. Each is one change on the server, offered for undo once made.
 */
export function SelectionBar({ selection, total, pageIds, query, scope }: SelectionBarProps) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const apply = useMutation(bulkMutations.apply());
  const offerUndo = useOfferUndo();
  const count = selection.count(total);
  const albums = albumCount(count);
  const pageSelected = pageIds.every((id) => selection.isSelected(id));

  useShortcuts(
    { t: () => openDialog('tag'), Escape: () => selection.clear() },
    { enabled: count > 0 },
  );

  const selected = (): Pick<BulkChange, 'albums' | 'query' | 'within'> =>
    selection.allMatching
      ? { query, ...(scope ? { within: scope } : {}) }
      : { albums: [...selection.ids] };

  const run = (change: BulkChange, target?: string) => {
    apply.mutate(change, {
      onSuccess: (result) => {
        setDialog(null);
        offerUndo({
          message: describeBulkChange(change.action, result.affected, target),
          token: result.undo,
        });
        if (change.action === 'delete') selection.clear();
      },
    });
  };
  const error =
    apply.error instanceof ApiError ? apply.error.detail : apply.error ? apply.error.message : null;
  const openDialog = (action: BulkAction) => {
    apply.reset();
    setDialog(action);
  };
  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };

  if (count === 0) return null;
  return (
    <section
      aria-label="Selection"
      className="sticky top-2 z-20 flex flex-wrap items-center gap-2 rounded-xl border border-indigo-200 bg-indigo-50 px-3 py-2 shadow-sm dark:border-indigo-900 dark:bg-indigo-950"
    >
      <p aria-live="polite" className="mr-2 text-sm font-semibold">
        {selectedCount(count)}
      </p>
      {!selection.allMatching && !pageSelected && (
        <Button size="sm" variant="ghost" onClick={() => selection.selectPage(pageIds)}>
          Select page
        </Button>
      )}
      {!selection.allMatching && total > count && (
        <Button size="sm" variant="ghost" onClick={() => selection.selectAllMatching()}>
          Select all {total.toLocaleString('en-US')} matching
        </Button>
      )}
      <div className="ml-auto flex flex-wrap gap-2">
        <Button size="sm" onClick={() => openDialog('tag')} aria-keyshortcuts="t">
          <Tag aria-hidden="true" className="size-4" /> Add tag
        </Button>
        <Button size="sm" onClick={() => openDialog('untag')}>
          <TagsIcon aria-hidden="true" className="size-4" /> Remove tag
        </Button>
        <Button size="sm" onClick={() => openDialog('add_to_folder')}>
          <FolderPlus aria-hidden="true" className="size-4" /> Add to folder
        </Button>
        <Button size="sm" onClick={() => openDialog('remove_from_folder')}>
          <FolderMinus aria-hidden="true" className="size-4" /> Remove from folder
        </Button>
        <Button size="sm" variant="danger" onClick={() => openDialog('delete')}>
          <Trash2 aria-hidden="true" className="size-4" /> Delete
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => selection.clear()}
          aria-keyshortcuts="Escape"
        >
          <X aria-hidden="true" className="size-4" /> Clear
        </Button>
      </div>

      {(dialog === 'tag' || dialog === 'untag') && (
        <BulkTagDialog
          mode={dialog}
          open
          onOpenChange={closeDialog}
          albums={albums}
          busy={apply.isPending}
          error={error}
          onSubmit={(tag) => run({ ...selected(), action: dialog, tag }, tag)}
        />
      )}
      {(dialog === 'add_to_folder' || dialog === 'remove_from_folder') && (
        <BulkFolderDialog
          mode={dialog}
          open
          onOpenChange={closeDialog}
          albums={albums}
          busy={apply.isPending}
          error={error}
          onSubmit={(folder) =>
            run({ ...selected(), action: dialog, folder_id: folder.id }, folder.name)
          }
        />
      )}
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={closeDialog}
        title="Delete albums"
        message={
          <>
            Delete {albums} from your collection? Their tags and folders go with them; you can undo
            it right after.
            {error && <span className="mt-2 block text-red-700 dark:text-red-400">{error}</span>}
          </>
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={apply.isPending}
        destructive
        onConfirm={() => run({ ...selected(), action: 'delete' })}
      />
    </section>
  );
}
