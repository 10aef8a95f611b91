import { type Folder, type FolderInput, folderInput } from '@gatefold/contract/folders';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FolderRoot, Upload, X } from 'lucide-react';
import { type FormEvent, type RefObject, useId, useMemo, useRef, useState } from 'react';
import { folderMutations, folderQueries } from '../api/folder-queries';
import { Button } from './Button';
import { FolderPickerTree } from './FolderPickerTree';
import { buildFolderTree, filterFolderTree, withoutFolder } from './folder-tree';
import { Modal } from './Modal';
import { SmartFolderRules } from './SmartFolderRules';
import { SMART_NO_SUBFOLDERS, smartFolderReasons } from './smart-folder-reasons';

interface FolderFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The folder to edit; without it the dialog creates one. */
  folder?: Folder;
  /** Where a new folder goes unless the user picks another parent. */
  defaultParentId?: number | null;
  /** A query a new folder starts from, as a smart folder (Save as smart folder on the albums). */
  smartQuery?: string;
}

/** SPEC §2's create and edit folder dialogs (they close on a click outside, too). */
export function FolderFormDialog({
  open,
  onOpenChange,
  folder,
  defaultParentId = null,
  smartQuery,
}: FolderFormDialogProps) {
  const nameRef = useRef<HTMLInputElement>(null);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={folder ? 'Edit Folder' : 'Create New Folder'}
      closeOnBackdrop
      initialFocusRef={nameRef}
    >
      <FolderForm
        folder={folder}
        defaultParentId={defaultParentId}
        smartQuery={smartQuery}
        nameRef={nameRef}
        onDone={() => onOpenChange(false)}
      />
    </Modal>
  );
}

const fieldClass =
  'mt-1 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 placeholder:text-gray-500 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-100 dark:placeholder:text-gray-400';
const labelClass = 'block text-sm font-medium text-gray-800 dark:text-gray-200';

interface FolderFormProps {
  folder: Folder | undefined;
  defaultParentId: number | null;
  smartQuery: string | undefined;
  nameRef: RefObject<HTMLInputElement | null>;
  onDone: () => void;
}

