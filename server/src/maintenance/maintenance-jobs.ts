import { lookUpGenres } from './genre-lookup';
import { resumeCollectionImport } from './import';
import { jobRunner } from './job-runner';
import { importLibrary, type LibraryImportDependencies } from './library-import';
import { refreshCollection } from './metadata-refresh';

/** The runner of Maintenance's background jobs, with the work of each kind. */
export function maintenanceJobs(deps: LibraryImportDependencies) {
  return jobRunner({
    db: deps.db,
    log: deps.log,
    works: {
      'collection-import': resumeCollectionImport(deps.db),
      'library-import': importLibrary(deps),
      'metadata-refresh': refreshCollection(deps),
      'genre-lookup': lookUpGenres(deps),
    },
  });
}
