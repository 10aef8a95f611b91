import type { AlbumUpdate, albumCreate } from '@gatefold/contract/albums';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { removeUncreditedArtists, upsertArtists } from '../artists/credits';
import type { Database } from '../db/schema';
import { searchText } from '../db/search-text';
import { retryOnUniqueViolation } from '../db/unique-violation';
import { lockUser } from '../db/user-lock';
import { upsertGenres } from '../genres/queries';
import { conflict } from '../http/errors';

/** An album ready to store: what the service or the client gave, with its name and artist known. */
export type NewAlbum = Omit<z.output<typeof albumCreate>, 'name' | 'artist'> & {
  name: string;
  artist: string;
};

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
    db.transaction().execute(async (trx) => {
      // One add at a time per user, so two adds cannot both create the same new artist.
      await lockUser(trx, userId);
      return insertAlbum(trx, userId, album, addedAt);
    }),
  );
}

/** Stores one album inside the caller's transaction (an add, or an import of many). */
export async function insertAlbum(
  trx: Kysely<Database>,
  userId: number,
  album: NewAlbum,
  addedAt = new Date().toISOString(),
): Promise<number> {
  const existing = await trx
    .selectFrom('albums')
    .select('id')
    .where('user_id', '=', userId)
    .where('spotify_id', '=', album.spotify_id)
    .executeTakeFirst();
  if (existing) {
    throw conflict(`"${album.name}" is already in your collection.`, { album_id: existing.id });
  }

  const now = addedAt;
  // The first time this user ever added the album survives removing and adding it again.
  await trx
    .insertInto('album_first_adds')
    .values({ user_id: userId, spotify_id: album.spotify_id, first_added_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'spotify_id']).doNothing())
    .execute();
  const firstAdd = await trx
    .selectFrom('album_first_adds')
    .select('first_added_at')
    .where('user_id', '=', userId)
    .where('spotify_id', '=', album.spotify_id)
    .executeTakeFirstOrThrow();

  const { id: albumId } = await trx
    .insertInto('albums')
    .values({
      user_id: userId,
      spotify_id: album.spotify_id,
      name: album.name,
      artist: album.artist,
      ...albumSearchText(album.name, album.artist),
      release_date: album.release_date ?? null,
      total_tracks: album.total_tracks ?? album.tracks?.length ?? null,
      image_url: album.image_url ?? null,
      spotify_url: album.spotify_url ?? null,
      added_at: now,
      first_added_at: firstAdd.first_added_at,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const credits = album.artists?.length ? album.artists : [{ name: album.artist }];
  const artistIds = await upsertArtists(trx, userId, credits);
  await trx
    .insertInto('album_artists')
    .values(
      [...new Set(artistIds)].map((artistId, position) => ({
        album_id: albumId,
        artist_id: artistId,
        position,
      })),
    )
    .execute();

  const genreIds = await upsertGenres(trx, userId, album.genres ?? []);
  if (genreIds.size > 0) {
    await trx
      .insertInto('album_genres')
      .values(
        [...new Set(genreIds.values())].map((genreId) => ({
          album_id: albumId,
          genre_id: genreId,
          source: 'streaming' as const,
        })),
      )
      .execute();
  }

  if (album.tracks?.length) {
    await trx
      .insertInto('tracks')
      .values(
        album.tracks.map((track) => ({
          album_id: albumId,
          spotify_id: track.spotify_id ?? null,
          name: track.name,
          artist: track.artist,
          track_number: track.track_number,
          disc_number: track.disc_number,
          duration_ms: track.duration_ms,
          spotify_url: track.spotify_url ?? null,
        })),
      )
      .execute();
  }
  return albumId;
}

/** The folded name, and name with artist, that search and its ranking read. */
function albumSearchText(name: string, artist: string) {
  return { search_name: searchText(name), search_text: searchText(`${name} ${artist}`) };
}

/** Corrects what the service gave; an absent field stays as it is. */
export async function updateAlbum(
  db: Kysely<Database>,
  album: { id: number; name: string; artist: string },
  changes: AlbumUpdate,
) {
  const name = changes.name ?? album.name;
  const artist = changes.artist ?? album.artist;
  await db
    .updateTable('albums')
    .set({
      name,
      artist,
      ...albumSearchText(name, artist),
      ...(changes.release_date !== undefined ? { release_date: changes.release_date } : {}),
      ...(changes.image_url !== undefined ? { image_url: changes.image_url } : {}),
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', album.id)
    .execute();
}

/** Removes the album from the collection, its folders and tags; the tags themselves stay. */
export async function deleteAlbum(db: Kysely<Database>, userId: number, albumId: number) {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('albums')
      .where('id', '=', albumId)
      .where('user_id', '=', userId)
      .execute();
    await removeUncreditedArtists(trx, userId);
  });
}
