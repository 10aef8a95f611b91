import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database';
import type { Database } from './db/schema';
import { freePort } from './testing/loopback';
import {
  jobWhenDone,
  type ServerProcess,
  signInOverHttp,
  startServerProcess,
  waitForHealth,
} from './testing/server-process';
import { testDatabaseKinds } from './testing/test-database';

type StorageKind = 'sqlite' | 'postgres';
/** The server runs SQLite from a file with its reader threads, whatever the tests in memory do. */
const storageKinds = testDatabaseKinds.filter(
  (kind): kind is StorageKind => kind !== 'sqlite-readers',
);

/** How long the writes go on before the server is killed. */
const STORM_MS = 1500;
const TRACKS_PER_IMPORTED_ALBUM = 3;

const running: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) server.child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Where the server keeps its data: a fresh folder, and a fresh PostgreSQL database if asked. */
type Storage = { environment: Record<string, string>; open: () => Kysely<Database> };

async function freshStorage(kind: StorageKind): Promise<Storage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatefold-crash-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (kind === 'sqlite') {
    return {
      environment: { DATA_DIR: dataDir },
      open: () => openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'gatefold.sqlite') }),
    };
  }
  const admin = String(process.env.TEST_DATABASE_URL);
  const name = `gatefold_crash_${Date.now()}_${process.pid}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await run(`create database ${name}`);
  cleanups.push(() => run(`drop database if exists ${name} with (force)`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    environment: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => openDatabase({ kind: 'postgres', url: url.toString() }),
  };
}

async function start(environment: Record<string, string>, port: number) {
  const server = startServerProcess({ ...environment, PORT: String(port) });
  running.push(server);
  await waitForHealth(server, port);
  return server;
}

type Created = { id: number };

/** Everything the storm was told had been written, and what was still under way at the kill. */
type Acknowledged = {
  albums: number[];
  tags: { albumId: number; tag: string }[];
  /** The parents one folder was moved to, in order; `acked` of them were answered. */
  moves: { parents: (number | null)[]; acked: number };
  imports: { ids: string[]; acked: boolean }[];
};

function importFile(batch: number) {
  const ids = Array.from({ length: 40 }, (_, i) => `crash${batch}x${i}`);
  return {
    ids,
    body: {
      format: 'gatefold-export',
      version: 1,
      exported_at: new Date().toISOString(),
      tags: [{ name: `batch ${batch}`, color: '#3B82F6' }],
      folders: [
        {
          key: 0,
          parent_key: null,
          name: `Imported ${batch}`,
          description: null,
          image_url: null,
          sort_order: 0,
        },
      ],
      albums: ids.map((id) => ({
        spotify_id: id,
        name: `Album ${id}`,
        artist: `Artist ${batch}`,
        release_date: '1999',
        total_tracks: TRACKS_PER_IMPORTED_ALBUM,
        image_url: null,
        spotify_url: null,
        added_at: new Date().toISOString(),
        tags: [`batch ${batch}`],
        genres: ['Crash Pop'],
        folder_keys: [0],
        tracks: Array.from({ length: TRACKS_PER_IMPORTED_ALBUM }, (_, t) => ({
          name: `Track ${t + 1}`,
          artist: `Artist ${batch}`,
          track_number: t + 1,
          disc_number: 1,
          duration_ms: 200_000,
          spotify_url: null,
        })),
      })),
    },
  };
}

/** Adds, taggings, folder moves and import batches at once, until `until`; nothing waits for the kill. */
async function writeStorm(origin: string, token: string, until: number): Promise<Acknowledged> {
  const call = (method: string, url: string, body?: unknown) =>
    fetch(`${origin}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const folder = async (name: string, parent: number | null) =>
    ((await (await call('POST', '/api/v1/folders', { name, parent_id: parent })).json()) as Created)
      .id;
  const [left, right] = [await folder('Left', null), await folder('Right', null)];
  const moving = await folder('Moving', left);
  const acknowledged: Acknowledged = {
    albums: [],
    tags: [],
    moves: { parents: [], acked: 0 },
    imports: [],
  };
  const going = () => Date.now() < until;
  // A request cut by the kill rejects; what it did may or may not have been committed.
  const quietly = (work: Promise<void>) => work.catch(() => {});

  const adds = async (lane: number) => {
    for (let n = 0; going(); n += 1) {
      const response = await call('POST', '/api/v1/albums', {
        spotify_id: `add${lane}x${n}`,
        name: `Added ${lane}.${n}`,
        artist: 'Storm',
      });
      if (response.status !== 201) throw new Error(`add: ${response.status}`);
      const { id } = (await response.json()) as Created;
      acknowledged.albums.push(id);
      const tag = `storm ${n % 5}`;
      const tagged = await call('POST', `/api/v1/albums/${id}/tags/${encodeURIComponent(tag)}`);
      if (tagged.ok) acknowledged.tags.push({ albumId: id, tag });
    }
  };
  const moves = async () => {
    for (let n = 0; going(); n += 1) {
      const parent = n % 2 === 0 ? right : left;
      acknowledged.moves.parents.push(parent);
      const response = await call('POST', '/api/v1/folders/reorder', {
        items: [{ id: moving, parent_id: parent, sort_order: 0 }],
      });
      if (response.ok) acknowledged.moves.acked = n + 1;
    }
  };
  const imports = async () => {
    for (let batch = 0; going(); batch += 1) {
      const file = importFile(batch);
      const entry = { ids: file.ids, acked: false };
      acknowledged.imports.push(entry);
      const response = await call('POST', '/api/v1/maintenance/import', file.body);
      if (response.status !== 202) throw new Error(`import: ${response.status}`);
      // Answered means its job says it has finished.
      const job = await jobWhenDone(origin, token, await response.json());
      entry.acked = job.status === 'finished';
    }
  };
  await Promise.all([
    quietly(adds(0)),
    quietly(adds(1)),
    quietly(adds(2)),
    quietly(moves()),
    quietly(imports()),
  ]);
  return acknowledged;
}

