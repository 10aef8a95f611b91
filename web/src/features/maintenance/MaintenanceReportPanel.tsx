import type { MaintenanceReport } from '@gatefold/contract/maintenance';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { maintenanceQueries } from '../../api/maintenance-queries';
import { Button } from '../../components/Button';
import { TagChip } from '../../components/TagChip';

const LINK = 'text-indigo-700 hover:underline dark:text-indigo-300';

function ReportList({
  title,
  count,
  empty,
  children,
}: {
  title: string;
  count: number;
  empty: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="rounded-xl border border-gray-200 p-4 dark:border-gray-800"
    >
      <h3 className="font-semibold">
        {title} ({count})
      </h3>
      {count === 0 ? (
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{empty}</p>
      ) : (
        <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto text-sm">{children}</ul>
      )}
    </section>
  );
}

function ReportBody({ report }: { report: MaintenanceReport }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <ReportList title="Duplicates" count={report.duplicates.length} empty="No duplicates.">
        {report.duplicates.map((group) => (
          <li key={`${group.artist}\u0000${group.name}`}>
            {group.name} — {group.artist}:{' '}
            {group.albums.map((album, index) => (
              <span key={album.id}>
                {index > 0 && ', '}
                <Link to={`/albums/${album.id}`} className={LINK}>
                  {album.release_date ?? `#${album.id}`}
                </Link>
              </span>
            ))}
          </li>
        ))}
      </ReportList>
      <ReportList
        title="Albums without genres"
        count={report.albums_without_genres.count}
        empty="Every album has a genre."
      >
        {report.albums_without_genres.albums.map((album) => (
          <li key={album.id}>
            <Link to={`/albums/${album.id}`} className={LINK}>
              {album.name}
            </Link>{' '}
            — {album.artist}
          </li>
        ))}
      </ReportList>
      <ReportList
        title="Empty folders"
        count={report.empty_folders.length}
        empty="No empty folders."
      >
        {report.empty_folders.map((folder) => (
          <li key={folder.id}>
            <Link to={`/folders/${folder.id}`} className={LINK}>
              {folder.name}
            </Link>
          </li>
        ))}
      </ReportList>
      <ReportList
        title="Unused tags"
        count={report.unused_tags.length}
        empty="Every tag is in use."
      >
        {report.unused_tags.map((tag) => (
          <li key={tag.id}>
            <Link to={`/tags/${encodeURIComponent(tag.name)}`}>
              <TagChip name={tag.name} color={tag.color} size="sm" />
            </Link>
          </li>
        ))}
      </ReportList>
    </div>
  );
}

/** What may need tidying: duplicates, albums without genres, empty folders, unused tags. */
export function MaintenanceReportPanel() {
  const report = useQuery(maintenanceQueries.report());
  return (
    <div className="space-y-3">
      <Button size="sm" onClick={() => void report.refetch()} disabled={report.isFetching}>
        {report.isFetching ? 'Checking...' : 'Check again'}
      </Button>
      {report.isPending && <p className="text-sm">Checking your library...</p>}
      {report.isError && (
        <p className="text-sm text-red-700 dark:text-red-400">The report could not be loaded.</p>
      )}
      {report.isSuccess && <ReportBody report={report.data} />}
    </div>
  );
}
