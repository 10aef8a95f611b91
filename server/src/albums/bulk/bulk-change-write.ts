// A bulk change or its undo as the writing thread runs it (bulk-change.ts).
import { bulkChange } from '@gatefold/contract/bulk';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { changeAlbums, undoChange } from './bulk-change';

const job = z
  .object({ userId: z.number().int() })
  .and(z.union([z.object({ change: bulkChange }), z.object({ undo: z.string() })]));

export function write(trx: Kysely<Database>, data: unknown) {
  const { userId, ...what } = job.parse(data);
  return 'change' in what
    ? changeAlbums(trx, userId, what.change)
    : undoChange(trx, userId, what.undo);
}
