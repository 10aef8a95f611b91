import type { DemoCatalogue, IndexedAlbum } from '../streaming/demo/demo-catalogue';
import { fold } from '../streaming/demo/search-query';
import type { DiscoveryFilters } from './filters';
import type { DiscoveryHit } from './hits';

/**
 * Discovery by country, genre and year over the embedded catalogue, which knows each album's
 * country of origin and genres: what MusicBrainz provides when Spotify is the service.
 */
export function discoverInCatalogue(
  catalogue: DemoCatalogue,
  filters: DiscoveryFilters,
): DiscoveryHit[] {
  const genres = filters.genres.map(fold);
  const words = filters.text ? fold(filters.text).split(/\s+/).filter(Boolean) : [];
  const matches = (album: IndexedAlbum) =>
    (!filters.country || album.country === filters.country) &&
    genres.every((genre) => album.foldedGenres.some((own) => own.includes(genre))) &&
    (!filters.years || (album.year >= filters.years.from && album.year <= filters.years.to)) &&
    (!filters.artist || album.foldedArtists.includes(fold(filters.artist))) &&
    (!filters.album || album.foldedName.includes(fold(filters.album))) &&
    (!filters.albumType ||
      album.summary.album_type === (filters.albumType === 'ep' ? 'single' : filters.albumType)) &&
    words.every((word) => album.foldedText.includes(word));
  return catalogue.albums
    .filter(matches)
    .sort((a, b) => (b.detail.popularity ?? 0) - (a.detail.popularity ?? 0))
    .map((album) => ({ album: album.summary, popularity: album.detail.popularity }));
}
