import type { Tag } from '@gatefold/contract/tags';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/api-error';
import { tagMutations } from '../../api/tag-queries';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Modal } from '../../components/Modal';

const DELETE_FAILED = 'Failed to delete tag. Please try again.';

type Step =
  | { kind: 'idle' }
  | { kind: 'confirm-force'; tag: Tag; message: string }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; message: string };

/** SPEC §8: the server's detail, or the default text when it gave none. */
function failureText(error: Error): string {
  return error instanceof ApiError && error.status !== 0 && error.detail !== ''
    ? error.detail
    : DELETE_FAILED;
}

/**
 * SPEC §4's two-step tag deletion. `start(tag)` sends the check: an unused tag is deleted at once
 * and a success dialog shows the server's message; a tag in use asks, destructively, to be
 * removed from all albums and deleted, and only then is the forced delete sent. Any failure shows
 * an Error dialog.
 */
export function useTagDeletion() {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const deletion = useMutation(tagMutations.delete());
  const fail = (error: Error) => setStep({ kind: 'failed', message: failureText(error) });

  const start = (tag: Tag) =>
    deletion.mutate(
      { name: tag.name, force: false },
      {
        onSuccess: (answer) =>
          setStep(
            answer.can_delete
              ? { kind: 'done', message: answer.message }
              : { kind: 'confirm-force', tag, message: answer.message },
          ),
        onError: fail,
      },
    );

  const confirmForce = () => {
    if (step.kind !== 'confirm-force') return;
    deletion.mutate(
      { name: step.tag.name, force: true },
      { onSuccess: (answer) => setStep({ kind: 'done', message: answer.message }), onError: fail },
    );
  };

  const close = () => setStep({ kind: 'idle' });
  const dialogs = (
    <>
      <ConfirmDialog
        open={step.kind === 'confirm-force'}
        onOpenChange={(open) => !open && close()}
        title="Delete Tag"
        message={
          step.kind === 'confirm-force'
            ? `${step.message} This removes the tag "${step.tag.name}" from all albums and deletes it.`
            : ''
        }
        confirmLabel="Remove and Delete"
        busyLabel="Deleting..."
        busy={deletion.isPending}
        destructive
        onConfirm={confirmForce}
      />
      <ResultDialog
        open={step.kind === 'done'}
        title="Success"
        message={step.kind === 'done' ? step.message : ''}
        onClose={close}
      />
      <ResultDialog
        open={step.kind === 'failed'}
        title="Error"
        message={step.kind === 'failed' ? step.message : ''}
        onClose={close}
      />
    </>
  );
  return { start, deleting: deletion.isPending ? deletion.variables?.name : undefined, dialogs };
}

function ResultDialog({
  open,
  title,
  message,
  onClose,
}: {
  open: boolean;
  title: string;
  message: string;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      description={message}
    >
      <div className="flex justify-end">
        <Button variant="primary" onClick={onClose}>
          OK
        </Button>
      </div>
    </Modal>
  );
}
