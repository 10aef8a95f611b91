import type { CatalogueAlbum, CatalogueAlbumDetail } from '@gatefold/contract/catalogue';
import type { CatalogueArtist } from '../port';
import { catalogueId } from './catalogue-ids';
import type { CatalogueAlbum as StoredAlbum } from './catalogue-schema';
import { fold } from './search-query';

/** A catalogue album with what searching it needs precomputed. */
export type IndexedAlbum = {
  detail: CatalogueAlbumDetail;
  summary: CatalogueAlbum;
  country: string;
  year: number;
  artistIds: string[];
  /** Folded album name, artist names and both together. */
  foldedName: string;
  foldedArtists: string;
  foldedText: string;
  foldedGenres: string[];
};

const SEARCH_BASE = 'https://open.spotify.com/search/';

/** The embedded catalogue, indexed once at start-up: ids, covers, artists and their genres. */
export class DemoCatalogue {
  readonly albums: IndexedAlbum[];
  readonly albumsById = new Map<string, IndexedAlbum>();
  readonly artistsById = new Map<string, CatalogueArtist>();

  constructor(stored: StoredAlbum[], publicUrl: string) {
    const genresByArtist = new Map<string, Map<string, number>>();
    this.albums = stored.map((album) => {
      const artists = album.artists.map((name) => ({ id: catalogueId('artist', name), name }));
      const id = catalogueId('album', `${album.artists.join(', ')}|${album.name}`);
      const cover = `${publicUrl}/api/demo/covers/${id}.svg`;
      const summary: CatalogueAlbum = {
        id,
        name: album.name,
        // Spotify knows no EP type; it files them as singles.
        album_type: album.album_type === 'ep' ? 'single' : album.album_type,
        artists,
        release_date: album.release_date,
        release_date_precision:
          album.release_date.length === 10
            ? 'day'
            : album.release_date.length === 7
              ? 'month'
              : 'year',
        total_tracks: album.tracks.length,
        images: [{ url: cover, width: 640, height: 640 }],
        external_urls: { spotify: searchLink(`${album.artists[0]} ${album.name}`) },
      };
      const detail: CatalogueAlbumDetail = {
        ...summary,
        tracks: album.tracks.map((track) => {
          const names = track.artists ?? album.artists;
          return {
            id: catalogueId('track', `${id}|${track.disc}|${track.number}`),
            name: track.name,
            artists: names.map((name) => ({ id: catalogueId('artist', name), name })),
            track_number: track.number,
            disc_number: track.disc,
            duration_ms: durationMs(track.duration),
            external_urls: { spotify: searchLink(`${names[0]} ${track.name}`) },
          };
        }),
        genres: album.genres,
        label: album.label,
        popularity: album.popularity,
      };
      for (const artist of artists) {
        const counts = genresByArtist.get(artist.id) ?? new Map<string, number>();
        for (const genre of album.genres) counts.set(genre, (counts.get(genre) ?? 0) + 1);
        genresByArtist.set(artist.id, counts);
        this.artistsById.set(artist.id, {
          id: artist.id,
          name: artist.name,
          images: [
            { url: `${publicUrl}/api/demo/artists/${artist.id}.svg`, width: 320, height: 320 },
          ],
          genres: [],
        });
      }
      const artistText = fold(album.artists.join(' '));
      return {
        detail,
        summary,
        country: album.country,
        year: Number(album.release_date.slice(0, 4)),
        artistIds: artists.map((artist) => artist.id),
        foldedName: fold(album.name),
        foldedArtists: artistText,
        foldedText: `${fold(album.name)} ${artistText}`,
        foldedGenres: album.genres.map(fold),
      };
    });
    for (const album of this.albums) this.albumsById.set(album.detail.id, album);
    for (const [artistId, counts] of genresByArtist) {
      const artist = this.artistsById.get(artistId);
      if (artist)
        artist.genres = [...counts]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([genre]) => genre);
    }
  }
}

const searchLink = (text: string) => SEARCH_BASE + encodeURIComponent(text);

function durationMs(duration: string): number {
  return duration.split(':').reduce((total, part) => total * 60 + Number(part), 0) * 1000;
}
