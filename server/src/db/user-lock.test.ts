import { setTimeout as sleep } from 'node:timers/promises';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildAlbum, tagAlbum } from '../testing/factories';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';
import { lockUser } from './user-lock';

/**
 * Every write that moves a user's kept counts takes the user's row before any other row, so two
 * writes of one user never hold each other's rows (a deadlock PostgreSQL would end by failing
 * one). While another transaction holds the user's row, a write must not yet hold the row it is
 * about to change.
 */
describe.runIf(testDatabaseKinds.includes('postgres'))('lock order on postgres', () => {
  const testApp = useTestApp('postgres');

  async function blockedBehind(pid: number) {
    const { db } = testApp();
    for (let attempt = 0; attempt < 200; attempt++) {
      const { rows } = await sql<{ waiting: string }>`
        select count(*) as waiting from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))
      `.execute(db);
      if (Number(rows[0]?.waiting) > 0) return;
      await sleep(10);
    }
    throw new Error('The write never waited for the user lock.');
  }

  /** Holds the user's row, sends the write, and checks that it waits without holding `row`. */
  async function sendWhileUserHeld(
    name: string,
    request: InjectOptions,
    row: { table: 'tags' | 'albums'; id: number },
  ) {
    const { app, db } = testApp();
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('display_name', '=', name)
      .executeTakeFirstOrThrow();
    const { pending } = await db.transaction().execute(async (trx) => {
      await lockUser(trx, user.id);
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      // A light-my-request chain is sent when first awaited.
      const pending = Promise.resolve(app.inject(request));
      await blockedBehind(rows[0]?.pid ?? 0);
      // NOWAIT fails at once if the waiting write already holds the row.
      await sql`select id from ${sql.table(row.table)} where id = ${row.id} for update nowait`.execute(
        trx,
      );
      return { pending };
    });
    // The write goes on once the user's row is let go.
    return pending;
  }

  const tagWrites = [
    { name: 'tagging an album', method: 'POST', path: (a: number) => `/albums/${a}/tags/held` },
    { name: 'untagging an album', method: 'DELETE', path: (a: number) => `/albums/${a}/tags/held` },
    { name: 'renaming a tag', method: 'PUT', path: () => '/tags/held', payload: { name: 'Kept' } },
    { name: 'deleting a tag', method: 'DELETE', path: () => '/tags/held?force=true' },
  ] as const;

  it.each(tagWrites)('$name waits for the user before locking the tag', async (write) => {
    const { app } = testApp();
    const name = uniqueName('Locker');
    const token = await signIn(app, name);
    const album = await buildAlbum(app, token);
    const tag = await tagAlbum(app, token, album.id, 'Held');
    if (write.method === 'POST') {
      const url = `/api/v1/albums/${album.id}/tags/held`;
      await app.inject({ method: 'DELETE', url, headers: bearer(token) });
    }
    const answer = await sendWhileUserHeld(
      name,
      {
        method: write.method,
        url: `/api/v1${write.path(album.id)}`,
        headers: bearer(token),
        ...('payload' in write ? { payload: write.payload } : {}),
      },
      { table: 'tags', id: tag.id },
    );
    expect(answer.statusCode).toBeLessThan(300);
  });

  it('renaming an album waits for the user before locking the album', async () => {
    const { app } = testApp();
    const name = uniqueName('Locker');
    const token = await signIn(app, name);
    const album = await buildAlbum(app, token);
    const answer = await sendWhileUserHeld(
      name,
      {
        method: 'PUT',
        url: `/api/v1/albums/${album.id}`,
        headers: bearer(token),
        payload: { name: 'Renamed' },
      },
      { table: 'albums', id: album.id },
    );
    expect(answer.statusCode).toBe(200);
  });
});
