import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as collection from './migrations/0001-collection';
import * as sortIndexes from './migrations/0002-sort-indexes';
import * as jobs from './migrations/0003-jobs';
import * as countersAndSearch from './migrations/0004-counters-and-search';
import * as nameKeys from './migrations/0005-name-keys';
import * as libraryVersion from './migrations/0006-library-version';
import * as statementCounts from './migrations/0007-statement-counts';
import * as deepSortIndexes from './migrations/0008-deep-sort-indexes';
import * as jobHeartbeats from './migrations/0009-job-heartbeats';
import * as searchNameIndex from './migrations/0010-search-name-index';
import * as smartFolders from './migrations/0011-smart-folders';
import * as bulkChanges from './migrations/0012-bulk-changes';
import * as albumCorrections from './migrations/0013-album-corrections';
import * as jobClaims from './migrations/0014-job-claims';
import * as artistSearchIndex from './migrations/0015-artist-search-index';
import * as finalSigma from './migrations/0016-final-sigma';
import * as coveringLinkIndexes from './migrations/0017-covering-link-indexes';
import * as ownedWordIndex from './migrations/0018-owned-word-index';
import * as wordTables from './migrations/0019-word-tables';
import * as jobFileParts from './migrations/0020-job-file-parts';
import * as folderSearchIndex from './migrations/0021-folder-search-index';
import * as unusedAlbumIndexes from './migrations/0022-unused-album-indexes';
import * as artistNameOrderIndex from './migrations/0023-artist-name-order-index';
import * as foldedNameSort from './migrations/0024-folded-name-sort';
import * as foldedSorts from './migrations/0025-folded-sorts';
import * as genreLinkReleaseDates from './migrations/0026-genre-link-release-dates';
import * as folderWordIndex from './migrations/0027-folder-word-index';
import * as lettersAsFolded from './migrations/0028-letters-as-folded';
import * as albumTagWords from './migrations/0029-album-tag-words';
import * as statementFolderVersions from './migrations/0030-statement-folder-versions';
import * as prefixCounts from './migrations/0031-prefix-counts';
import * as sqlitePrefixCounts from './migrations/0032-sqlite-prefix-counts';
import * as artistCountIndex from './migrations/0033-artist-count-index';
import * as prefixCountsAccountDeletion from './migrations/0034-prefix-counts-account-deletion';
import * as albumSummariesFunction from './migrations/0035-album-summaries-function';
import * as albumLabels from './migrations/0036-album-labels';
import * as fixedLinks from './migrations/0037-fixed-links';
import type { Database } from './schema';

/** Migrations are bundled with the server, so they are listed here rather than read from disk. */
const migrations: Record<string, Migration> = {
  '0001-collection': collection,
  '0002-sort-indexes': sortIndexes,
  '0003-jobs': jobs,
  '0004-counters-and-search': countersAndSearch,
  '0005-name-keys': nameKeys,
  '0006-library-version': libraryVersion,
  '0007-statement-counts': statementCounts,
  '0008-deep-sort-indexes': deepSortIndexes,
  '0009-job-heartbeats': jobHeartbeats,
  '0010-search-name-index': searchNameIndex,
  '0011-smart-folders': smartFolders,
  '0012-bulk-changes': bulkChanges,
  '0013-album-corrections': albumCorrections,
  '0014-job-claims': jobClaims,
  '0015-artist-search-index': artistSearchIndex,
  '0016-final-sigma': finalSigma,
  '0017-covering-link-indexes': coveringLinkIndexes,
  '0018-owned-word-index': ownedWordIndex,
  '0019-word-tables': wordTables,
  '0020-job-file-parts': jobFileParts,
  '0021-folder-search-index': folderSearchIndex,
  '0022-unused-album-indexes': unusedAlbumIndexes,
  '0023-artist-name-order-index': artistNameOrderIndex,
  '0024-folded-name-sort': foldedNameSort,
  '0025-folded-sorts': foldedSorts,
  '0026-genre-link-release-dates': genreLinkReleaseDates,
  '0027-folder-word-index': folderWordIndex,
  '0028-letters-as-folded': lettersAsFolded,
  '0029-album-tag-words': albumTagWords,
  '0030-statement-folder-versions': statementFolderVersions,
  '0031-prefix-counts': prefixCounts,
  '0032-sqlite-prefix-counts': sqlitePrefixCounts,
  '0033-artist-count-index': artistCountIndex,
  '0034-prefix-counts-account-deletion': prefixCountsAccountDeletion,
  '0035-album-summaries-function': albumSummariesFunction,
  '0036-album-labels': albumLabels,
  '0037-fixed-links': fixedLinks,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the schema up to date; a done migration is skipped. On PostgreSQL each runs in a
 * transaction; on SQLite the migrator runs them outside one, so a migration that must not be cut
 * short opens its own.
 * `schema` names where the bookkeeping tables live when it is not the default (test runs).
 */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<void> {
  await migrateTo(db, undefined, schema);
}

/** Brings the schema up to the named migration (tests of a migration start before it), or the latest. */
export async function migrateTo(
  db: Kysely<Database>,
  name: string | undefined,
  schema?: string,
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await (name === undefined
    ? migrator.migrateToLatest()
    : migrator.migrateTo(name));
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
