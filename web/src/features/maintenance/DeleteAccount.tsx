import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { maintenanceMutations } from '../../api/maintenance-queries';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/** Deletes the account and all its data, then leaves for the landing page. */
export function DeleteAccount() {
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(maintenanceMutations.deleteAccount());
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Delete your account with every album, folder and tag in it. This cannot be undone.
      </p>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Delete my account
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete your account?"
        message="Your collection, folders, tags and sign-in are deleted for good. Export your collection first if you may want it back."
        confirmLabel="Delete my account"
        busyLabel="Deleting..."
        busy={remove.isPending}
        destructive
        onConfirm={() =>
          remove.mutate(undefined, {
            // A full load, so nothing of the old session stays in memory.
            onSuccess: () => window.location.assign('/'),
            onError: () => setConfirming(false),
          })
        }
      />
    </div>
  );
}
