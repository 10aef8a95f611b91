import type { CatalogueAlbum } from '@gatefold/contract/catalogue';
import type { DiscoveryAlbum } from '@gatefold/contract/discovery';

/** A catalogue album as discovery lists it (SPEC §3). */
export function toDiscoveryAlbum(
  album: CatalogueAlbum,
  collectionId: number | undefined,
  popularity: number | null = null,
): DiscoveryAlbum {
  return {
    spotify_id: album.id,
    name: album.name,
    artist: album.artists.map((artist) => artist.name).join(', '),
    image_url: album.images[0]?.url ?? null,
    release_date: album.release_date,
    total_tracks: album.total_tracks,
    popularity,
    spotify_url: album.external_urls.spotify,
    in_collection: collectionId !== undefined,
    collection_id: collectionId ?? null,
  };
}
