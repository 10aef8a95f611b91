import type { Folder } from '@gatefold/contract/folders';
import { Folder as FolderIcon, FolderSearch } from 'lucide-react';

/** A folder's icon; a smart folder's is distinct, and named for those who cannot see it. */
export function FolderKindIcon({
  folder,
  className,
}: {
  folder: Pick<Folder, 'query'>;
  className: string;
}) {
  if (folder.query === null) return <FolderIcon aria-hidden="true" className={className} />;
  return <FolderSearch role="img" aria-label="Smart folder" className={className} />;
}
