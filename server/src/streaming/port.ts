import type { CatalogueAlbum, CatalogueAlbumDetail } from '@gatefold/contract/catalogue';

export type CataloguePage<T> = {
  items: T[];
  total: number;
  limit: number;
  offset: number;
  next: string | null;
};
export type PageRequest = { limit: number; offset: number };

export type CatalogueArtist = {
  id: string;
  name: string;
  images: { url: string; width: number | null; height: number | null }[];
  genres: string[];
};

export type SavedAlbum = { added_at: string; album: CatalogueAlbum };

/** Whose library to read: the demo service goes by the account id, Spotify by the user's token. */
export type LibraryAccount = { providerUserId: string; accessToken: () => Promise<string> };

/** What Gatefold needs of a streaming service; Spotify and the embedded demo both provide it. */
export interface StreamingService {
  readonly kind: 'spotify' | 'demo';
  searchAlbums(query: string, page: PageRequest): Promise<CataloguePage<CatalogueAlbum>>;
  /** One album with every track (all discs, all pages); undefined when the id is unknown. */
  getAlbum(id: string): Promise<CatalogueAlbumDetail | undefined>;
  getArtist(id: string): Promise<CatalogueArtist | undefined>;
  newReleases(country: string, page: PageRequest): Promise<CataloguePage<CatalogueAlbum>>;
  savedAlbums(account: LibraryAccount, page: PageRequest): Promise<CataloguePage<SavedAlbum>>;
}
