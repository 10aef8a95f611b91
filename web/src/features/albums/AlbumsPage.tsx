import { parseAlbumQuery } from '@gatefold/contract/album-query';
import { FolderSearch, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { albumQueries } from '../../api/album-queries';
import { AddAlbumDialog } from '../../components/AddAlbumDialog';
import { AlbumGrid } from '../../components/AlbumGrid';
import { Button } from '../../components/Button';
import { FolderFormDialog } from '../../components/FolderFormDialog';
import { PageHeader } from '../../components/PageHeader';

/** SPEC §2's albums list: the whole collection in the album grid, with its filter box. */
export function AlbumsPage() {
  const [adding, setAdding] = useState(false);
  const [savingQuery, setSavingQuery] = useState(false);
  const openAdd = () => setAdding(true);
  // The grid keeps its filter in the address; a query that reads can be kept as a smart folder.
  const [searchParams] = useSearchParams();
  const filter = searchParams.get('q')?.trim() ?? '';
  const savable = filter !== '' && parseAlbumQuery(filter).ok;
  return (
    <div>
      <PageHeader
        title="Albums"
        subtitle="Every album in your collection."
        actions={
          <>
            {savable && (
              <Button onClick={() => setSavingQuery(true)}>
                <FolderSearch aria-hidden="true" className="size-4" />
                Save as smart folder
              </Button>
            )}
            <Button variant="primary" onClick={openAdd}>
              <Plus aria-hidden="true" className="size-4" />
              Add Album
            </Button>
          </>
        }
      />
      <section
        aria-labelledby="your-albums-heading"
        className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900"
      >
        <h2 id="your-albums-heading" className="mb-4 text-lg font-semibold">
          Your Albums
        </h2>
        <AlbumGrid
          pageQuery={albumQueries.list}
          label="Your albums"
          showFilter
          emptyState={
            <div className="space-y-4">
              <p>No albums yet. Start by adding some from the streaming service!</p>
              <Button variant="primary" onClick={openAdd}>
                <Plus aria-hidden="true" className="size-4" />
                Add Album
              </Button>
            </div>
          }
        />
      </section>
      <AddAlbumDialog open={adding} onOpenChange={setAdding} />
      <FolderFormDialog open={savingQuery} onOpenChange={setSavingQuery} smartQuery={filter} />
    </div>
  );
}
