import { type AlbumUpdate, albumCreate } from '@gatefold/contract/albums';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { removeUncreditedArtists, upsertArtists } from '../artists/credits';
import { isPostgres } from '../db/database';
import { nameKey } from '../db/name-key';
import type { Database } from '../db/schema';
import { searchText } from '../db/search-text';
import { retryOnUniqueViolation } from '../db/unique-violation';
import { inUserTransaction } from '../db/user-lock';
import { upsertGenres } from '../genres/queries';
import { conflict } from '../http/errors';

/**
 * An album ready to store: what the service or the client gave, with its name and artist known.
 * Checked again where it crosses to the writing thread.
 */
export const newAlbum = albumCreate.extend({ name: z.string(), artist: z.string() });
export type NewAlbum = z.output<typeof newAlbum>;

/**
 * Stores an album with its artists, genres and tracks in one transaction, so a failure leaves
 * nothing half-stored. The same streaming album twice is a conflict naming the stored one.
 */
export async function createAlbum(
  db: Kysely<Database>,
  userId: number,
  album: NewAlbum,
  addedAt?: string,
): Promise<number> {
  return retryOnUniqueViolation(() =>
    inUserTransaction(db, userId, async (trx) => {
      // One add at a time per user, so two adds cannot both create the same new artist.
      return insertAlbum(trx, userId, album, addedAt);
    }),
  );
}

/** Stores one album inside the caller's transaction; one already collected is a conflict. */
export async function insertAlbum(
  trx: Kysely<Database>,
  userId: number,
  album: NewAlbum,
  addedAt = new Date().toISOString(),
): Promise<number> {
  const stored = await insertAlbums(trx, userId, [{ ...album, added_at: addedAt }]);
  const albumId = stored.get(album.spotify_id);
  if (albumId !== undefined) return albumId;
  const existing = await trx
    .selectFrom('albums')
    .select('id')
    .where('user_id', '=', userId)
    .where('spotify_id', '=', album.spotify_id)
    .executeTakeFirstOrThrow();
  throw conflict(`"${album.name}" is already in your collection.`, { album_id: existing.id });
}

/** Rows of one statement; kept well under SQLite's and PostgreSQL's limits on bound values. */
const ROWS_PER_INSERT = 1_000;

/**
 * Stores many albums with their artists, genres and tracks inside the caller's transaction, in a
 * fixed number of statements whatever their number (an import's batch). Albums already collected,
 * or given twice, are left out. Answers the new album ids by streaming id.
 */
