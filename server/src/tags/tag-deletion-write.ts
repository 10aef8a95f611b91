// A tag's delete as the writing thread runs it (queries.ts, `deleteTag`).
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { removeTag } from './queries';

const deletion = z.object({ userId: z.number().int(), tagId: z.number().int() });

export function write(trx: Kysely<Database>, data: unknown) {
  const { userId, tagId } = deletion.parse(data);
  return removeTag(trx, userId, tagId);
}
