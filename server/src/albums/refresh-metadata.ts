import type { Kysely, Selectable } from 'kysely';
import { removeUncreditedArtists, upsertArtists } from '../artists/credits';
import { nameKey } from '../db/name-key';
import type { AlbumsTable, Database } from '../db/schema';
import { inUserTransaction } from '../db/user-lock';
import { upsertGenres } from '../genres/queries';
import { invalid, notFound } from '../http/errors';
import { type AlbumSources, fetchCompleteAlbum } from './add-from-streaming';
import { loadOwnAlbum } from './queries';
import { albumSearchText, correctedFields, insertTracks, type NewAlbum, trackRows } from './store';

type StoredAlbum = Pick<
  Selectable<AlbumsTable>,
  'id' | 'name' | 'artist' | 'release_date' | 'image_url' | 'corrected'
>;

/**
 * Brings one album up to date with the streaming service: cover, tracks, credits and genres.
 * The user's tags, folders and own genres stay, and so does every field they corrected.
 */
export async function refreshAlbumMetadata(
  db: Kysely<Database>,
  sources: AlbumSources,
  userId: number,
  albumId: number,
): Promise<void> {
  const album = await loadOwnAlbum(db, userId, albumId);
  if (!album.spotify_id)
    throw invalid('id', 'is an album the streaming service does not know, so it cannot refresh');
  // Fetched before the transaction, so a slow or failing service holds no lock.
  const fresh = await fetchCompleteAlbum(sources, album.spotify_id);
  if (!fresh) throw notFound('The streaming service no longer has this album.');
  await inUserTransaction(db, userId, async (trx) => {
    const current = await loadOwnAlbum(trx, userId, albumId);
    await applyMetadata(trx, userId, current, fresh);
    await removeUncreditedArtists(trx, userId);
  });
}

/**
 * Writes what the service says of an album over what it said before, inside the caller's
 * transaction. Artists left without albums are for the caller to remove, once per batch.
 */
export async function applyMetadata(
  trx: Kysely<Database>,
  userId: number,
  album: StoredAlbum,
  fresh: NewAlbum,
): Promise<void> {
  const corrected = correctedFields(album);
  const name = corrected.has('name') ? album.name : fresh.name;
  const artist = corrected.has('artist') ? album.artist : fresh.artist;
  await trx
    .updateTable('albums')
    .set({
      name,
      artist,
      ...albumSearchText(name, artist),
      release_date: corrected.has('release_date')
        ? album.release_date
        : (fresh.release_date ?? null),
      image_url: corrected.has('image_url') ? album.image_url : (fresh.image_url ?? null),
      total_tracks: fresh.total_tracks ?? fresh.tracks?.length ?? null,
      spotify_url: fresh.spotify_url ?? null,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', album.id)
    .where('user_id', '=', userId)
    .execute();

  if (fresh.tracks && fresh.tracks.length > 0) {
    await trx.deleteFrom('tracks').where('album_id', '=', album.id).execute();
    await insertTracks(trx, trackRows(album.id, fresh.tracks));
  }

  // A corrected artist keeps the credits it was corrected to.
  if (!corrected.has('artist') && fresh.artists && fresh.artists.length > 0) {
    const artistIds = await upsertArtists(trx, userId, fresh.artists);
    await trx.deleteFrom('album_artists').where('album_id', '=', album.id).execute();
    await trx
      .insertInto('album_artists')
      .values(
        [...new Set(artistIds)].map((artistId, position) => ({
          album_id: album.id,
          artist_id: artistId,
          position,
        })),
      )
      .execute();
  }

  // The genres the user gave stay; the service's are replaced by what it says now.
  if (fresh.genres && fresh.genres.length > 0) {
    await trx
      .deleteFrom('album_genres')
      .where('album_id', '=', album.id)
      .where('source', '!=', 'user')
      .execute();
    const genreIds = await upsertGenres(trx, userId, fresh.genres);
    const links = [...new Set(fresh.genres.flatMap((genre) => genreIds.get(nameKey(genre)) ?? []))];
    await trx
      .insertInto('album_genres')
      .values(
        links.map((genreId) => ({
          album_id: album.id,
          genre_id: genreId,
          source: 'streaming' as const,
        })),
      )
      .onConflict((oc) => oc.columns(['album_id', 'genre_id']).doNothing())
      .execute();
  }
}
