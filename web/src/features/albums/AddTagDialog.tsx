import { tagName } from '@gatefold/contract/tags';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { albumMutations } from '../../api/album-queries';
import { MAX_TAG_LIST, tagQueries } from '../../api/tag-queries';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import {
  chooseTag,
  helperText,
  submitLabel,
  type TagChoice,
  tagSuggestions,
} from './add-tag-choice';

const SUGGESTION_DEBOUNCE_MS = 150;

interface AddTagDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  albumId: number;
  /** Tags the album has already, left out of the suggestions. */
  attachedTagIds: readonly number[];
}

/** SPEC §2's add tag dialog: pick an existing tag or name a new one. */
export function AddTagDialog({ open, onOpenChange, albumId, attachedTagIds }: AddTagDialogProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Add Tag" initialFocusRef={inputRef}>
      <AddTagForm
        albumId={albumId}
        attachedTagIds={attachedTagIds}
        inputRef={inputRef}
        onDone={() => onOpenChange(false)}
      />
    </Modal>
  );
}

function AddTagForm({
  albumId,
  attachedTagIds,
  inputRef,
  onDone,
}: {
  albumId: number;
  attachedTagIds: readonly number[];
  inputRef: RefObject<HTMLInputElement | null>;
  onDone: () => void;
}) {
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), SUGGESTION_DEBOUNCE_MS);
  const tags = useQuery({
    ...tagQueries.list({ q: term, limit: MAX_TAG_LIST }),
    enabled: term !== '',
    placeholderData: keepPreviousData,
  });
  const known = text.trim() === '' ? [] : (tags.data?.items ?? []);
  const choice = chooseTag(text, known);
  const suggestions = tagSuggestions(text, known, new Set(attachedTagIds));
  // What was submitted, so the busy text does not flip when the new tag appears in the list.
  const [submitted, setSubmitted] = useState<TagChoice>({ kind: 'nothing' });
  const add = useMutation(albumMutations.addTag(choice.kind === 'new'));
  const checked = tagName.safeParse(text);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // SPEC §5: a name empty once trimmed sends nothing.
    if (choice.kind === 'nothing' || !checked.success || add.isPending) return;
    const name = choice.kind === 'existing' ? choice.tag.name : checked.data;
    // A failure is logged by the shared error path and the dialog stays open (SPEC §8).
    setSubmitted(choice);
    add.mutate({ albumId, tagName: name }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <div>
        <label
          htmlFor="tag-name"
          className="block text-sm font-medium text-gray-800 dark:text-gray-200"
        >
          Tag Name
        </label>
        <input
          id="tag-name"
          ref={inputRef}
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          aria-describedby="tag-name-help"
          aria-invalid={text.trim() !== '' && !checked.success}
          placeholder="e.g. Sunday morning"
          className="mt-1 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 placeholder:text-gray-500 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-100 dark:placeholder:text-gray-400"
        />
        <p id="tag-name-help" className="mt-2 text-sm text-gray-700 dark:text-gray-300">
          {text.trim() !== '' && !checked.success
            ? 'Tag names can be at most 50 characters.'
            : helperText(choice)}
        </p>
      </div>

      {suggestions.length > 0 && (
        <ul aria-label="Matching tags" className="space-y-1">
          {suggestions.map((tag) => (
            <li key={tag.id}>
              <button
                type="button"
                onClick={() => {
                  setText(tag.name);
                  inputRef.current?.focus();
                }}
                className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm hover:bg-gray-100 dark:hover:bg-gray-800"
              >
                <span
                  aria-hidden="true"
                  className="size-3 shrink-0 rounded-full"
                  style={{ backgroundColor: tag.color }}
                />
                <span className="min-w-0 flex-1 truncate font-medium">{tag.name}</span>
                <span className="shrink-0 text-gray-600 dark:text-gray-400">
                  {tag.album_count} albums
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}

      <div className="flex justify-end gap-3">
        <Button onClick={onDone}>Cancel</Button>
        <Button
          type="submit"
          variant="primary"
          disabled={choice.kind === 'nothing' || !checked.success || add.isPending}
        >
          {add.isPending ? submitLabel(submitted, true) : submitLabel(choice, false)}
        </Button>
      </div>
    </form>
  );
}
