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
 * The user's artists with one of the streaming ids or name keys (neither list empty), oldest
 * first. One lookup for each key, so that each reads its own index: an OR can be planned as a
 * walk over every artist of the user while the statistics predate a large import.
 */
export function artistsKnownBy(
  db: Kysely<Database>,
  userId: number,
  spotifyIds: string[],
  nameKeys: string[],
) {
  const userArtists = db
    .selectFrom('artists')
    .select(['id', 'spotify_id', 'name_key', 'slug', 'image_url'])
    .where('user_id', '=', userId);
  return userArtists
    .where('spotify_id', 'in', [...new Set(spotifyIds)])
    .union(userArtists.where('name_key', 'in', [...new Set(nameKeys)]))
    .orderBy('id');
}

/**
 * The artist ids for a batch of credits (one album's, or many albums' at once), in credit order.
 * An artist is the same one when the streaming id matches, or, without one, the name does
 * (regardless of case). A fixed number of statements for any batch, but for rare slug clashes.
 */
export async function upsertArtists(db: Kysely<Database>, userId: number, credits: ArtistCredit[]) {
  if (credits.length === 0) return [];
  const nameKeys = credits.map((credit) => nameKey(credit.name));
  const rows: KnownArtist[] = await artistsKnownBy(
    db,
    userId,
    credits.map((credit) => credit.spotify_id ?? ''),
    nameKeys,
  ).execute();
  const known = new KnownArtists(rows);

  const updated = new Set<KnownArtist>();
  const missing = new Map<string, ArtistCredit>();
  for (const [index, credit] of credits.entries()) {
    const key = nameKeys[index] ?? '';
    const match = known.find(credit, key);
    if (!match) {
      // Two credits of one batch may name the same new artist: it is added once.
      const newArtist = credit.spotify_id ? `streaming ${credit.spotify_id}` : `name ${key}`;
      if (!missing.has(newArtist)) missing.set(newArtist, credit);
      continue;
    }
    if ((credit.image_url && !match.image_url) || (credit.spotify_id && !match.spotify_id)) {
      match.image_url = match.image_url ?? credit.image_url ?? null;
      if (!match.spotify_id && credit.spotify_id) known.giveStreamingId(match, credit.spotify_id);
      updated.add(match);
    }
  }
  for (const artist of updated) {
    await db
      .updateTable('artists')
      .set({ image_url: artist.image_url, spotify_id: artist.spotify_id })
      .where('id', '=', artist.id)
      .execute();
  }
  const added = [...missing.values()];
  if (added.length > 0) {
    const slugs = await freeSlugs(
      db,
      userId,
      added.map((credit) => slugify(credit.name)),
    );
    const now = new Date().toISOString();
    const inserted = await db
      .insertInto('artists')
      .values(
        added.map((credit, index) => ({
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
      .execute();
    for (const artist of inserted) known.add(artist);
  }
  const ids = credits.map((credit, index) => known.find(credit, nameKeys[index] ?? '')?.id ?? -1);
  await linkArtistGenres(db, userId, credits, ids);
  return ids;
}

/**
 * The artists a batch may credit, by streaming id and by name key, each in the order they were
 * read: a credit is matched by a lookup rather than against every artist, which for an import's
 * batch of 250 albums normalised names some 60,000 times on the event loop.
 */
class KnownArtists {
  readonly #byStreamingId = new Map<string, KnownArtist>();
  readonly #byNameKey = new Map<string, KnownArtist[]>();

  constructor(artists: KnownArtist[]) {
    for (const artist of artists) this.add(artist);
  }

  add(artist: KnownArtist) {
    if (artist.spotify_id) this.#indexStreamingId(artist, artist.spotify_id);
    const named = this.#byNameKey.get(artist.name_key);
    if (named) named.push(artist);
    else this.#byNameKey.set(artist.name_key, [artist]);
  }

  /**
   * The same artist: the one with the credit's streaming id, or else one of the same name where
   * the credit or the artist has no streaming id.
   */
  find(credit: ArtistCredit, creditNameKey: string): KnownArtist | undefined {
    return (
      (credit.spotify_id ? this.#byStreamingId.get(credit.spotify_id) : undefined) ??
      this.#byNameKey.get(creditNameKey)?.find((artist) => !credit.spotify_id || !artist.spotify_id)
    );
  }

  /** An artist known by name alone learns its streaming id from a credit. */
  giveStreamingId(artist: KnownArtist, spotifyId: string) {
    artist.spotify_id = spotifyId;
    this.#indexStreamingId(artist, spotifyId);
  }

  #indexStreamingId(artist: KnownArtist, spotifyId: string) {
    if (!this.#byStreamingId.has(spotifyId)) this.#byStreamingId.set(spotifyId, artist);
  }
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
