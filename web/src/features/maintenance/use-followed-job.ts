import type { Job } from '@gatefold/contract/maintenance';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { refreshCollection } from '../../api/collection-cache';
import { maintenanceQueries } from '../../api/maintenance-queries';

/**
 * A maintenance job followed to its end: `follow` takes the job a start answered with, polling
 * carries on from there, and once it has finished or failed what it added shows everywhere.
 */
export function useFollowedJob() {
  const client = useQueryClient();
  const [jobId, setJobId] = useState<number | null>(null);
  const polled = useQuery({ ...maintenanceQueries.job(jobId ?? 0), enabled: jobId !== null });
  const job = jobId === null ? undefined : polled.data;
  const status = job?.status;

  useEffect(() => {
    if (status === 'finished' || status === 'failed') {
      void refreshCollection(client);
      void client.invalidateQueries({ queryKey: maintenanceQueries.report().queryKey });
    }
  }, [status, client]);

  const follow = (started: Job) => {
    // The bar shows at once; polling carries on from the job as it started.
    client.setQueryData(maintenanceQueries.job(started.id).queryKey, started);
    setJobId(started.id);
  };
  return { job, running: status === 'running', follow };
}
