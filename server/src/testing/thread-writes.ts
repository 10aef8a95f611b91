// Writes for the writing thread's own tests (db/writing-thread.test.ts): one that adds a user,
// one that adds a user and then refuses, and one that ends the thread mid-write.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { conflict } from '../http/errors';

const request = z.object({
  kind: z.enum(['add-user', 'add-user-then-refuse', 'end-thread']),
  name: z.string().default(''),
});

export async function write(trx: Kysely<Database>, data: unknown): Promise<number> {
  const { kind, name } = request.parse(data);
  const { id } = await trx
    .insertInto('users')
    .values({
      provider: 'demo',
      provider_user_id: name,
      display_name: name,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (kind === 'add-user-then-refuse') throw conflict(`${name} is taken.`, { id });
  if (kind === 'end-thread') process.exit(1);
  return id;
}
