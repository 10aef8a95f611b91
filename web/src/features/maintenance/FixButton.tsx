import type { MaintenanceFix } from '@gatefold/contract/maintenance';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/api-error';
import { maintenanceMutations } from '../../api/maintenance-queries';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';

interface FixButtonProps {
  fix: Exclude<MaintenanceFix, 'look-up-genres'>;
  label: string;
  busyLabel: string;
  /** What the confirmation says will happen. */
  message: string;
  /** What was done, from how many things it changed. */
  done: (affected: number) => string;
  /** Nothing to fix: the button stays, with what it last did beside it. */
  disabled: boolean;
}

/** A one-click fix of a report finding, asked first, that says what it did. */
export function FixButton({ fix, label, busyLabel, message, done, disabled }: FixButtonProps) {
  const run = useMutation(maintenanceMutations.fix());
  const [asking, setAsking] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const confirm = () =>
    run.mutate(fix, {
      onSuccess: ({ affected }) => setResult(done(affected)),
      onSettled: () => setAsking(false),
    });

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        size="sm"
        onClick={() => {
          setResult(null);
          setAsking(true);
        }}
        disabled={disabled || run.isPending}
      >
        {label}
      </Button>
      <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
        {result}
      </p>
      {run.error instanceof ApiError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {run.error.detail}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={label}
        message={message}
        confirmLabel={label}
        busyLabel={busyLabel}
        busy={run.isPending}
        destructive
        onConfirm={confirm}
      />
    </div>
  );
}
