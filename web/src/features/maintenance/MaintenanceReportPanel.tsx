import type { MaintenanceReport } from '@gatefold/contract/maintenance';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { maintenanceMutations, maintenanceQueries } from '../../api/maintenance-queries';
import { Button } from '../../components/Button';
import { TagChip } from '../../components/TagChip';
import { FixButton } from './FixButton';
import { JobStarter } from './JobStarter';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

// Underlined: in a line of text a link must not be told apart by its colour alone.
const LINK = 'text-indigo-700 underline underline-offset-2 hover:decoration-2 dark:text-indigo-300';

function ReportList({
  title,
  count,
  empty,
  fix,
  children,
}: {
  title: string;
  count: number;
  empty: string;
  /** The one-click fix of this finding. */
  fix: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="rounded-xl border border-gray-200 p-4 dark:border-gray-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">
          {title} ({count})
        </h3>
        {fix}
      </div>
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
      <ReportList
        title="Duplicates"
        count={report.duplicates.length}
        empty="No duplicates."
        fix={
          <FixButton
            fix="merge-duplicates"
            label="Merge duplicates"
            busyLabel="Merging..."
            message="Each group becomes one album, the one collected first, with the tags and folders of all of them. The others are deleted."
            done={(affected) => `Merged away ${plural(affected, 'album')}.`}
            disabled={report.duplicates.length === 0}
          />
        }
      >
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
        fix={
          <JobStarter
            start={maintenanceMutations.startGenreLookup()}
            label="Look up genres"
            busyLabel="Looking up..."
            progressLabel="Genre look-up progress"
            variant="secondary"
            size="sm"
            confirm={{
              title: 'Look up genres',
              message:
                "Give each album without genres those of its artists, or else MusicBrainz's for it. This runs in the background, about one album a second.",
              confirmLabel: 'Look up genres',
            }}
          />
        }
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
        fix={
          <FixButton
            fix="delete-empty-folders"
            label="Delete empty folders"
            busyLabel="Deleting..."
            message="Delete every folder listed here: they hold no albums and no subfolders."
            done={(affected) => `Deleted ${plural(affected, 'folder')}.`}
            disabled={report.empty_folders.length === 0}
          />
        }
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
        fix={
          <FixButton
            fix="delete-unused-tags"
            label="Delete unused tags"
            busyLabel="Deleting..."
            message="Delete every tag listed here: no album carries them."
            done={(affected) => `Deleted ${plural(affected, 'tag')}.`}
            disabled={report.unused_tags.length === 0}
          />
        }
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