/** How many rows of `table` belong to the album of the row at hand. */
const rowsOf = (table: 'tracks' | 'album_tags' | 'album_genres' | 'folder_albums') =>
  sql<number>`(select count(*) from ${sql.table(table)} where ${sql.ref(`${table}.album_id`)} = albums.id)`;

async function checkConsistency(db: Kysely<Database>, kind: StorageKind) {
  if (kind === 'sqlite') {
    const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
    expect(rows).toEqual([{ integrity_check: 'ok' }]);
  }
  // The counts kept by triggers agree with the rows they count.
  const users = await sql<{ id: number; kept: number; counted: number }>`
    select users.id, users.album_count as kept,
      (select count(*) from albums where albums.user_id = users.id) as counted
    from users`.execute(db);
  for (const user of users.rows) expect(Number(user.kept)).toBe(Number(user.counted));
  const tags = await sql<{ name: string; kept: number; counted: number }>`
    select tags.name, tags.album_count as kept,
      (select count(*) from album_tags where album_tags.tag_id = tags.id) as counted
    from tags`.execute(db);
  for (const tag of tags.rows) expect(Number(tag.kept), tag.name).toBe(Number(tag.counted));
}

describe.each(storageKinds)('after kill -9 in the middle of writes (%s)', (kind) => {
  it('keeps every acknowledged write, applies no album by halves, and stays consistent', async () => {
    const storage = await freshStorage(kind);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const environment = { ...storage.environment, RATE_LIMIT_PER_MINUTE: '1000000' };
    const first = await start(environment, port);
    const token = await signInOverHttp(origin, 'Storm Chaser');

    const storm = writeStorm(origin, token, Date.now() + STORM_MS + 2000);
    await new Promise((resolve) => setTimeout(resolve, STORM_MS));
    first.child.kill('SIGKILL');
    await first.exited;
    const acknowledged = await storm;
    expect(acknowledged.albums.length).toBeGreaterThan(5);
    expect(acknowledged.moves.acked).toBeGreaterThan(2);

    await start(environment, port);
    const get = async (url: string) =>
      fetch(`${origin}${url}`, { headers: { authorization: `Bearer ${token}` } });
    for (const id of acknowledged.albums) {
      const response = await get(`/api/v1/albums/${id}`);
      expect(response.status, `album ${id}`).toBe(200);
    }
    const db = storage.open();
    cleanups.unshift(() => db.destroy());
    const tagged = await db
      .selectFrom('album_tags')
      .innerJoin('tags', 'tags.id', 'album_tags.tag_id')
      .select(['album_tags.album_id', 'tags.name'])
      .execute();
    const taggings = new Set(tagged.map((row) => `${row.album_id} ${row.name}`));
    for (const { albumId, tag } of acknowledged.tags)
      expect(taggings).toContain(`${albumId} ${tag}`);

    // The folder sits where the last answered move put it, or the one under way at the kill.
    const moving = await db
      .selectFrom('folders')
      .select('parent_id')
      .where('name', '=', 'Moving')
      .executeTakeFirstOrThrow();
    const { parents, acked } = acknowledged.moves;
    expect(parents.slice(acked - 1, acked + 1)).toContain(moving.parent_id);

    // Each imported album is there whole (tracks, tag, genre, folder) or not at all.
    const imported = await db
      .selectFrom('albums')
      .select([
        'albums.spotify_id',
        rowsOf('tracks').as('tracks'),
        rowsOf('album_tags').as('tags'),
        rowsOf('album_genres').as('genres'),
        rowsOf('folder_albums').as('folders'),
      ])
      .where('albums.spotify_id', 'like', 'crash%')
      .execute();
    const present = new Set(imported.map((row) => row.spotify_id));
    for (const row of imported) {
      expect(
        [row.tracks, row.tags, row.genres, row.folders].map(Number),
        String(row.spotify_id),
      ).toEqual([TRACKS_PER_IMPORTED_ALBUM, 1, 1, 1]);
    }
    for (const batch of acknowledged.imports.filter((entry) => entry.acked)) {
      for (const id of batch.ids) expect(present).toContain(id);
    }
    await checkConsistency(db, kind);
  }, 60_000);
});
