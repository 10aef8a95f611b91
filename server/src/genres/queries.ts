import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nameRank, searchText, searchWords, startsWords } from '../db/search-text';
import { sameText, toCount } from '../db/text-match';

/** The ids of genres by name, creating the missing ones; names match regardless of case. */
export async function upsertGenres(db: Kysely<Database>, userId: number, names: string[]) {
  const wanted = uniqueIgnoringCase(names);
  if (wanted.length === 0) return new Map<string, number>();
  const lowered = wanted.map((name) => name.toLowerCase());
  const existing = await db
    .selectFrom('genres')
    .select(['id', 'name'])
    .where('user_id', '=', userId)
    .where((eb) => eb(eb.fn('lower', ['name']), 'in', lowered))
    .execute();
  const ids = new Map(existing.map((genre) => [genre.name.toLowerCase(), genre.id]));
  const missing = wanted.filter((name) => !ids.has(name.toLowerCase()));
  if (missing.length > 0) {
    const now = new Date().toISOString();
    const created = await db
      .insertInto('genres')
      .values(
        missing.map((name) => ({
          user_id: userId,
          name,
          search_text: searchText(name),
          created_at: now,
        })),
      )
      .returning(['id', 'name'])
      .execute();
    for (const genre of created) ids.set(genre.name.toLowerCase(), genre.id);
  }
  return ids;
}

/** A genre by id or by name (the path may hold either). */
export async function findGenre(db: Kysely<Database>, userId: number, key: string) {
  return db
    .selectFrom('genres')
    .select(['id', 'name'])
    .where('user_id', '=', userId)
    .where((eb) =>
      /^\d+$/.test(key)
        ? eb.or([sameText(eb.ref('name'), key), eb('id', '=', Number(key))])
        : sameText(eb.ref('name'), key),
    )
    .orderBy((eb) =>
      eb
        .case()
        .when(sameText(eb.ref('name'), key))
        .then(0)
        .else(1)
        .end(),
    )
    .executeTakeFirst();
}

/** Genres with at least one of this user's albums, most used first (SPEC §9 hides empty ones). */
export async function listGenres(db: Kysely<Database>, userId: number, search: string | undefined) {
  const words = search ? searchWords(search) : undefined;
  const rows = await db
    .selectFrom('genres')
    .select(['genres.id', 'genres.name', 'genres.album_count'])
    .where('genres.user_id', '=', userId)
    .where('genres.album_count', '>', 0)
    .$if(words !== undefined, (query) =>
      query
        .where((eb) => startsWords(eb.ref('genres.search_text'), words ?? []))
        .orderBy((eb) => nameRank(eb.ref('genres.search_text'), words ?? [])),
    )
    .orderBy('genres.album_count', 'desc')
    .orderBy((eb) => eb.fn('lower', ['genres.name']))
    .execute();
  return rows.map((row) => ({ ...row, album_count: toCount(Number(row.album_count)) }));
}

export async function countGenreAlbums(db: Kysely<Database>, genreId: number) {
  const row = await db
    .selectFrom('genres')
    .select('album_count')
    .where('id', '=', genreId)
    .executeTakeFirst();
  return toCount(row?.album_count);
}

function uniqueIgnoringCase(names: string[]) {
  const seen = new Map<string, string>();
  for (const name of names.map((n) => n.trim()).filter(Boolean)) {
    if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  return [...seen.values()];
}
