import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { folderQueries } from '../../api/folder-queries';
import { Button } from '../Button';
import { FolderChoice } from '../FolderChoice';
import { buildFolderTree } from '../folder-tree';
import { Modal } from '../Modal';
import { SMART_NO_ALBUMS, smartFolderReasons } from '../smart-folder-reasons';

interface BulkFolderDialogProps {
  mode: 'add_to_folder' | 'remove_from_folder';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  albums: string;
  onSubmit: (folder: { id: number; name: string }) => void;
  busy: boolean;
  error: string | null;
}

/** Asks for the folder to put every selected album in, or take them out of. */
export function BulkFolderDialog({
  mode,
  open,
  onOpenChange,
  albums,
  onSubmit,
  busy,
  error,
}: BulkFolderDialogProps) {
  const folders = useQuery({ ...folderQueries.list(), enabled: open });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const items = folders.data?.items ?? [];
  const tree = useMemo(() => buildFolderTree(items), [items]);
  const unavailable = useMemo(() => smartFolderReasons(items, SMART_NO_ALBUMS), [items]);
  const chosen = items.find((folder) => folder.id === selectedId);
  const adding = mode === 'add_to_folder';

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) setSelectedId(null);
        onOpenChange(next);
      }}
      title={adding ? `Add ${albums} to a folder` : `Remove ${albums} from a folder`}
    >
      <div className="space-y-4">
        <FolderChoice
          loading={folders.isPending}
          tree={tree}
          selectedId={selectedId}
          onSelect={setSelectedId}
          unavailable={unavailable}
        />
        <p role="alert" className="min-h-5 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
        <div className="flex justify-end gap-3">
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button
            variant="primary"
            disabled={busy || !chosen}
            onClick={() => chosen && onSubmit({ id: chosen.id, name: chosen.name })}
          >
            {busy ? 'Saving...' : adding ? 'Add to Folder' : 'Remove from Folder'}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
