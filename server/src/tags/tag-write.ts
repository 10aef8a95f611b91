// A tag's change or delete as the writing thread runs it (queries.ts).
import { tagUpdate } from '@gatefold/contract/tags';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { changeTag, removeTag } from './queries';

const request = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('update'),
    userId: z.number().int(),
    tagId: z.number().int(),
    changes: tagUpdate,
  }),
  z.object({ action: z.literal('delete'), userId: z.number().int(), tagId: z.number().int() }),
]);

export function write(trx: Kysely<Database>, data: unknown) {
  const asked = request.parse(data);
  return asked.action === 'update'
    ? changeTag(trx, asked.userId, asked.tagId, asked.changes)
    : removeTag(trx, asked.userId, asked.tagId);
}
