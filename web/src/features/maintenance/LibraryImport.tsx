import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { refreshCollection } from '../../api/collection-cache';
import { maintenanceMutations, maintenanceQueries } from '../../api/maintenance-queries';
import { Button } from '../../components/Button';
import { jobPercent } from './job-progress';

/** Imports the streaming library's saved albums, polling the job for a progress bar. */
export function LibraryImport() {
  const client = useQueryClient();
  const [jobId, setJobId] = useState<number | null>(null);
  const start = useMutation(maintenanceMutations.startLibraryImport());
  const job = useQuery({ ...maintenanceQueries.job(jobId ?? 0), enabled: jobId !== null });
  const current = jobId === null ? undefined : job.data;
  const status = current?.status;

  // Once the job is over, what it added shows everywhere.
  useEffect(() => {
    if (status === 'finished' || status === 'failed') {
      void refreshCollection(client);
      void client.invalidateQueries({ queryKey: maintenanceQueries.report().queryKey });
    }
  }, [status, client]);

  const percent = current ? jobPercent(current) : null;
  const running = start.isPending || status === 'running';

  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Add every album saved in your streaming library to your collection. Albums you already have
        are skipped.
      </p>
      <Button
        variant="primary"
        disabled={running}
        onClick={() =>
          start.mutate(undefined, {
            onSuccess: (started) => {
              // The bar shows at once; polling carries on from the job as it started.
              client.setQueryData(maintenanceQueries.job(started.id).queryKey, started);
              setJobId(started.id);
            },
          })
        }
      >
        <Download aria-hidden="true" className="size-4" />
        {running ? 'Importing...' : 'Import saved albums'}
      </Button>
      {start.error instanceof ApiError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {start.error.detail}
        </p>
      )}
      {current && (
        <div className="space-y-1">
          <div
            role="progressbar"
            aria-label="Library import progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent ?? undefined}
            aria-valuetext={percent === null ? 'Starting' : `${percent}%`}
            className="h-3 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
          >
            <div
              className={`h-full rounded-full transition-[width] motion-reduce:transition-none ${status === 'failed' ? 'bg-red-600' : 'bg-indigo-600'}`}
              style={{ width: `${percent ?? 0}%` }}
            />
          </div>
          <p className="text-sm text-gray-700 dark:text-gray-300" aria-live="polite">
            {percent === null ? '' : `${percent}% · `}
            {current.message} · {current.added} added
          </p>
        </div>
      )}
    </div>
  );
}
