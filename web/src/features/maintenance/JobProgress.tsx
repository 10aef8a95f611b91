import type { Job } from '@gatefold/contract/maintenance';
import { jobPercent } from './job-progress';

/** The jobs that add albums, and so count them as they go. */
const IMPORTS = new Set<Job['kind']>(['library-import', 'collection-import']);

/** A job's progress bar and where it has got, announced as it changes. */
export function JobProgress({ job, label }: { job: Job; label: string }) {
  const percent = jobPercent(job);
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={percent === null ? 'Starting' : `${percent}%`}
        className="h-3 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
      >
        <div
          className={`h-full rounded-full transition-[width] motion-reduce:transition-none ${job.status === 'failed' ? 'bg-red-600' : 'bg-indigo-600'}`}
          style={{ width: `${percent ?? 0}%` }}
        />
      </div>
      <p className="text-sm text-gray-700 dark:text-gray-300" aria-live="polite">
        {percent === null ? '' : `${percent}% · `}
        {job.message}
        {IMPORTS.has(job.kind) && ` · ${job.added} added`}
      </p>
    </div>
  );
}
