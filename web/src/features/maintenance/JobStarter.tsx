import type { Job } from '@gatefold/contract/maintenance';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { JobProgress } from './JobProgress';
import { useFollowedJob } from './use-followed-job';

interface JobStarterProps {
  start: UseMutationOptions<Job, Error, void>;
  label: ReactNode;
  busyLabel: string;
  /** The progress bar's accessible name. */
  progressLabel: string;
  variant?: 'primary' | 'secondary';
  size?: 'sm' | 'md';
  /** Asked first, when the job changes the collection. */
  confirm?: { title: string; message: string; confirmLabel: string };
}

/** A button that starts a maintenance job, then its progress bar until it ends. */
export function JobStarter({
  start,
  label,
  busyLabel,
  progressLabel,
  variant = 'primary',
  size = 'md',
  confirm,
}: JobStarterProps) {
  const starting = useMutation(start);
  const { job, running, follow } = useFollowedJob();
  const [asking, setAsking] = useState(false);
  const busy = starting.isPending || running;
  const run = () =>
    starting.mutate(undefined, { onSuccess: follow, onSettled: () => setAsking(false) });

  return (
    <div className="space-y-3">
      <Button
        variant={variant}
        size={size}
        disabled={busy}
        onClick={() => (confirm ? setAsking(true) : run())}
      >
        {busy ? busyLabel : label}
      </Button>
      {starting.error instanceof ApiError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {starting.error.detail}
        </p>
      )}
      {job && <JobProgress job={job} label={progressLabel} />}
      {confirm && (
        <ConfirmDialog
          open={asking}
          onOpenChange={setAsking}
          title={confirm.title}
          message={confirm.message}
          confirmLabel={confirm.confirmLabel}
          busyLabel={busyLabel}
          busy={starting.isPending}
          onConfirm={run}
        />
      )}
    </div>
  );
}
