import {
  type CatalogueAlbum,
  type CatalogueAlbumDetail,
  type CatalogueTrack,
  catalogueAlbum,
  catalogueAlbumDetail,
} from '@gatefold/contract/catalogue';
import type { Redis } from 'ioredis';
import { responseCache } from '../deployment/response-cache';
import {
  catalogueArtist,
  cataloguePage,
  type LibraryAccount,
  type PageRequest,
  type StreamingService,
} from '../port';
import {
  type SpotifySavedAlbum,
  type SpotifySimplifiedAlbum,
  type SpotifySimplifiedTrack,
  spotifyAlbum,
  spotifyArtist,
  spotifySavedAlbums,
  spotifySearch,
  spotifyTrackPage,
} from './schemas';
import type { SpotifyHttp } from './spotify-http';

/** Development Mode (2026): search returns at most 10 a call and reaches offset 1000 at most. */
const SEARCH_PAGE = 10;
const SEARCH_OFFSET_MAX = 1000;
const TRACK_PAGE = 50;
const LIBRARY_PAGE = 50;

/** The streaming port over Spotify's Web API, within its 2026 Development Mode rules. */
export class SpotifyStreamingService implements StreamingService {
  readonly kind = 'spotify';
  readonly #albums;
  readonly #artists;
  readonly #searches;

  /** With `redis`, every instance shares the caches: N instances ask Spotify once, not N times. */
  constructor(
    readonly http: SpotifyHttp,
    readonly market: string,
    redis?: Redis,
  ) {
    const hour = 60 * 60 * 1000;
    this.#albums = responseCache({
      name: 'spotify-album',
      ttlMs: hour,
      maxEntries: 500,
      schema: catalogueAlbumDetail,
      redis,
    });
    this.#artists = responseCache({
      name: 'spotify-artist',
      ttlMs: 24 * hour,
      maxEntries: 2000,
      schema: catalogueArtist,
      redis,
    });
    this.#searches = responseCache({
      name: 'spotify-search',
      ttlMs: 5 * 60 * 1000,
      maxEntries: 200,
      schema: cataloguePage(catalogueAlbum),
      redis,
    });
  }

  /** A page of any size, gathered from calls of at most ten. */
  async searchAlbums(query: string, page: PageRequest, market = this.market) {
    const key = JSON.stringify([query, page, market]);
    const cached = await this.#searches.through(key, async () => {
      const items: CatalogueAlbum[] = [];
      let total = 0;
      for (
        let offset = page.offset;
        offset < page.offset + page.limit && offset <= SEARCH_OFFSET_MAX;
        offset += SEARCH_PAGE
      ) {
        const limit = Math.min(SEARCH_PAGE, page.offset + page.limit - offset);
        const found = await this.http.get(
          '/search',
          { q: query, type: 'album', market, limit, offset },
          spotifySearch,
        );
        total = Math.min(found?.albums.total ?? 0, SEARCH_OFFSET_MAX + SEARCH_PAGE);
        items.push(...(found?.albums.items ?? []).map(toCatalogueAlbum));
        if (!found || found.albums.items.length < limit) break;
      }
      const nextOffset = page.offset + page.limit;
      return {
        items,
        total,
        limit: page.limit,
        offset: page.offset,
        next:
          nextOffset < total
            ? `${this.http.options.apiUrl}/search?type=album&offset=${nextOffset}&limit=${page.limit}`
            : null,
      };
    });
    return cached ?? { items: [], total: 0, limit: page.limit, offset: page.offset, next: null };
  }

  async getAlbum(id: string) {
    return this.#albums.through(id, async () => {
      const album = await this.http.get(
        `/albums/${encodeURIComponent(id)}`,
        { market: this.market },
        spotifyAlbum,
      );
      if (!album) return undefined;
      const tracks = [...album.tracks.items];
      // Long albums come in pages of tracks; every page is fetched so the album is stored whole.
      for (let offset = tracks.length; offset < album.tracks.total; offset += TRACK_PAGE) {
        const page = await this.http.get(
          `/albums/${encodeURIComponent(id)}/tracks`,
          { market: this.market, limit: TRACK_PAGE, offset },
          spotifyTrackPage,
        );
        if (!page || page.items.length === 0) break;
        tracks.push(...page.items);
      }
      return toCatalogueAlbumDetail(album, tracks);
    });
  }

  /** One call per artist (no multi-id lookups in 2026), cached for a day. */
  async getArtist(id: string) {
    return this.#artists.through(id, async () => {
      const artist = await this.http.get(`/artists/${encodeURIComponent(id)}`, {}, spotifyArtist);
      if (!artist) return undefined;
      return {
        id: artist.id,
        name: artist.name,
        images: (artist.images ?? []).map((image) => ({
          url: image.url,
          width: image.width ?? null,
          height: image.height ?? null,
        })),
        genres: artist.genres ?? [],
      };
    });
  }

  /** /browse/new-releases is gone for Development Mode apps; `tag:new` finds the same albums. */
  async newReleases(country: string, page: PageRequest) {
    return this.searchAlbums('tag:new', page, country);
  }

  async savedAlbums(account: LibraryAccount, page: PageRequest) {
    const token = await account.accessToken();
    const found = await this.http.get(
      '/me/albums',
      { limit: Math.min(page.limit, LIBRARY_PAGE), offset: page.offset, market: this.market },
      spotifySavedAlbums,
      token,
    );
    return {
      items: (found?.items ?? []).map((saved) => ({
        added_at: saved.added_at,
        album: toCatalogueAlbum(saved.album),
        detail: wholeAlbum(saved.album),
      })),
      total: found?.total ?? 0,
      limit: page.limit,
      offset: page.offset,
      next: found?.next ?? null,
    };
  }
}

