import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { containsText, sameText, toCount } from '../db/text-match';

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
      .values(missing.map((name) => ({ user_id: userId, name, created_at: now })))
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
  const rows = await db
    .selectFrom('genres')
    .select([
      'genres.id',
      'genres.name',
      // Counted per genre from its own index range, not by grouping every album_genres row.
      (eb) =>
        eb
          .selectFrom('album_genres')
          .select((count) => count.fn.countAll().as('uses'))
          .whereRef('album_genres.genre_id', '=', 'genres.id')
          .as('album_count'),
    ])
    .where('genres.user_id', '=', userId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('album_genres')
          .select('album_genres.album_id')
          .whereRef('album_genres.genre_id', '=', 'genres.id'),
      ),
    )
    .$if(Boolean(search), (query) =>
      query.where((eb) => containsText(eb.ref('genres.name'), search ?? '')),
    )
    .orderBy('album_count', 'desc')
    .orderBy((eb) => eb.fn('lower', ['genres.name']))
    .execute();
  return rows.map((row) => ({ ...row, album_count: toCount(Number(row.album_count)) }));
}

export async function countGenreAlbums(db: Kysely<Database>, genreId: number) {
  const row = await db
    .selectFrom('album_genres')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('genre_id', '=', genreId)
    .executeTakeFirst();
  return toCount(row?.count);
}

function uniqueIgnoringCase(names: string[]) {
  const seen = new Map<string, string>();
  for (const name of names.map((n) => n.trim()).filter(Boolean)) {
    if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  return [...seen.values()];
}
