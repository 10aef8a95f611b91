import type { CatalogueAlbumDetail } from '@gatefold/contract/catalogue';
import pMap from 'p-map';
import { creditedArtist, storableAlbum, streamingGenres } from '../albums/add-from-streaming';
import type { NewAlbum } from '../albums/store';
import type { CatalogueArtist, StreamingService } from '../streaming/port';

/** Calls to the streaming service in flight at once while a page of albums is completed. */
const CALLS_AT_ONCE = 8;

/** The artists a job has had from the service, by id: undefined for one it does not know. */
export type KnownArtists = Map<string, CatalogueArtist | undefined>;

/** An album a job wants from the service: its id there, and the album whole if a page gave it. */
export type WantedAlbum = { id: string; detail?: CatalogueAlbumDetail };

/**
 * A page of albums as the service gives them, ready to store, in the order asked: each taken
 * whole where the caller has it (else asked for), and each artist the job has not met yet asked
 * for once, a few calls at a time. Undefined stands for an album the service cannot give, or one
 * of whose artists it fails on. Genres are the service's alone: MusicBrainz answers once a second,
 * a day for 50,000 albums, so those it would name genres for are left to the look-up of genres.
 */
export async function streamingAlbums(
  streaming: StreamingService,
  wanted: WantedAlbum[],
  artists: KnownArtists,
  signal: AbortSignal,
): Promise<(NewAlbum | undefined)[]> {
  const options = { concurrency: CALLS_AT_ONCE, signal };
  const details = await pMap(
    wanted,
    async ({ id, detail }) => detail ?? streaming.getAlbum(id).catch(() => undefined),
    options,
  );
  const unmet = new Set(
    details
      .flatMap((album) => album?.artists.map(({ id }) => id) ?? [])
      .filter((id) => !artists.has(id)),
  );
  const failedArtists = new Set<string>();
  await pMap(
    unmet,
    async (id) => {
      try {
        artists.set(id, await streaming.getArtist(id));
      } catch {
        failedArtists.add(id);
      }
    },
    options,
  );
  return details.map((album) => storable(album, artists, failedArtists));
}

function storable(
  album: CatalogueAlbumDetail | undefined,
  artists: KnownArtists,
  failedArtists: Set<string>,
): NewAlbum | undefined {
  if (!album || album.artists.some(({ id }) => failedArtists.has(id))) return undefined;
  const credited = album.artists.map((credit) => creditedArtist(credit, artists.get(credit.id)));
  try {
    return storableAlbum(album, credited, streamingGenres(album, credited));
  } catch {
    return undefined;
  }
}
