import type { Folder } from '@gatefold/contract/folders';

export const SMART_NO_SUBFOLDERS = 'Smart folder: holds no subfolders';
export const SMART_NO_ALBUMS = 'Smart folder: fills itself from its rules';

/** The smart folders among `folders`, each with why a picker cannot choose it. */
export function smartFolderReasons(
  folders: readonly Folder[],
  reason: string,
): Map<number, string> {
  return new Map(
    folders.flatMap((folder) => (folder.query === null ? [] : [[folder.id, reason] as const])),
  );
}
