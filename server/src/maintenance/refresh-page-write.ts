// A page of a collection's refresh as the writing thread writes it (refresh-page.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { refreshPage, storeRefreshPage } from './refresh-page';

export function write(trx: Kysely<Database>, data: unknown) {
  return storeRefreshPage(trx, refreshPage.parse(data));
}