function toCatalogueAlbum(album: SpotifySimplifiedAlbum): CatalogueAlbum {
  return {
    id: album.id,
    name: album.name,
    album_type:
      album.album_type === 'single' || album.album_type === 'compilation'
        ? album.album_type
        : 'album',
    artists: album.artists.map(({ id, name }) => ({ id, name })),
    release_date: album.release_date,
    release_date_precision: album.release_date_precision,
    total_tracks: album.total_tracks,
    images: album.images.map((image) => ({
      url: image.url,
      width: image.width ?? null,
      height: image.height ?? null,
    })),
    external_urls: {
      spotify: album.external_urls?.spotify ?? `https://open.spotify.com/album/${album.id}`,
    },
  };
}

/** The album as `getAlbum` gives it, when the saved album's first page holds every track. */
function wholeAlbum(album: SpotifySavedAlbum): CatalogueAlbumDetail | undefined {
  const { tracks } = album;
  if (!tracks || tracks.items.length < tracks.total) return undefined;
  return toCatalogueAlbumDetail(album, tracks.items);
}

function toCatalogueAlbumDetail(
  album: SpotifySavedAlbum,
  tracks: SpotifySimplifiedTrack[],
): CatalogueAlbumDetail {
  return {
    ...toCatalogueAlbum(album),
    tracks: tracks.map((track, index) => toCatalogueTrack(track, `${album.id}-${index}`)),
    genres: album.genres ?? [],
    label: album.label || null,
    popularity: album.popularity ?? null,
  };
}

function toCatalogueTrack(track: SpotifySimplifiedTrack, fallbackId: string): CatalogueTrack {
  const id = track.id ?? fallbackId;
  return {
    id,
    name: track.name,
    artists: track.artists.map(({ id: artistId, name }) => ({ id: artistId, name })),
    track_number: track.track_number,
    disc_number: track.disc_number,
    duration_ms: track.duration_ms,
    external_urls: {
      spotify: track.external_urls?.spotify ?? `https://open.spotify.com/track/${id}`,
    },
  };
}
