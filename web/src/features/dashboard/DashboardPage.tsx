import { useQuery } from '@tanstack/react-query';
import { Disc3, Folder, FolderPlus, Plus, Tag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { albumQueries } from '../../api/album-queries';
import { authQueries } from '../../api/auth-queries';
import { folderQueries } from '../../api/folder-queries';
import { tagQueries } from '../../api/tag-queries';
import { AddAlbumDialog } from '../../components/AddAlbumDialog';
import { AlbumCard } from '../../components/AlbumCard';
import { Button } from '../../components/Button';
import { FolderFormDialog } from '../../components/FolderFormDialog';
import { SessionExpiredNotice } from '../../components/SessionExpiredNotice';
import { StatCard } from './StatCard';

// The chart library is the largest part of the dashboard: it comes in a chunk of its own.
const CollectionCharts = lazy(() =>
  import('./CollectionCharts').then((module) => ({ default: module.CollectionCharts })),
);

/** SPEC §9: albums in the Recent Albums panel. */
export const RECENT_ALBUM_COUNT = 6;

const panel =
  'rounded-2xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900';

/**
 * SPEC §2's home dashboard. Albums, folders and tags load side by side (SPEC §7); the counts are
 * the servers' full counts, so only six albums and one tag are fetched to show them.
 */
export function DashboardPage() {
  const { data: user } = useQuery(authQueries.me());
  const recent = useQuery(
    albumQueries.list({ limit: RECENT_ALBUM_COUNT, offset: 0, sort: 'added-desc' }),
  );
  const folders = useQuery(folderQueries.list());
  const tags = useQuery(tagQueries.list({ limit: 1 }));
  const [creatingFolder, setCreatingFolder] = useState(false);
  const [addingAlbum, setAddingAlbum] = useState(false);

  return (
    <div className="space-y-6">
      <title>Dashboard · Gatefold</title>
      <SessionExpiredNotice />
      <section className="rounded-2xl bg-gradient-to-br from-indigo-600 to-violet-700 p-6 text-white shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {user ? `Welcome back, ${user.display_name}` : 'Welcome back'}
        </h1>
        <p className="mt-2 max-w-prose text-indigo-50">
          Here is your collection at a glance. Pick up where you left off.
        </p>
      </section>

      <section aria-label="Collection statistics">
        <ul className="grid gap-4 sm:grid-cols-3">
          <li>
            <StatCard to="/albums" label="Albums" count={recent.data?.total} Icon={Disc3} />
          </li>
          <li>
            <StatCard to="/folders" label="Folders" count={folders.data?.total} Icon={Folder} />
          </li>
          <li>
            <StatCard to="/tags" label="Tags" count={tags.data?.total} Icon={Tag} />
          </li>
        </ul>
      </section>

      <section aria-labelledby="quick-actions-heading" className={panel}>
        <h2 id="quick-actions-heading" className="text-lg font-semibold">
          Quick Actions
        </h2>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button variant="primary" onClick={() => setAddingAlbum(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Add Album
          </Button>
          <Button onClick={() => setCreatingFolder(true)}>
            <FolderPlus aria-hidden="true" className="size-4" />
            Create Folder
          </Button>
        </div>
      </section>

      <section aria-labelledby="recent-albums-heading" className={panel}>
        <div className="mb-4 flex items-center justify-between gap-3">
          <h2 id="recent-albums-heading" className="text-lg font-semibold">
            Recent Albums
          </h2>
          <Link
            to="/albums"
            className="text-sm font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
          >
            View all
          </Link>
        </div>
        {recent.isPending ? (
          <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
            Loading albums...
          </p>
        ) : (recent.data?.items.length ?? 0) === 0 ? (
          <p className="py-6 text-center text-gray-700 dark:text-gray-300">
            No albums yet. Start by adding some from the streaming service!
          </p>
        ) : (
          <ul
            aria-label="Recent albums"
            className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-6"
          >
            {recent.data?.items.map((album) => (
              <li key={album.id}>
                <AlbumCard album={album} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="collection-charts-heading" className="space-y-4">
        <h2 id="collection-charts-heading" className="text-lg font-semibold">
          Your Collection
        </h2>
        <Suspense
          fallback={
            <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
              Loading charts...
            </p>
          }
        >
          <CollectionCharts />
        </Suspense>
      </section>

      <FolderFormDialog open={creatingFolder} onOpenChange={setCreatingFolder} />
      <AddAlbumDialog open={addingAlbum} onOpenChange={setAddingAlbum} />
    </div>
  );
}
