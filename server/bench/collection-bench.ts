import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { createSession, SESSION_LIFETIME_MS } from '../src/auth/sessions';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedCollection } from './seed-collection';

/**
 * Latency of the collection's busiest reads on a large seeded collection, through real HTTP.
 * `npm run bench` (ALBUMS=50000 by default; SECONDS per scenario).
 */
const ALBUMS = Number(process.env.ALBUMS ?? 50_000);
const SECONDS = Number(process.env.SECONDS ?? 4);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatefold-bench-'));
const db = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'bench.sqlite') });
await migrateToLatest(db);
const now = new Date().toISOString();
const user = await db
  .insertInto('users')
  .values({
    provider: 'demo',
    provider_user_id: 'bench',
    display_name: 'Bench',
    profile_image_url: null,
    streaming_access_token: null,
    streaming_refresh_token: null,
    streaming_token_expires_at: null,
    created_at: now,
    updated_at: now,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const seeding = Date.now();
await seedCollection(db, user.id, ALBUMS);
console.log(
  `Seeded ${ALBUMS} albums in ${((Date.now() - seeding) / 1000).toFixed(1)} s (SQLite, ${dataDir})`,
);

const { token } = await createSession(db, user.id, SESSION_LIFETIME_MS);
const app = await buildApp({
  config: loadConfig({ DATA_DIR: dataDir }),
  db,
  secretKey: randomBytes(32),
  rateLimit: { perMinute: 10_000_000, namespace: 'bench-' },
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const scenarios: [string, string][] = [
  ['albums, newest first (dashboard, grid page 1)', '/api/v1/albums?limit=24&sort=added-desc'],
  [
    'albums by name, page 1000',
    `/api/v1/albums?limit=24&sort=name-asc&offset=${Math.floor(ALBUMS / 2)}`,
  ],
  ['albums by artist', '/api/v1/albums?limit=24&sort=artist-asc'],
  ['albums by year, newest', '/api/v1/albums?limit=24&sort=year-desc'],
  ['albums filtered by text', '/api/v1/albums?limit=24&q=velvet%20ghost'],
  ['artists page 1', '/api/v1/artists?limit=20'],
  ['genres', '/api/v1/genres'],
  ['tags', '/api/v1/tags'],
  ['folders', '/api/v1/folders'],
];

console.log(`\n| scenario | req/s | p50 ms | p99 ms |\n|---|---|---|---|`);
for (const [name, url] of scenarios) {
  const result = await autocannon({
    url: `${address}${url}`,
    connections: 4,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}` },
  });
  if (result.non2xx > 0) throw new Error(`${name}: ${result.non2xx} failed requests`);
  console.log(
    `| ${name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} |`,
  );
}

await app.close();
await db.destroy();
fs.rmSync(dataDir, { recursive: true, force: true });
