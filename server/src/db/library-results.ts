import type { Kysely } from 'kysely';
import type { Database } from './schema';

type Kept<T> = { version: string; value: Promise<T> };

/**
 * A store of results computed from one user's library (a text search's matches, say), each kept
 * while the user's library and folders stay as they were: triggers move `library_version` and
 * `folders_version` in the transaction of every change, and a result is used only under the
 * versions read before it was computed. Concurrent requests for one result share its computation.
 * `capacity` results are kept per database, the least recently used let go first.
 */
export function libraryResults<T>(capacity: number) {
  const storeByDatabase = new WeakMap<Kysely<Database>, Map<string, Kept<T>>>();

  return async function kept(
    db: Kysely<Database>,
    userId: number,
    key: string,
    compute: () => Promise<T>,
  ): Promise<T> {
    const store = storeByDatabase.get(db) ?? new Map<string, Kept<T>>();
    storeByDatabase.set(db, store);
    const version = await libraryVersion(db, userId);
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

async function libraryVersion(db: Kysely<Database>, userId: number): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select(['library_version', 'folders_version'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return `${user.library_version}.${user.folders_version}`;
}
