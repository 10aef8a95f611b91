import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { searchText } from '../db/search-text';
import { upsertGenres } from '../genres/queries';
import { slugify } from './slug';

export type ArtistCredit = {
  spotify_id?: string | null | undefined;
  name: string;
  image_url?: string | null | undefined;
  genres?: string[] | undefined;
};

/**
 * The artist ids for an album's credits, in credit order. An artist is the same one when the
 * streaming id matches, or, without one, the name does (regardless of case).
 */
export async function upsertArtists(db: Kysely<Database>, userId: number, credits: ArtistCredit[]) {
  const known = await db
    .selectFrom('artists')
    .select(['id', 'spotify_id', 'name', 'slug', 'image_url'])
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('spotify_id', 'in', [...credits.map((c) => c.spotify_id ?? ''), '']),
        eb(
          eb.fn('lower', ['name']),
          'in',
          credits.map((c) => c.name.toLowerCase()),
        ),
      ]),
    )
    .execute();
  const ids: number[] = [];
  for (const credit of credits) {
    const match =
      known.find((artist) => credit.spotify_id && artist.spotify_id === credit.spotify_id) ??
      known.find(
        (artist) =>
          artist.name.toLowerCase() === credit.name.toLowerCase() &&
          (!credit.spotify_id || !artist.spotify_id),
      );
    if (match) {
      if ((credit.image_url && !match.image_url) || (credit.spotify_id && !match.spotify_id)) {
        await db
          .updateTable('artists')
          .set({
            image_url: match.image_url ?? credit.image_url ?? null,
            spotify_id: match.spotify_id ?? credit.spotify_id ?? null,
          })
          .where('id', '=', match.id)
          .execute();
      }
      ids.push(match.id);
      continue;
    }
    const created = await db
      .insertInto('artists')
      .values({
        user_id: userId,
        spotify_id: credit.spotify_id ?? null,
        name: credit.name,
        search_text: searchText(credit.name),
        slug: await freeSlug(db, userId, slugify(credit.name)),
        image_url: credit.image_url ?? null,
        created_at: new Date().toISOString(),
      })
      .returning(['id', 'spotify_id', 'name', 'slug', 'image_url'])
      .executeTakeFirstOrThrow();
    known.push(created);
    ids.push(created.id);
  }
  await linkArtistGenres(db, userId, credits, ids);
  return ids;
}

async function linkArtistGenres(
  db: Kysely<Database>,
  userId: number,
  credits: ArtistCredit[],
  ids: number[],
) {
  const genreIds = await upsertGenres(
    db,
    userId,
    credits.flatMap((c) => c.genres ?? []),
  );
  const links = credits.flatMap((credit, index) =>
    (credit.genres ?? []).flatMap((name) => {
      const genreId = genreIds.get(name.trim().toLowerCase());
      const artistId = ids[index];
      return genreId && artistId ? [{ artist_id: artistId, genre_id: genreId }] : [];
    }),
  );
  if (links.length === 0) return;
  await db
    .insertInto('artist_genres')
    .values(links)
    .onConflict((oc) => oc.columns(['artist_id', 'genre_id']).doNothing())
    .execute();
}

/** The slug itself, or with the first free number after it ("nirvana-2"). */
async function freeSlug(db: Kysely<Database>, userId: number, base: string) {
  const taken = await db
    .selectFrom('artists')
    .select('slug')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Artists no album credits any more are gone from the collection. */
export async function removeUncreditedArtists(db: Kysely<Database>, userId: number) {
  await db
    .deleteFrom('artists')
    .where('user_id', '=', userId)
    .where('album_count', '=', 0)
    .execute();
}
