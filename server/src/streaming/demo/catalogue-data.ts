import { fileURLToPath } from 'node:url';
import { readCatalogueFiles } from './catalogue-files';
import type { CatalogueAlbum } from './catalogue-schema';

/** Beside this module in the sources; beside main.js once bundled (the build copies it there). */
const CATALOGUE_DIRECTORY = fileURLToPath(new URL('./catalogue/', import.meta.url));

export function loadDemoCatalogue(): CatalogueAlbum[] {
  return readCatalogueFiles(CATALOGUE_DIRECTORY);
}
