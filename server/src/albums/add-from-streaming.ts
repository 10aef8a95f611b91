import { albumCreate } from '@gatefold/contract/albums';
import type { CatalogueAlbumDetail } from '@gatefold/contract/catalogue';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/schema';
import { conflict, notFound, upstreamFailed } from '../http/errors';
import type { GenreSource } from '../streaming/musicbrainz-genres';
import type { CatalogueArtist, StreamingService } from '../streaming/port';
import { createAlbum, type NewAlbum } from './store';

export type AlbumSources = { streaming: StreamingService; genres: GenreSource };

type Given = z.output<typeof albumCreate>;

/**
 * Adds an album by its streaming id, complete: every track, each credited artist with an image,
 * and genres (the service's, its artists', or MusicBrainz's). Everything outside is fetched
 * before the one transaction that stores it, so a failure out there stores nothing.
 */
export async function addAlbumFromStreaming(
  db: Kysely<Database>,
  sources: AlbumSources,
  userId: number,
  given: Given,
  /** When the album joined the user's streaming library, if it comes from there. */
  addedAt?: string,
): Promise<number> {
  const existing = await db
    .selectFrom('albums')
    .select(['id', 'name'])
    .where('user_id', '=', userId)
    .where('spotify_id', '=', given.spotify_id)
    .executeTakeFirst();
  if (existing)
    throw conflict(`"${existing.name}" is already in your collection.`, { album_id: existing.id });

  const album = await fetchCompleteAlbum(sources, given.spotify_id);
  if (album) return createAlbum(db, userId, album, addedAt);
  // An album the service does not know is kept as given (an import), if it is described at all.
  if (given.name && given.artist)
    return createAlbum(db, userId, { ...given, name: given.name, artist: given.artist });
  throw notFound(`The streaming service has no album with id ${given.spotify_id}.`);
}

/** The album as the service knows it, complete with artists and genres; undefined if unknown. */
export async function fetchCompleteAlbum(
  sources: AlbumSources,
  spotifyId: string,
): Promise<NewAlbum | undefined> {
  const album = await sources.streaming.getAlbum(spotifyId);
  if (!album) return undefined;
  const artists = await Promise.all(
    album.artists.map(async (credit) =>
      creditedArtist(credit, await sources.streaming.getArtist(credit.id)),
    ),
  );
  let genres = streamingGenres(album, artists);
  if (genres.length === 0 && album.artists[0]) {
    genres = await sources.genres.genresFor(album.artists[0].name, album.name);
  }
  return storableAlbum(album, artists, genres);
}

/** A credited artist as the service knows it, or the credit alone, with no image or genres. */
export function creditedArtist(
  credit: CatalogueAlbumDetail['artists'][number],
  known: CatalogueArtist | undefined,
): CatalogueArtist {
  return known ?? { ...credit, images: [], genres: [] };
}

/** The genres the service gives an album: its own, else its artists'. */
export function streamingGenres(album: CatalogueAlbumDetail, artists: CatalogueArtist[]): string[] {
  return album.genres.length > 0
    ? album.genres
    : [...new Set(artists.flatMap((artist) => artist.genres))];
}

/** The album as the store takes it; one the service sent in a shape we cannot store is refused. */
export function storableAlbum(
  album: CatalogueAlbumDetail,
  artists: CatalogueArtist[],
  genres: string[],
): NewAlbum {
  const artistNames = album.artists.map((artist) => artist.name).join(', ');
  const parsed = albumCreate.safeParse({
    spotify_id: album.id,
    name: album.name,
    artist: artistNames,
    release_date: album.release_date,
    total_tracks: album.total_tracks,
    image_url: album.images[0]?.url ?? null,
    spotify_url: album.external_urls.spotify,
    artists: artists.map((artist) => ({
      spotify_id: artist.id,
      name: artist.name,
      image_url: artist.images[0]?.url ?? null,
      genres: artist.genres,
    })),
    genres,
    tracks: album.tracks.map((track) => ({
      spotify_id: /^[A-Za-z0-9]+$/.test(track.id) ? track.id : null,
      name: track.name,
      artist: track.artists.map((artist) => artist.name).join(', ') || artistNames,
      track_number: track.track_number,
      disc_number: track.disc_number,
      duration_ms: track.duration_ms,
      spotify_url: track.external_urls.spotify,
    })),
  });
  if (!parsed.success)
    throw upstreamFailed('The streaming service sent an album we could not store.');
  return { ...parsed.data, name: album.name, artist: artistNames };
}
