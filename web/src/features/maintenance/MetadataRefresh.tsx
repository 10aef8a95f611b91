import { RefreshCw } from 'lucide-react';
import { maintenanceMutations } from '../../api/maintenance-queries';
import { JobStarter } from './JobStarter';

/** Refreshes every album from the streaming service in the background, with a progress bar. */
export function MetadataRefresh() {
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Take covers, tracks and genres anew from the streaming service for every album. Your tags,
        folders, own genres and corrections stay as they are.
      </p>
      <JobStarter
        start={maintenanceMutations.startMetadataRefresh()}
        label={
          <>
            <RefreshCw aria-hidden="true" className="size-4" /> Refresh all albums
          </>
        }
        busyLabel="Refreshing..."
        progressLabel="Metadata refresh progress"
      />
    </div>
  );
}
