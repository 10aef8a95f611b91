// Writes for the writing thread's own tests (db/writing-thread.test.ts): one that adds a user,
// one that adds a user and then refuses, one that ends the thread mid-write, and two that mark
// the thread's connection and tell whether it is the one marked (a temporary table lives as long
// as its connection).
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { conflict } from '../http/errors';

const request = z.object({
  kind: z.enum(['add-user', 'add-user-then-refuse', 'end-thread', 'mark-connection', 'is-marked']),
  name: z.string().default(''),
});

export async function write(trx: Kysely<Database>, data: unknown): Promise<number> {
  const { kind, name } = request.parse(data);
  if (kind === 'mark-connection') {
    await sql`create temp table marked (at text)`.execute(trx);
    return 1;
  }
  if (kind === 'is-marked') {
    const { rows } = await sql<{ marked: number }>`
      select count(*) as marked from temp.sqlite_master where name = 'marked'`.execute(trx);
    return rows[0]?.marked ?? 0;
  }
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
