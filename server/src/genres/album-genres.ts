import { type GenreRef, genreName } from '@gatefold/contract/genres';
import type { Kysely } from 'kysely';
import { nameKey } from '../db/name-key';
import type { Database } from '../db/schema';
import { retryOnUniqueViolation } from '../db/unique-violation';
import { inUserTransaction } from '../db/user-lock';
import { invalid, notFound } from '../http/errors';
import { findGenre, upsertGenres } from './queries';

/** Gives an album (already checked to be the user's) a genre by id or name; a new name creates it. */
export async function attachGenre(
  db: Kysely<Database>,
  userId: number,
  albumId: number,
  key: string,
): Promise<GenreRef> {
  return retryOnUniqueViolation(() =>
    inUserTransaction(db, userId, async (trx) => {
      let genre: GenreRef | undefined = await findGenre(trx, userId, key);
      if (!genre) {
        const name = genreName.safeParse(key);
        if (!name.success)
          throw invalid('genreId', name.error.issues[0]?.message ?? 'is not a valid genre name');
        const ids = await upsertGenres(trx, userId, [name.data]);
        genre = { id: ids.get(nameKey(name.data)) ?? 0, name: name.data };
      }
      await trx
        .insertInto('album_genres')
        .values({ album_id: albumId, genre_id: genre.id, source: 'user' })
        .onConflict((oc) => oc.columns(['album_id', 'genre_id']).doNothing())
        .execute();
      return { id: genre.id, name: genre.name };
    }),
  );
}

export async function detachGenre(
  db: Kysely<Database>,
  userId: number,
  albumId: number,
  key: string,
) {
  await inUserTransaction(db, userId, async (trx) => {
    const genre = await findGenre(trx, userId, key);
    if (!genre) throw notFound('No such genre.');
    await trx
      .deleteFrom('album_genres')
      .where('album_id', '=', albumId)
      .where('genre_id', '=', genre.id)
      .execute();
  });
}
