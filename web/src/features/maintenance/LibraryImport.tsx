import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { ApiError } from '../../api/api-error';
import { maintenanceMutations } from '../../api/maintenance-queries';
import { Button } from '../../components/Button';
import { JobProgress } from './JobProgress';
import { useFollowedJob } from './use-followed-job';

/** Imports the streaming library's saved albums, polling the job for a progress bar. */
export function LibraryImport() {
  const start = useMutation(maintenanceMutations.startLibraryImport());
  const { job, running, follow } = useFollowedJob();
  const busy = start.isPending || running;

  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Add every album saved in your streaming library to your collection. Albums you already have
        are skipped.
      </p>
      <Button
        variant="primary"
        disabled={busy}
        onClick={() => start.mutate(undefined, { onSuccess: follow })}
      >
        <Download aria-hidden="true" className="size-4" />
        {busy ? 'Importing...' : 'Import saved albums'}
      </Button>
      {start.error instanceof ApiError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {start.error.detail}
        </p>
      )}
      {job && <JobProgress job={job} label="Library import progress" />}
    </div>
  );
}
