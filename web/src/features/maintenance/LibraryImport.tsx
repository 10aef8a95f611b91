import { Download } from 'lucide-react';
import { maintenanceMutations } from '../../api/maintenance-queries';
import { JobStarter } from './JobStarter';

/** Imports the streaming library's saved albums, polling the job for a progress bar. */
export function LibraryImport() {
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Add every album saved in your streaming library to your collection. Albums you already have
        are skipped.
      </p>
      <JobStarter
        start={maintenanceMutations.startLibraryImport()}
        label={
          <>
            <Download aria-hidden="true" className="size-4" /> Import saved albums
          </>
        }
        busyLabel="Importing..."
        progressLabel="Library import progress"
      />
    </div>
  );
}
