import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { AddAlbumToFolderDialog } from '../../components/AddAlbumToFolderDialog';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';

// The full folder screen (SPEC §2 "Folder detail") is still to come; for now the page offers the
// add-album dialog in folder mode, which the album screens already share.
export function FolderDetailPage() {
  const { id = '' } = useParams();
  // SPEC §5: a folder id from the address is parsed as an integer.
  const folderId = Number.parseInt(id, 10);
  const [adding, setAdding] = useState(false);
  const known = Number.isSafeInteger(folderId) && folderId > 0;
  return (
    <div>
      <PageHeader
        title={`Folder ${id}`}
        actions={
          known ? (
            <Button variant="primary" onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" className="size-4" />
              Add Album
            </Button>
          ) : undefined
        }
      />
      {known && (
        <AddAlbumToFolderDialog open={adding} onOpenChange={setAdding} target={{ folderId }} />
      )}
    </div>
  );
}
