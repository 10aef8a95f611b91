import type { Kysely } from 'kysely';
import { nameKey } from '../db/name-key';
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

type KnownArtist = {
  id: number;
  spotify_id: string | null;
  name_key: string;
  slug: string;
  image_url: string | null;
};

/**
 * The artist ids for a batch of credits (one album's, or many albums' at once), in credit order.
 * An artist is the same one when the streaming id matches, or, without one, the name does
 * (regardless of case). A fixed number of statements for any batch, but for rare slug clashes.
 */
export async function upsertArtists(db: Kysely<Database>, userId: number, credits: ArtistCredit[]) {
  if (credits.length === 0) return [];
  const known: KnownArtist[] = await db
    .selectFrom('artists')
    .select(['id', 'spotify_id', 'name_key', 'slug', 'image_url'])
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('spotify_id', 'in', [...new Set(credits.map((c) => c.spotify_id ?? ''))]),
        eb('name_key', 'in', [...new Set(credits.map((c) => nameKey(c.name)))]),
      ]),
    )
    .execute();
  const find = (credit: ArtistCredit) =>
    known.find((artist) => credit.spotify_id && artist.spotify_id === credit.spotify_id) ??
    known.find(
      (artist) =>
        artist.name_key === nameKey(credit.name) && (!credit.spotify_id || !artist.spotify_id),
    );

  const updated = new Set<number>();
  const missing: ArtistCredit[] = [];
  for (const credit of credits) {
    const match = find(credit);
    if (!match) {
      if (!missing.some((other) => sameArtist(other, credit))) missing.push(credit);
      continue;
    }
    if ((credit.image_url && !match.image_url) || (credit.spotify_id && !match.spotify_id)) {
      match.image_url = match.image_url ?? credit.image_url ?? null;
      match.spotify_id = match.spotify_id ?? credit.spotify_id ?? null;
      updated.add(match.id);
    }
  }
  for (const artist of known.filter((a) => updated.has(a.id))) {
    await db
      .updateTable('artists')
      .set({ image_url: artist.image_url, spotify_id: artist.spotify_id })
      .where('id', '=', artist.id)
      .execute();
  }
  if (missing.length > 0) {
    const slugs = await freeSlugs(
      db,
      userId,
      missing.map((credit) => slugify(credit.name)),
    );
    const now = new Date().toISOString();
    known.push(
      ...(await db
        .insertInto('artists')
        .values(
          missing.map((credit, index) => ({
            user_id: userId,
            spotify_id: credit.spotify_id ?? null,
            name: credit.name,
            name_key: nameKey(credit.name),
            search_text: searchText(credit.name),
            slug: slugs[index] ?? slugify(credit.name),
            image_url: credit.image_url ?? null,
            created_at: now,
          })),
        )
        .returning(['id', 'spotify_id', 'name_key', 'slug', 'image_url'])
        .execute()),
    );
  }
  const ids = credits.map((credit) => find(credit)?.id ?? -1);
  await linkArtistGenres(db, userId, credits, ids);
  return ids;
}

/** Two credits of one batch that name the same new artist. */
const sameArtist = (a: ArtistCredit, b: ArtistCredit) =>
  a.spotify_id || b.spotify_id
    ? a.spotify_id === b.spotify_id
    : nameKey(a.name) === nameKey(b.name);

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
      const genreId = genreIds.get(nameKey(name));
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

/**
 * A free slug for each base, in order: the base itself, or with the first free number after it
 * ("nirvana-2"). Bases nobody has yet, the usual case, cost one query for the whole batch.
 */
async function freeSlugs(db: Kysely<Database>, userId: number, bases: string[]) {
  const taken = await db
    .selectFrom('artists')
    .select('slug')
    .where('user_id', '=', userId)
    .where('slug', 'in', [...new Set(bases)])
    .execute();
  const used = new Set(taken.map((row) => row.slug));
  const slugs: string[] = [];
  for (const base of bases) {
    let slug = base;
    if (used.has(base)) {
      const numbered = await db
        .selectFrom('artists')
        .select('slug')
        .where('user_id', '=', userId)
        .where('slug', 'like', `${base}-%`)
        .execute();
      for (const row of numbered) used.add(row.slug);
      for (let n = 2; used.has(slug); n += 1) slug = `${base}-${n}`;
    }
    used.add(slug);
    slugs.push(slug);
  }
  return slugs;
}

/** Artists no album credits any more are gone from the collection. */
export async function removeUncreditedArtists(db: Kysely<Database>, userId: number) {
  await db
    .deleteFrom('artists')
    .where('user_id', '=', userId)
    .where('album_count', '=', 0)
    .execute();
}
