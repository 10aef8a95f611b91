import { DEFAULT_TAG_COLOR, TAG_NAME_MAX, type Tag, tagCreate } from '@gatefold/contract/tags';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { tagMutations } from '../../api/tag-queries';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';

interface TagFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The tag to edit; without one the dialog creates a tag. */
  editing?: Tag;
}

/**
 * SPEC §2's Create New Tag modal (and its edit twin): a name and a colour picker, default
 * #3B82F6. A blank name sends nothing (SPEC §5); a failure is only logged and the dialog stays
 * open (SPEC §8).
 */
export function TagFormDialog({ open, onOpenChange, editing }: TagFormDialogProps) {
  const [name, setName] = useState('');
  const [color, setColor] = useState(DEFAULT_TAG_COLOR);
  const create = useMutation(tagMutations.create());
  const update = useMutation(tagMutations.update());
  const nameId = useId();
  const colorId = useId();
  const busy = create.isPending || update.isPending;

  // Each opening starts from the tag being edited, or from a blank blue tag.
  useEffect(() => {
    if (!open) return;
    setName(editing?.name ?? '');
    setColor(editing?.color ?? DEFAULT_TAG_COLOR);
  }, [open, editing]);

  const close = () => onOpenChange(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The API's own schema: a trimmed, non-empty name of at most 50 and a #RRGGBB colour.
    const parsed = tagCreate.safeParse({ name, color });
    if (!parsed.success || busy) return;
    if (editing === undefined) {
      create.mutate(parsed.data, { onSuccess: close });
    } else {
      update.mutate({ name: editing.name, changes: parsed.data }, { onSuccess: close });
    }
  };

  const idleLabel = editing === undefined ? 'Create Tag' : 'Save Changes';
  const busyLabel = editing === undefined ? 'Creating...' : 'Updating...';
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={editing === undefined ? 'Create New Tag' : 'Edit Tag'}
    >
      <form onSubmit={submit} className="space-y-4">
        <div className="space-y-1.5">
          <label htmlFor={nameId} className="block text-sm font-medium">
            Tag Name
          </label>
          <input
            id={nameId}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={TAG_NAME_MAX}
            required
            placeholder="e.g. Late Night"
            className="w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 placeholder:text-gray-500 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-100 dark:placeholder:text-gray-400"
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={colorId} className="block text-sm font-medium">
            Color
          </label>
          <div className="flex items-center gap-3">
            <input
              id={colorId}
              type="color"
              value={color}
              onChange={(event) => setColor(event.target.value.toUpperCase())}
              className="h-10 w-16 cursor-pointer rounded-lg border border-gray-300 bg-white p-1 dark:border-gray-700 dark:bg-gray-950"
            />
            <span className="font-mono text-sm text-gray-700 dark:text-gray-300">{color}</span>
          </div>
        </div>
        <div className="flex justify-end gap-3 pt-2">
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={busy || name.trim() === ''}>
            {busy ? busyLabel : idleLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
