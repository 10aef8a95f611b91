import type { Kysely } from 'kysely';
import { currentMinute } from '../albums/query-conditions';
import type { LibraryState } from '../db/library-results';
import type { Database } from '../db/schema';
import { type FolderRow, folderRowsWithCounts } from './queries';

/** Users whose folders are kept ready; 2,000 folders are a few hundred kB. */
const USERS_KEPT = 32;

/**
 * A user's folders with their counts, as read at `version`: the folders' version alone, or for a
 * user with smart folders the library's too and the minute, since what their queries match moves
 * with both.
 */
export type KeptFolders = {
  version: string;
  smart: boolean;
  rows: FolderRow[];
  byId: Map<number, FolderRow>;
};

/** A user's folders, kept once read and shared while they are being read. */
type Kept = { libraryVersion: string; reading: Promise<KeptFolders>; read?: KeptFolders };

const keptByDatabase = new WeakMap<Kysely<Database>, Map<number, Kept>>();

/**
 * Every folder of the user with its own and subtree counts, read once a version. The folder list
 * is asked for on every screen, and collection search totals its hits from it: with thousands of
 * folders it is the costliest answer to build (11–20 ms at 2,000, the database floor), and a
 * search's hits read with their subtrees cost 0.6 ms on SQLite and 2.3 on PostgreSQL. Requests
 * that arrive while a version is being read wait for that read rather than each starting one:
 * with smart folders the folders are read again each minute, and 50 requests building 2,000
 * folders at once held the event loop for 322 ms.
 */
export async function keptFolderRows(
  db: Kysely<Database>,
  userId: number,
  library: LibraryState,
): Promise<KeptFolders> {
  const kept = keptByDatabase.get(db) ?? new Map<number, Kept>();
  keptByDatabase.set(db, kept);
  const plainVersion = library.foldersVersion;
  const smartVersion = `${plainVersion}-${library.version}-${currentMinute().getTime()}`;
  let entry = kept.get(userId);
  if (!entry || !isCurrent(entry, library.version, plainVersion, smartVersion)) {
    const reading = readFolders(db, userId, { plainVersion, smartVersion, library });
    const started: Kept = { libraryVersion: library.version, reading };
    reading.then(
      (read) => {
        started.read = read;
      },
      () => {
        if (kept.get(userId) === started) kept.delete(userId);
      },
    );
    entry = started;
  }
  // Most recently used last, so the first is the one to let go.
  kept.delete(userId);
  kept.set(userId, entry);
  if (kept.size > USERS_KEPT) kept.delete(kept.keys().next().value ?? -1);
  return entry.reading;
}

/**
 * Folders read are current for their versions (and, with smart folders, their minute); a read
 * still going on, for the library and folders versions it was started at, whatever the minute.
 */
function isCurrent(kept: Kept, libraryVersion: string, plain: string, smart: string): boolean {
  const { read } = kept;
  if (!read) return kept.libraryVersion === libraryVersion;
  return read.version === (read.smart ? smart : plain);
}

async function readFolders(
  db: Kysely<Database>,
  userId: number,
  versions: { plainVersion: string; smartVersion: string; library: LibraryState },
): Promise<KeptFolders> {
  const { plainVersion, smartVersion, library } = versions;
  const rows = await folderRowsWithCounts(db, userId, { knownVersion: library.version });
  const smart = rows.some((row) => row.query !== null);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { version: smart ? smartVersion : plainVersion, smart, rows, byId };
}

/**
 * The folders of a search's hits (`folderHitsQuery`), in their order, with their counts from the
 * kept folders.
 */
export async function foldersWithIds(
  db: Kysely<Database>,
  userId: number,
  ids: number[],
  library: LibraryState,
): Promise<FolderRow[]> {
  // No hit needs no counts: the folders are not read for a search that finds none.
  if (ids.length === 0) return [];
  const { byId } = await keptFolderRows(db, userId, library);
  return ids.flatMap((id) => byId.get(id) ?? []);
}
