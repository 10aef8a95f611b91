import { FolderPickerTree } from './FolderPickerTree';
import type { FolderNode } from './folder-tree';

interface FolderChoiceProps {
  /** The folders are still on their way. */
  loading: boolean;
  tree: readonly FolderNode[];
  selectedId: number | null;
  onSelect: (folderId: number) => void;
  unavailable: ReadonlyMap<number, string>;
}

/** The folder tree to pick one folder from, with its loading and empty states (SPEC §8). */
export function FolderChoice({
  loading,
  tree,
  selectedId,
  onSelect,
  unavailable,
}: FolderChoiceProps) {
  if (loading)
    return (
      <p role="status" className="py-6 text-center text-sm text-gray-700 dark:text-gray-300">
        Loading folders...
      </p>
    );
  if (tree.length === 0)
    return (
      <p className="py-6 text-center text-sm text-gray-700 dark:text-gray-300">
        No folders available. Create a folder first.
      </p>
    );
  return (
    <FolderPickerTree
      nodes={tree}
      selectedId={selectedId}
      onSelect={onSelect}
      label="Folders"
      unavailable={unavailable}
      className="max-h-[20rem] overflow-y-auto rounded-lg border border-gray-200 p-1 dark:border-gray-800"
    />
  );
}
