import type { CatalogueAlbum } from '@gatefold/contract/catalogue';

/** A discovered album, in the streaming catalogue, with its popularity where known. */
export type DiscoveryHit = { album: CatalogueAlbum; popularity: number | null };
