// A folder's change or delete as the writing thread runs it (store.ts).
import { folderInput } from '@gatefold/contract/folders';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { changeFolder, removeFolder } from './store';

const request = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('update'),
    userId: z.number().int(),
    folderId: z.number().int(),
    fields: folderInput,
  }),
  z.object({ action: z.literal('delete'), userId: z.number().int(), folderId: z.number().int() }),
]);

export function write(trx: Kysely<Database>, data: unknown) {
  const asked = request.parse(data);
  return asked.action === 'update'
    ? changeFolder(trx, asked.userId, asked.folderId, asked.fields)
    : removeFolder(trx, asked.userId, asked.folderId);
}
