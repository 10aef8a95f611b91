import {
  type CatalogueAlbum,
  type CatalogueAlbumDetail,
  catalogueImage,
} from '@gatefold/contract/catalogue';
import { z } from 'zod';

/** A page of a catalogue listing, as the port answers it (and as a shared cache keeps it). */
export function cataloguePage<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number(),
    limit: z.number(),
    offset: z.number(),
    next: z.string().nullable(),
  });
}
export type CataloguePage<T> = {
  items: T[];
  total: number;
  limit: number;
  offset: number;
  next: string | null;
};
export type PageRequest = { limit: number; offset: number };

export const catalogueArtist = z.object({
  id: z.string(),
  name: z.string(),
  images: z.array(catalogueImage),
  genres: z.array(z.string()),
});
export type CatalogueArtist = z.infer<typeof catalogueArtist>;

export type SavedAlbum = {
  added_at: string;
  album: CatalogueAlbum;
  /** The album whole, as `getAlbum` gives it, when the page carries every track of it. */
  detail?: CatalogueAlbumDetail;
};

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
