import type { Kysely } from 'kysely';
import { toCount } from './count';
import type { Database } from './schema';

type Kept<T> = { version: string; value: Promise<T> };

/**
 * The signed-in user's library as the session check read it when the request began (one statement
 * with the session): its album count and version, so that a list's count and kept results need no
 * statement of their own.
 */
export type LibraryState = {
  albumCount: number;
  /** The library's and the folders' versions together: what kept results go by. */
  version: string;
  /** The folders' version alone: the folder list goes by it. */
  foldersVersion: string;
};

export const libraryVersionOf = (user: {
  library_version: number | string;
  folders_version: number | string;
}) => `${user.library_version}.${user.folders_version}`;

/** The user's library state from their row, as a session check reads it. */
export const libraryStateOf = (user: {
  album_count: number | string | bigint;
  library_version: number | string;
  folders_version: number | string;
}): LibraryState => ({
  albumCount: toCount(user.album_count),
  version: libraryVersionOf(user),
  foldersVersion: String(user.folders_version),
});

/**
 * A store of results computed from one user's library (a text search's matches, say), each kept
 * while the user's library and folders stay as they were: triggers move `library_version` and
 * `folders_version` in the transaction of every change, and a result is used only under the
 * versions read before it was computed. Concurrent requests for one result share its computation.
 * `capacity` results are kept per database, the least recently used let go first. A version the
 * caller read earlier in the request (`knownVersion`, from `LibraryState`) serves as well as a
 * fresh one: it was read before the result is computed. A result that depends on the time as well
 * (an age in a query, the last 30 days) names its `moment`, a minute or a month: it lasts while
 * the moment does, and the next moment's replaces it rather than being kept beside it.
 */
export function libraryResults<T>(capacity: number) {
  const storeByDatabase = new WeakMap<Kysely<Database>, Map<string, Kept<T>>>();

  return async function kept(
    db: Kysely<Database>,
    userId: number,
    key: string,
    compute: () => Promise<T>,
    knownVersion?: string,
    moment?: string,
  ): Promise<T> {
    const store = storeByDatabase.get(db) ?? new Map<string, Kept<T>>();
    storeByDatabase.set(db, store);
    const libraryAt = knownVersion ?? (await libraryVersion(db, userId));
    const version = moment === undefined ? libraryAt : `${libraryAt}@${moment}`;
    const entryKey = `${userId}\u0000${key}`;
    const entry = store.get(entryKey);
    store.delete(entryKey);
    if (entry?.version === version) {
      store.set(entryKey, entry);
      return entry.value;
    }
    const value = compute();
    store.set(entryKey, { version, value });
    if (store.size > capacity) store.delete(store.keys().next().value ?? '');
    value.catch(() => {
      if (store.get(entryKey)?.value === value) store.delete(entryKey);
    });
    return value;
  };
}

export async function libraryVersion(db: Kysely<Database>, userId: number): Promise<string> {
  return (await readLibraryState(db, userId)).version;
}

/** The user's library state read afresh, for work done outside a request. */
export async function readLibraryState(
  db: Kysely<Database>,
  userId: number,
): Promise<LibraryState> {
  const user = await db
    .selectFrom('users')
    .select(['album_count', 'library_version', 'folders_version'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return libraryStateOf(user);
}
