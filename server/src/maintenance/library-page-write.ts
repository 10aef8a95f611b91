// A page of a library import as the writing thread stores it (library-page.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { libraryPage, storeLibraryPage } from './library-page';

export function write(trx: Kysely<Database>, data: unknown) {
  return storeLibraryPage(trx, libraryPage.parse(data));
}
