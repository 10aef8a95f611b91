import { TAG_NAME_MAX } from '@gatefold/contract/tags';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { tagQueries } from '../../api/tag-queries';
import { Button } from '../Button';
import { Modal } from '../Modal';
import { useDebouncedValue } from '../useDebouncedValue';

/** Tags offered as the name is typed. */
const SUGGESTED_TAGS = 20;

interface BulkTagDialogProps {
  mode: 'tag' | 'untag';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The selection, in words ("12 albums"). */
  albums: string;
  onSubmit: (tagName: string) => void;
  busy: boolean;
  error: string | null;
}

/** Asks for the tag to add to, or take off, every selected album; a new name makes a new tag. */
export function BulkTagDialog({
  mode,
  open,
  onOpenChange,
  albums,
  onSubmit,
  busy,
  error,
}: BulkTagDialogProps) {
  const [name, setName] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const errorId = useId();
  const typed = useDebouncedValue(name.trim(), 150);
  const tags = useQuery({ ...tagQueries.list({ q: typed, limit: SUGGESTED_TAGS }), enabled: open });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tagName = name.trim();
    if (tagName !== '') onSubmit(tagName);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) setName('');
        onOpenChange(next);
      }}
      title={mode === 'tag' ? `Tag ${albums}` : `Remove a tag from ${albums}`}
      description={
        mode === 'tag'
          ? 'Type a tag name; a new name creates the tag.'
          : 'Type the name of the tag to remove.'
      }
      initialFocusRef={input}
    >
      <form onSubmit={submit} className="space-y-4">
        <div>
          <label htmlFor={`${listId}-input`} className="block text-sm font-medium">
            Tag
          </label>
          <input
            id={`${listId}-input`}
            ref={input}
            list={listId}
            value={name}
            maxLength={TAG_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
            autoComplete="off"
            aria-describedby={error ? errorId : undefined}
            aria-invalid={error !== null || undefined}
            className="mt-1 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm dark:border-gray-700 dark:bg-gray-950"
          />
          <datalist id={listId}>
            {(tags.data?.items ?? []).map((tag) => (
              <option key={tag.id} value={tag.name} />
            ))}
          </datalist>
          <p
            id={errorId}
            role="alert"
            className="mt-1 min-h-5 text-sm text-red-700 dark:text-red-400"
          >
            {error}
          </p>
        </div>
        <div className="flex justify-end gap-3">
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={busy || name.trim() === ''}>
            {busy ? 'Saving...' : mode === 'tag' ? 'Add Tag' : 'Remove Tag'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
