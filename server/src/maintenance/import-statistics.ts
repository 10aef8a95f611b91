import type { Kysely } from 'kysely';
import { refreshPlannerStatistics } from '../db/database';
import type { Database } from '../db/schema';
import type { JobRecord } from './jobs';

/**
 * The planner's statistics after an import's albums are written (`refreshPlannerStatistics`).
 * They only steer plans: when they cannot be gathered (the writing thread will not start, the
 * file is locked from outside) the log says so, and the import still finishes with its albums.
 */
export async function refreshStatisticsAfterImport(
  db: Kysely<Database>,
  record: Pick<JobRecord, 'warn'>,
  albumsAdded: number,
): Promise<void> {
  await refreshPlannerStatistics(db, { albumsAdded }).catch((error: unknown) =>
    record.warn(error, 'could not gather the planner statistics after an import'),
  );
}