/** Mounted each time the dialog opens, so it starts from the folder (or blank) every time. */
function FolderForm({ folder, defaultParentId, smartQuery, nameRef, onDone }: FolderFormProps) {
  const [name, setName] = useState(folder?.name ?? '');
  const [description, setDescription] = useState(folder?.description ?? '');
  const [imageUrl, setImageUrl] = useState(folder?.image_url ?? '');
  const [parentId, setParentId] = useState<number | null>(folder?.parent_id ?? defaultParentId);
  const [parentFilter, setParentFilter] = useState('');
  const [smart, setSmart] = useState(folder ? folder.query !== null : smartQuery !== undefined);
  const [query, setQuery] = useState(folder?.query ?? smartQuery ?? '');
  const smartId = useId();
  // Only an empty folder can become smart (the server keeps what a user put in a folder).
  const canTurnSmart = !folder || folder.query !== null || folder.total_count === 0;
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const ids = { name: useId(), description: useId(), image: useId(), upload: useId() };
  const parentFilterId = useId();

  const folders = useQuery(folderQueries.list());
  const create = useMutation(folderMutations.create());
  const update = useMutation(folderMutations.update());
  const saving = create.isPending || update.isPending;
  const upload = useMutation(folderMutations.uploadImage());

  const tree = useMemo(() => {
    const all = buildFolderTree(folders.data?.items ?? []);
    return folder ? withoutFolder(all, folder.id) : all;
  }, [folders.data, folder]);
  const shownTree = filterFolderTree(tree, parentFilter);
  const smartFolders = useMemo(
    () => smartFolderReasons(folders.data?.items ?? [], SMART_NO_SUBFOLDERS),
    [folders.data],
  );

  const input: FolderInput = {
    name,
    // SPEC §5: trimmed, and sent only when there is something left.
    ...(description.trim() ? { description: description.trim() } : {}),
    ...(imageUrl.trim() ? { image_url: imageUrl.trim() } : {}),
    parent_id: parentId,
    query: smart ? query.trim() : null,
  };
  const checked = folderInput.safeParse(input);
  const queryMissing = smart && query.trim() === '';
  const problemWith = (field: string) =>
    checked.success
      ? undefined
      : checked.error.issues.find((issue) => issue.path[0] === field)?.message;
  const imageProblem = imageUrl.trim() ? problemWith('image_url') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // SPEC §5: a name that is empty once trimmed is not sent.
    if (!checked.success || saving || queryMissing) return;
    const body: FolderInput = {
      name: checked.data.name,
      ...(checked.data.description ? { description: checked.data.description } : {}),
      ...(checked.data.image_url ? { image_url: checked.data.image_url } : {}),
      parent_id: checked.data.parent_id,
      // Sent only for a smart folder: a folder saved without one is plain.
      ...(checked.data.query ? { query: checked.data.query } : {}),
    };
    // A failure is logged by the shared error path and the dialog stays open (SPEC §8).
    if (folder) update.mutate({ id: folder.id, input: body }, { onSuccess: onDone });
    else create.mutate(body, { onSuccess: onDone });
  };

  const chooseFile = (file: File | undefined) => {
    setUploadProblem(null);
    if (file === undefined) return;
    if (!file.type.startsWith('image/')) {
      setUploadProblem('Choose an image file.');
      return;
    }
    upload.mutate(file, { onSuccess: (uploaded) => setImageUrl(uploaded.image_url) });
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div>
        <label htmlFor={ids.name} className={labelClass}>
          Name
        </label>
        <input
          id={ids.name}
          ref={nameRef}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          maxLength={200}
          autoComplete="off"
          placeholder="e.g. Sunday mornings"
          className={fieldClass}
        />
      </div>

      <div>
        <label htmlFor={ids.description} className={labelClass}>
          Description
        </label>
        <textarea
          id={ids.description}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          rows={2}
          maxLength={2000}
          placeholder="Optional"
          className={fieldClass}
        />
      </div>

      <div className="space-y-3">
        <div className="flex items-start gap-2">
          <input
            id={smartId}
            type="checkbox"
            checked={smart}
            disabled={!canTurnSmart}
            aria-describedby={`${smartId}-about`}
            onChange={(event) => setSmart(event.target.checked)}
            className="mt-1 size-4"
          />
          <label htmlFor={smartId} className="text-sm text-gray-800 dark:text-gray-200">
            <span className="font-medium">Smart folder</span>
            <span id={`${smartId}-about`} className="block text-gray-700 dark:text-gray-300">
              {canTurnSmart
                ? 'Holds whatever albums match its rules, now and as you add more. It takes no subfolders and no albums by hand.'
                : 'Only an empty folder can become smart: this one holds albums or subfolders, which stay where you put them.'}
            </span>
          </label>
        </div>
        {smart && <SmartFolderRules query={query} onChange={setQuery} />}
      </div>

      <fieldset>
        <legend className={labelClass}>Image</legend>
        <div className="mt-1 flex items-start gap-3">
          <div className="size-16 shrink-0 overflow-hidden rounded-lg bg-gray-100 dark:bg-gray-800">
            {imageUrl.trim() && !imageProblem ? (
              <img src={imageUrl.trim()} alt="Folder preview" className="size-full object-cover" />
            ) : (
              <FolderRoot aria-hidden="true" className="m-4 size-8 text-gray-400" />
            )}
          </div>
          <div className="min-w-0 flex-1 space-y-2">
            <label htmlFor={ids.image} className="sr-only">
              Image URL
            </label>
            <div className="flex gap-2">
              <input
                id={ids.image}
                type="url"
                value={imageUrl}
                onChange={(event) => setImageUrl(event.target.value)}
                placeholder="https://… image URL"
                aria-invalid={imageProblem !== undefined}
                aria-describedby={imageProblem ? `${ids.image}-problem` : undefined}
                className={`${fieldClass} mt-0`}
              />
              {imageUrl !== '' && (
                <button
                  type="button"
                  onClick={() => setImageUrl('')}
                  aria-label="Remove image"
                  className="rounded-lg p-2 text-gray-600 hover:bg-gray-100 dark:text-gray-400 dark:hover:bg-gray-800"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              )}
            </div>
            {imageProblem && (
              <p id={`${ids.image}-problem`} className="text-sm text-red-700 dark:text-red-400">
                The image URL {imageProblem}.
              </p>
            )}
            <label
              htmlFor={ids.upload}
              className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600 dark:border-gray-700 dark:text-gray-100 dark:hover:bg-gray-800"
            >
              <Upload aria-hidden="true" className="size-4" />
              {upload.isPending ? 'Uploading...' : 'Upload an image'}
              <input
                id={ids.upload}
                type="file"
                accept="image/*"
                className="sr-only"
                disabled={upload.isPending}
                onChange={(event) => {
                  chooseFile(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </label>
            {uploadProblem && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {uploadProblem}
              </p>
            )}
          </div>
        </div>
      </fieldset>

      <fieldset>
        <legend className={labelClass}>Parent folder</legend>
        <button
          type="button"
          onClick={() => setParentId(null)}
          aria-pressed={parentId === null}
          className={`mt-1 flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm ${
            parentId === null
              ? 'bg-indigo-100 font-semibold text-indigo-900 ring-1 ring-indigo-400 dark:bg-indigo-500/25 dark:text-indigo-100'
              : 'text-gray-800 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800'
          }`}
        >
          None (top level)
        </button>
        {tree.length > 0 && (
          <>
            <label htmlFor={parentFilterId} className="sr-only">
              Filter folders
            </label>
            <input
              id={parentFilterId}
              type="search"
              value={parentFilter}
              onChange={(event) => setParentFilter(event.target.value)}
              placeholder="Filter folders..."
              className={fieldClass}
            />
            {shownTree.length === 0 ? (
              <p className="mt-2 rounded-lg border border-gray-200 p-3 text-sm text-gray-600 dark:border-gray-800 dark:text-gray-400">
                No folders match “{parentFilter.trim()}”.
              </p>
            ) : (
              <FolderPickerTree
                nodes={shownTree}
                selectedId={parentId}
                onSelect={setParentId}
                label="Parent folders"
                unavailable={smartFolders}
                forceExpanded={parentFilter.trim() !== ''}
                className="mt-2 max-h-[15rem] overflow-y-auto rounded-lg border border-gray-200 p-1 dark:border-gray-800"
              />
            )}
          </>
        )}
      </fieldset>

      <div className="flex justify-end gap-3 pt-2">
        <Button onClick={onDone}>Cancel</Button>
        <Button
          type="submit"
          variant="primary"
          disabled={
            name.trim() === '' || saving || upload.isPending || queryMissing || !checked.success
          }
        >
          {folder
            ? saving
              ? 'Updating...'
              : 'Update Folder'
            : saving
              ? 'Creating...'
              : 'Create Folder'}
        </Button>
      </div>
    </form>
  );
}