export async function insertAlbums(
  trx: Kysely<Database>,
  userId: number,
  albums: (NewAlbum & { added_at: string })[],
): Promise<Map<string, number>> {
  const owned = await ownedSpotifyIds(
    trx,
    userId,
    albums.map((album) => album.spotify_id),
  );
  const fresh = albums.filter((album) => {
    if (owned.has(album.spotify_id)) return false;
    owned.add(album.spotify_id);
    return true;
  });
  const stored = new Map<string, number>();
  if (fresh.length === 0) return stored;

  // The first time this user ever added an album survives removing and adding it again.
  const firstAdds = new Map<string, string>();
  for (const chunk of chunks(fresh, ROWS_PER_INSERT)) {
    await trx
      .insertInto('album_first_adds')
      .values(
        chunk.map((album) => ({
          user_id: userId,
          spotify_id: album.spotify_id,
          first_added_at: album.added_at,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'spotify_id']).doNothing())
      .execute();
    const rows = await trx
      .selectFrom('album_first_adds')
      .select(['spotify_id', 'first_added_at'])
      .where('user_id', '=', userId)
      .where(
        'spotify_id',
        'in',
        chunk.map((album) => album.spotify_id),
      )
      .execute();
    for (const row of rows) firstAdds.set(row.spotify_id, row.first_added_at);
  }

  for (const chunk of chunks(fresh, ROWS_PER_INSERT)) {
    const rows = await trx
      .insertInto('albums')
      .values(
        chunk.map((album) => ({
          user_id: userId,
          spotify_id: album.spotify_id,
          name: album.name,
          artist: album.artist,
          ...albumSearchText(album.name, album.artist),
          release_date: album.release_date ?? null,
          total_tracks: album.total_tracks ?? album.tracks?.length ?? null,
          image_url: album.image_url ?? null,
          spotify_url: album.spotify_url ?? null,
          added_at: album.added_at,
          first_added_at: firstAdds.get(album.spotify_id) ?? album.added_at,
          created_at: album.added_at,
          updated_at: album.added_at,
        })),
      )
      .returning(['id', 'spotify_id'])
      .execute();
    for (const row of rows) if (row.spotify_id) stored.set(row.spotify_id, row.id);
  }
  const idOf = (album: NewAlbum) => stored.get(album.spotify_id) ?? -1;

  const credits = fresh.map((album) =>
    album.artists?.length ? album.artists : [{ name: album.artist }],
  );
  const artistIds = await upsertArtists(trx, userId, credits.flat());
  let next = 0;
  const artistLinks = fresh.flatMap((album, index) => {
    const own = artistIds.slice(next, next + (credits[index]?.length ?? 0));
    next += own.length;
    return [...new Set(own)].map((artistId, position) => ({
      album_id: idOf(album),
      artist_id: artistId,
      position,
    }));
  });
  for (const chunk of chunks(artistLinks, ROWS_PER_INSERT))
    await trx.insertInto('album_artists').values(chunk).execute();

  const genreIds = await upsertGenres(
    trx,
    userId,
    fresh.flatMap((album) => album.genres ?? []),
  );
  const genreLinks = fresh.flatMap((album) =>
    [...new Set((album.genres ?? []).flatMap((name) => genreIds.get(nameKey(name)) ?? []))].map(
      (genreId) => ({
        album_id: idOf(album),
        genre_id: genreId,
        source: 'streaming' as const,
      }),
    ),
  );
  for (const chunk of chunks(genreLinks, ROWS_PER_INSERT))
    await trx.insertInto('album_genres').values(chunk).execute();

  await insertTracks(
    trx,
    fresh.flatMap((album) => trackRows(idOf(album), album.tracks ?? [])),
  );
  return stored;
}

/** An album's tracks as rows of the tracks table. */
export function trackRows(albumId: number, tracks: NonNullable<NewAlbum['tracks']>) {
  return tracks.map((track) => ({
    album_id: albumId,
    spotify_id: track.spotify_id ?? null,
    name: track.name,
    artist: track.artist,
    track_number: track.track_number,
    disc_number: track.disc_number,
    duration_ms: track.duration_ms,
    spotify_url: track.spotify_url ?? null,
  }));
}

type TrackRow = ReturnType<typeof trackRows>[number];

/**
 * Inserts the tracks. On PostgreSQL as one statement with an array for each column, whose text
 * is the same for any number of tracks, so each connection prepares it once: a multi-row VALUES
 * of 1,000 tracks was parsed and planned on every call, 3.2 of its 9.6 ms in the bench's import.
 */
export async function insertTracks(trx: Kysely<Database>, tracks: TrackRow[]) {
  if (tracks.length === 0) return;
  if (!isPostgres(trx)) {
    for (const chunk of chunks(tracks, ROWS_PER_INSERT))
      await trx.insertInto('tracks').values(chunk).execute();
    return;
  }
  const column = (read: (track: TrackRow) => string | number | null, type: 'integer' | 'text') =>
    sql`cast(${tracks.map(read)} as ${sql.raw(type)}[])`;
  await sql`insert into tracks (album_id, spotify_id, name, artist, track_number, disc_number,
      duration_ms, spotify_url)
    select * from unnest(${sql.join([
      column((track) => track.album_id, 'integer'),
      column((track) => track.spotify_id, 'text'),
      column((track) => track.name, 'text'),
      column((track) => track.artist, 'text'),
      column((track) => track.track_number, 'integer'),
      column((track) => track.disc_number, 'integer'),
      column((track) => track.duration_ms, 'integer'),
      column((track) => track.spotify_url, 'text'),
    ])})`.execute(trx);
}

/** Which of these streaming ids the user has collected already. */
export async function ownedSpotifyIds(
  db: Kysely<Database>,
  userId: number,
  spotifyIds: string[],
): Promise<Set<string | null>> {
  const owned = new Set<string | null>();
  for (const chunk of chunks([...new Set(spotifyIds)], ROWS_PER_INSERT)) {
    const rows = await db
      .selectFrom('albums')
      .select('spotify_id')
      .where('user_id', '=', userId)
      .where('spotify_id', 'in', chunk)
      .execute();
    for (const row of rows) owned.add(row.spotify_id);
  }
  return owned;
}

/** The items, `size` at a time. */
export function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    result.push(items.slice(start, start + size));
  return result;
}

/** The folded name, artist, and name with artist, that search, its ranking and the sorts read. */
export function albumSearchText(name: string, artist: string) {
  return {
    search_name: searchText(name),
    search_artist: searchText(artist),
    search_text: searchText(`${name} ${artist}`),
  };
}

/** The fields a user can correct, which a metadata refresh then leaves alone. */
export const CORRECTABLE = ['name', 'artist', 'release_date', 'image_url'] as const;
export type Correctable = (typeof CORRECTABLE)[number];

export function correctedFields(album: { corrected: string }): Set<Correctable> {
  return new Set(CORRECTABLE.filter((field) => album.corrected.split(',').includes(field)));
}

/** Corrects what the service gave, and remembers what was corrected; an absent field stays. */
export async function updateAlbum(
  db: Kysely<Database>,
  userId: number,
  album: { id: number; name: string; artist: string; corrected: string },
  changes: AlbumUpdate,
) {
  const name = changes.name ?? album.name;
  const artist = changes.artist ?? album.artist;
  const corrected = correctedFields(album);
  for (const field of CORRECTABLE) if (changes[field] !== undefined) corrected.add(field);
  await inUserTransaction(db, userId, (trx) =>
    trx
      .updateTable('albums')
      .set({
        name,
        artist,
        ...albumSearchText(name, artist),
        ...(changes.release_date !== undefined ? { release_date: changes.release_date } : {}),
        ...(changes.image_url !== undefined ? { image_url: changes.image_url } : {}),
        corrected: [...corrected].join(','),
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', album.id)
      .where('user_id', '=', userId)
      .execute(),
  );
}

/** Removes the album from the collection, its folders and tags; the tags themselves stay. */
export async function deleteAlbum(db: Kysely<Database>, userId: number, albumId: number) {
  await inUserTransaction(db, userId, async (trx) => {
    await trx
      .deleteFrom('albums')
      .where('id', '=', albumId)
      .where('user_id', '=', userId)
      .execute();
    await removeUncreditedArtists(trx, userId);
  });
}
