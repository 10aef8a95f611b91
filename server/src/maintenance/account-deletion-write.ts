// Deleting an account as the writing thread runs it (account-deletion.ts).
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';

export async function write(trx: Kysely<Database>, data: unknown): Promise<null> {
  const { userId } = z.object({ userId: z.number().int() }).parse(data);
  await trx.deleteFrom('users').where('id', '=', userId).execute();
  return null;
}
