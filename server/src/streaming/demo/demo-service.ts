import { createHash } from 'node:crypto';
import type {
  CataloguePage,
  LibraryAccount,
  PageRequest,
  SavedAlbum,
  StreamingService,
} from '../port';
import type { DemoCatalogue, IndexedAlbum } from './demo-catalogue';
import { parseSearchQuery, type SearchQuery } from './search-query';

/** How many of the newest releases `tag:new` covers, as Spotify's covers the last two weeks. */
const NEW_RELEASE_COUNT = 30;
const LIBRARY_SIZE = 36;

/** The embedded streaming service: the whole catalogue in memory, Spotify's search semantics. */
export class DemoStreamingService implements StreamingService {
  readonly kind = 'demo';
  readonly #newest: Set<IndexedAlbum>;

  constructor(
    readonly catalogue: DemoCatalogue,
    readonly publicUrl: string,
  ) {
    const byDate = [...catalogue.albums].sort((a, b) =>
      b.summary.release_date.localeCompare(a.summary.release_date),
    );
    this.#newest = new Set(byDate.slice(0, NEW_RELEASE_COUNT));
  }

  async searchAlbums(raw: string, page: PageRequest) {
    const query = parseSearchQuery(raw);
    const hits = this.catalogue.albums
      .filter((album) => this.#matches(album, query))
      .sort(
        (a, b) =>
          relevance(b, query) - relevance(a, query) || a.foldedName.localeCompare(b.foldedName),
      );
    return this.#page(
      hits.map((album) => album.summary),
      page,
      `search?q=${encodeURIComponent(raw)}&type=album`,
    );
  }

  async getAlbum(id: string) {
    return this.catalogue.albumsById.get(id)?.detail;
  }

  async getArtist(id: string) {
    return this.catalogue.artistsById.get(id);
  }

  /** The newest releases, those by artists from the country first. */
  async newReleases(country: string, page: PageRequest) {
    const recent = [...this.#newest].sort(
      (a, b) =>
        Number(b.country === country) - Number(a.country === country) ||
        b.summary.release_date.localeCompare(a.summary.release_date),
    );
    return this.#page(
      recent.map((album) => album.summary),
      page,
      `browse/new-releases?country=${country}`,
    );
  }

  /** Each demo account has its own few dozen saved albums, the same every time it asks. */
  async savedAlbums(account: LibraryAccount, page: PageRequest) {
    const score = (album: IndexedAlbum) =>
      createHash('sha256')
        .update(`${account.providerUserId}|${album.detail.id}`)
        .digest()
        .readUInt32BE(0);
    const chosen = [...this.catalogue.albums]
      .sort((a, b) => score(a) - score(b))
      .slice(0, LIBRARY_SIZE);
    const anchor = Date.UTC(2026, 0, 1);
    const saved: SavedAlbum[] = chosen.map((album, index) => ({
      added_at: new Date(anchor - index * 9 * 86_400_000).toISOString().replace('.000Z', 'Z'),
      album: album.summary,
      detail: album.detail,
    }));
    return this.#page(saved, page, 'me/albums');
  }

  #matches(album: IndexedAlbum, query: SearchQuery): boolean {
    if (query.newOnly && !this.#newest.has(album)) return false;
    if (query.artist && !album.foldedArtists.includes(query.artist)) return false;
    if (query.album && !album.foldedName.includes(query.album)) return false;
    if (query.genre && !album.foldedGenres.some((genre) => genre.includes(query.genre ?? '')))
      return false;
    if (query.years && (album.year < query.years.from || album.year > query.years.to)) return false;
    return query.words.every((word) => album.foldedText.includes(word));
  }

  #page<T>(items: T[], { limit, offset }: PageRequest, path: string): CataloguePage<T> {
    const nextOffset = offset + limit;
    const separator = path.includes('?') ? '&' : '?';
    return {
      items: items.slice(offset, nextOffset),
      total: items.length,
      limit,
      offset,
      next:
        nextOffset < items.length
          ? `${this.publicUrl}/api/demo/v1/${path}${separator}offset=${nextOffset}&limit=${limit}`
          : null,
    };
  }
}

/** Exact name matches first, then popularity. */
function relevance(album: IndexedAlbum, query: SearchQuery): number {
  const phrase = query.words.join(' ');
  const exact =
    phrase && (album.foldedName === phrase || album.foldedArtists === phrase) ? 1000 : 0;
  return exact + (album.detail.popularity ?? 0);
}
