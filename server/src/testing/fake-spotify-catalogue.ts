import type { CatalogueAlbumDetail } from '@gatefold/contract/catalogue';
import type { DemoStreamingService } from '../streaming/demo/demo-service';

const API = 'https://api.spotify.com/v1';
const PAGE = 50;

/** A failure the fake answers the next Web API call with. */
export type InjectedFailure =
  | { status: 429; retryAfter: number }
  | { status: 500 | 502 | 503 | 400 | 403 }
  | { malformed: true }
  /** Headers and the start of a body, then the connection is dropped. */
  | { cutBody: true }
  | { delayMs: number };

/**
 * Spotify's Web API catalogue calls, answered from a catalogue in Spotify's 2026 shapes:
 * deprecated album and artist genres come back empty, label and popularity are gone.
 */
export function spotifyCatalogueAnswers(
  catalogue: DemoStreamingService,
  /** Saved albums of the fake's user: the catalogue's first this many, else its demo library. */
  librarySize?: number,
) {
  const paging = <T>(items: T[], total: number, limit: number, offset: number, path: string) => ({
    href: `${API}${path}?offset=${offset}&limit=${limit}`,
    items,
    limit,
    next: offset + limit < total ? `${API}${path}?offset=${offset + limit}&limit=${limit}` : null,
    offset,
    previous:
      offset > 0 ? `${API}${path}?offset=${Math.max(0, offset - limit)}&limit=${limit}` : null,
    total,
  });
  const artistRef = ({ id, name }: { id: string; name: string }) => ({
    external_urls: { spotify: `https://open.spotify.com/artist/${id}` },
    href: `${API}/artists/${id}`,
    id,
    name,
    type: 'artist',
    uri: `spotify:artist:${id}`,
  });
  const simplifiedAlbum = (album: CatalogueAlbumDetail) => ({
    album_type: album.album_type,
    total_tracks: album.tracks.length,
    available_markets: ['US', 'GB', 'JP'],
    external_urls: { spotify: `https://open.spotify.com/album/${album.id}` },
    href: `${API}/albums/${album.id}`,
    id: album.id,
    images: album.images.map((image) => ({
      url: image.url,
      height: image.height,
      width: image.width,
    })),
    name: album.name,
    release_date: album.release_date,
    release_date_precision: album.release_date_precision,
    type: 'album',
    uri: `spotify:album:${album.id}`,
    artists: album.artists.map(artistRef),
  });
  const track = (album: CatalogueAlbumDetail, index: number) => {
    const t = album.tracks[index];
    if (!t) throw new Error('no such track');
    return {
      artists: t.artists.map(artistRef),
      available_markets: ['US'],
      disc_number: t.disc_number,
      duration_ms: t.duration_ms,
      explicit: false,
      external_urls: { spotify: `https://open.spotify.com/track/${t.id}` },
      href: `${API}/tracks/${t.id}`,
      id: t.id,
      is_local: false,
      name: t.name,
      track_number: t.track_number,
      type: 'track',
      uri: `spotify:track:${t.id}`,
    };
  };
  const trackPage = (album: CatalogueAlbumDetail, limit: number, offset: number) => {
    const items = album.tracks
      .slice(offset, offset + limit)
      .map((_, i) => track(album, offset + i));
    return paging(items, album.tracks.length, limit, offset, `/albums/${album.id}/tracks`);
  };

  // Deprecated fields stay in the description: genres always empty, label and popularity blank.
  const fullAlbum = (album: CatalogueAlbumDetail) => ({
    ...simplifiedAlbum(album),
    tracks: trackPage(album, PAGE, 0),
    copyrights: [{ text: `(P) ${album.release_date.slice(0, 4)}`, type: 'P' }],
    external_ids: { upc: '000000000000' },
    genres: [],
    label: '',
    popularity: 0,
  });

  return {
    async search(q: string, limit: number, offset: number) {
      const found = await catalogue.searchAlbums(q, { limit, offset });
      const details = await Promise.all(found.items.map((album) => catalogue.getAlbum(album.id)));
      const items = details.flatMap((album) => (album ? [simplifiedAlbum(album)] : []));
      return { albums: paging(items, found.total, limit, offset, '/search') };
    },
    album: async (id: string) => {
      const album = await catalogue.getAlbum(id);
      return album && fullAlbum(album);
    },
    async tracks(id: string, limit: number, offset: number) {
      const album = await catalogue.getAlbum(id);
      return album && trackPage(album, limit, offset);
    },
    async artist(id: string) {
      const artist = await catalogue.getArtist(id);
      if (!artist) return undefined;
      return {
        ...artistRef(artist),
        followers: { href: null, total: 0 },
        genres: [],
        images: artist.images,
        popularity: 0,
      };
    },
    async savedAlbums(limit: number, offset: number) {
      const saved =
        librarySize === undefined
          ? await catalogue.savedAlbums(
              { providerUserId: 'spotify-ada', accessToken: async () => '' },
              { limit, offset },
            )
          : {
              items: catalogue.catalogue.albums
                .slice(0, librarySize)
                .slice(offset, offset + limit)
                .map((album) => ({ added_at: '2026-01-01T00:00:00Z', album: album.summary })),
              total: Math.min(librarySize, catalogue.catalogue.albums.length),
            };
      const details = await Promise.all(
        saved.items.map((item) => catalogue.getAlbum(item.album.id)),
      );
      const items = details.flatMap((album, i) =>
        album ? [{ added_at: saved.items[i]?.added_at ?? '', album: fullAlbum(album) }] : [],
      );
      return paging(items, saved.total, limit, offset, '/me/albums');
    },
  };
}
