import { collectionExport } from '@gatefold/contract/maintenance';
import { useMutation } from '@tanstack/react-query';
import { FileDown, Upload } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { downloadExport, maintenanceMutations } from '../../api/maintenance-queries';
import { Button } from '../../components/Button';
import { JobProgress } from './JobProgress';
import { useFollowedJob } from './use-followed-job';

/** Reads a chosen file as a Gatefold JSON export, or says why it is not one. */
async function readExportFile(file: File) {
  let data: unknown;
  try {
    data = JSON.parse(await file.text());
  } catch {
    throw new Error('This file is not JSON.');
  }
  const parsed = collectionExport.safeParse(data);
  if (!parsed.success) throw new Error('This file is not a Gatefold JSON export.');
  return parsed.data;
}

/** Export the whole collection (JSON, CSV) and import a JSON export (DESIGN §7). */
export function ExportImport() {
  const download = useMutation({
    mutationKey: ['maintenance', 'export'],
    mutationFn: downloadExport,
    meta: { failureMessage: 'Failed to export the collection. Please try again.' },
  });
  const importFile = useMutation(maintenanceMutations.importExport());
  const imported = useFollowedJob();
  const importing = importFile.isPending || imported.running;
  const [fileError, setFileError] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again
    if (file === undefined) return;
    setFileError(null);
    importFile.reset();
    try {
      importFile.mutate(await readExportFile(file), { onSuccess: imported.follow });
    } catch (error) {
      setFileError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div className="space-y-3">
        <h3 className="font-semibold">Export</h3>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          Download your whole collection: albums, tracks, tags, genres and folders.
        </p>
        <div className="flex flex-wrap gap-2">
          {(['json', 'csv'] as const).map((format) => (
            <Button
              key={format}
              onClick={() => download.mutate(format)}
              disabled={download.isPending}
            >
              <FileDown aria-hidden="true" className="size-4" />
              Export {format.toUpperCase()}
            </Button>
          ))}
        </div>
        {download.isError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            The export failed. Please try again.
          </p>
        )}
      </div>
      <div className="space-y-3">
        <h3 className="font-semibold">Import</h3>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          Add the albums, tags and folders of a Gatefold JSON export to your collection.
        </p>
        <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 focus-within:ring-2 focus-within:ring-indigo-500 hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800">
          <Upload aria-hidden="true" className="size-4" />
          {importing ? 'Importing...' : 'Import a JSON export'}
          <input
            type="file"
            accept="application/json,.json"
            onChange={(event) => void onFile(event)}
            disabled={importing}
            className="sr-only"
          />
        </label>
        {imported.job && <JobProgress job={imported.job} label="File import progress" />}
        <div aria-live="polite">
          {(fileError !== null || importFile.isError) && (
            <p className="text-sm text-red-700 dark:text-red-400">
              {fileError ??
                (importFile.error instanceof ApiError
                  ? importFile.error.detail
                  : 'The import failed. Please try again.')}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
