import type { Kysely } from 'kysely';
import { toCount } from '../db/count';
import { nameKey } from '../db/name-key';
import type { Database } from '../db/schema';
import {
  inCodePointOrder,
  nameRank,
  readSearch,
  type Search,
  searchText,
  startsWords,
} from '../db/search-text';
import { idInKey } from '../http/params';

/**
 * The ids of genres by their names' keys (db/name-key.ts), creating the missing ones; names
 * match regardless of case in any script.
 */
export async function upsertGenres(db: Kysely<Database>, userId: number, names: string[]) {
  const wanted = uniqueByKey(names);
  if (wanted.length === 0) return new Map<string, number>();
  const existing = await db
    .selectFrom('genres')
    .select(['id', 'name_key'])
    .where('user_id', '=', userId)
    .where('name_key', 'in', wanted.map(nameKey))
    .execute();
  const ids = new Map(existing.map((genre) => [genre.name_key, genre.id]));
  const missing = wanted.filter((name) => !ids.has(nameKey(name)));
  if (missing.length > 0) {
    const now = new Date().toISOString();
    const created = await db
      .insertInto('genres')
      .values(
        missing.map((name) => ({
          user_id: userId,
          name,
          name_key: nameKey(name),
          search_text: searchText(name),
          created_at: now,
        })),
      )
      .returning(['id', 'name_key'])
      .execute();
    for (const genre of created) ids.set(genre.name_key, genre.id);
  }
  return ids;
}

/** Creates one genre; a name already taken (in any case) fails on the unique key, even at once. */
export async function insertGenre(db: Kysely<Database>, userId: number, name: string) {
  const created = await db
    .insertInto('genres')
    .values({
      user_id: userId,
      name,
      name_key: nameKey(name),
      search_text: searchText(name),
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

/** A genre by id or by name (the path may hold either). */
export async function findGenre(db: Kysely<Database>, userId: number, key: string) {
  const genreId = idInKey(key);
  const row = await db
    .selectFrom('genres')
    .select(['id', 'name', 'album_count'])
    .where('user_id', '=', userId)
    .where((eb) =>
      genreId !== undefined
        ? eb.or([eb('name_key', '=', nameKey(key)), eb('id', '=', genreId)])
        : eb('name_key', '=', nameKey(key)),
    )
    .orderBy((eb) => eb.case().when('name_key', '=', nameKey(key)).then(0).else(1).end())
    .executeTakeFirst();
  return row && { ...row, album_count: toCount(row.album_count) };
}

/** Genres with at least one of this user's albums, most used first (SPEC §9 hides empty ones). */
export async function listGenres(db: Kysely<Database>, userId: number, search: string | undefined) {
  const rows = await genresMatching(db, userId, search ? readSearch(search) : undefined).execute();
  return rows.map((row) => ({ ...row, album_count: toCount(Number(row.album_count)) }));
}

/**
 * The user's genres that hold albums, by most albums; with a search, those whose names have words
 * starting with its words, exact and prefix names first.
 */
export function genresMatching(db: Kysely<Database>, userId: number, search: Search | undefined) {
  return db
    .selectFrom('genres')
    .select(['genres.id', 'genres.name', 'genres.album_count'])
    .where('genres.user_id', '=', userId)
    .where('genres.album_count', '>', 0)
    .$call((query) =>
      search
        ? query
            .where((eb) => startsWords(eb.ref('genres.search_text'), search.words))
            .orderBy((eb) => nameRank(eb.ref('genres.search_text'), search.phrase))
        : query,
    )
    .orderBy('genres.album_count', 'desc')
    .orderBy(inCodePointOrder(db, 'genres.search_text'))
    .orderBy('genres.id');
}

function uniqueByKey(names: string[]) {
  const seen = new Map<string, string>();
  for (const name of names.map((n) => n.trim()).filter(Boolean)) {
    if (!seen.has(nameKey(name))) seen.set(nameKey(name), name);
  }
  return [...seen.values()];
}
