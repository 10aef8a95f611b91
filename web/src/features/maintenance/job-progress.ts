import type { Job } from '@gatefold/contract/maintenance';

/** How far a job has got, 0-100; null while its size is not known yet. */
export function jobPercent(job: Pick<Job, 'status' | 'done' | 'total'>): number | null {
  if (job.status === 'finished') return 100;
  if (job.total === null) return null;
  if (job.total === 0) return 0;
  return Math.min(100, Math.round((job.done / job.total) * 100));
}
