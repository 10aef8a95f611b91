import { lookUpGenres } from './genre-lookup';
import { INTERRUPTED_IMPORT } from './import';
import { jobRunner } from './job-runner';
import { importLibrary, type LibraryImportDependencies } from './library-import';
import { refreshCollection } from './metadata-refresh';

/**
 * The runner of Maintenance's background jobs. A file import is not among the works that go on
 * elsewhere: its file was in the memory of the instance that stopped, so it ends with a sentence.
 */
export function maintenanceJobs(deps: LibraryImportDependencies) {
  return jobRunner({
    db: deps.db,
    log: deps.log,
    interrupted: INTERRUPTED_IMPORT,
    works: {
      'library-import': importLibrary(deps),
      'metadata-refresh': refreshCollection(deps),
      'genre-lookup': lookUpGenres(deps),
    },
  });
}
