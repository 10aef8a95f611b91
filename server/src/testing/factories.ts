import { randomBytes } from 'node:crypto';
import type { AlbumCreate, AlbumDetail } from '@gatefold/contract/albums';
import type { Folder } from '@gatefold/contract/folders';
import {
  type CollectionExport,
  EXPORT_FORMAT,
  type Job,
  job as jobSchema,
} from '@gatefold/contract/maintenance';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { bearer } from './test-app';

/** A streaming-style album id nobody else in the test run has. */
export const newSpotifyId = () => randomBytes(11).toString('hex');

/** A demo user's row, for tests that write to the database directly. */
export function demoUserRow(name: string) {
  const now = new Date().toISOString();
  return {
    provider: 'demo' as const,
    provider_user_id: name,
    display_name: name,
    profile_image_url: null,
    streaming_access_token: null,
    streaming_refresh_token: null,
    streaming_token_expires_at: null,
    created_at: now,
    updated_at: now,
  };
}

/** A new user with a running job of `kind` claimed by `claimedBy`: their ids. */
export async function userWithRunningJob(
  db: Kysely<Database>,
  kind: Job['kind'],
  { total, claimedBy = null }: { total: number; claimedBy?: string | null },
): Promise<{ userId: number; jobId: number }> {
  const user = await db
    .insertInto('users')
    .values(demoUserRow(`${kind} ${Math.random()}`))
    .returning('id')
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const job = await db
    .insertInto('jobs')
    .values({
      user_id: user.id,
      kind,
      status: 'running',
      total,
      done: 0,
      added: 0,
      started_at: now,
      heartbeat_at: now,
      finished_at: null,
      claimed_by: claimedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId: user.id, jobId: job.id };
}

/** POSTs as the user and answers the JSON, or throws with the body when the status is not `expected`. */
async function post(
  app: FastifyInstance,
  token: string,
  url: string,
  payload: object | undefined,
  expected: number,
) {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode !== expected) throw new Error(`POST ${url}: ${response.body}`);
  return response.json();
}

/** Adds an album through the API, as the app does; fields not given get plausible values. */
export async function buildAlbum(
  app: FastifyInstance,
  token: string,
  album: Partial<AlbumCreate> = {},
): Promise<AlbumDetail> {
  const payload = {
    spotify_id: newSpotifyId(),
    name: 'Untitled',
    artist: 'Unknown Artist',
    ...album,
  };
  return post(app, token, '/api/v1/albums', payload, 201);
}

/** Tags an album through the API (creating the tag when the name is new). */
export async function tagAlbum(
  app: FastifyInstance,
  token: string,
  albumId: number,
  tag: string,
): Promise<{ id: number; name: string; color: string }> {
  return post(
    app,
    token,
    `/api/v1/albums/${albumId}/tags/${encodeURIComponent(tag)}`,
    undefined,
    200,
  );
}

/** Creates a folder through the API; its answer as JSON. */
export async function buildFolder(
  app: FastifyInstance,
  token: string,
  folder: { name: string; parent_id?: number | null },
): Promise<Folder> {
  return post(app, token, '/api/v1/folders', folder, 201);
}

/** Imports an export file through the API and waits for its job; the job as it ended. */
export async function importFile(app: FastifyInstance, token: string, file: object): Promise<Job> {
  let job = jobSchema.parse(await post(app, token, '/api/v1/maintenance/import', file, 202));
  while (job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const polled = await app.inject({
      url: `/api/v1/maintenance/jobs/${job.id}`,
      headers: bearer(token),
    });
    job = jobSchema.parse(polled.json());
  }
  return job;
}

export type ExportedAlbum = CollectionExport['albums'][number];

/** An album of an export file: the fields given, and no tracks, tags, genres or folders besides. */
export function exportedAlbum(
  album: Pick<ExportedAlbum, 'spotify_id' | 'name' | 'artist'> & Partial<ExportedAlbum>,
): ExportedAlbum {
  return {
    release_date: '2001',
    total_tracks: null,
    image_url: null,
    spotify_url: null,
    added_at: '2026-01-01T00:00:00.000Z',
    tags: [],
    genres: [],
    folder_keys: [],
    tracks: [],
    ...album,
  };
}

/** An export file of the albums and no folders, with the tags named (by default, theirs). */
export function exportFileOf(
  albums: ExportedAlbum[],
  tags = [...new Set(albums.flatMap((album) => album.tags))],
): CollectionExport {
  return {
    format: EXPORT_FORMAT,
    version: 1,
    exported_at: new Date().toISOString(),
    tags: tags.map((name) => ({ name, color: '#3B82F6' })),
    folders: [],
    albums,
  };
}

/**
 * An export file of `count` albums by one artist, each with two tracks, the tag, the genre and
 * the one folder named after `shelf`: a collection too large to add album by album.
 */
export function shelfExport(shelf: string, count: number): CollectionExport {
  const addedAt = new Date().toISOString();
  return {
    format: EXPORT_FORMAT,
    version: 1,
    exported_at: addedAt,
    tags: [{ name: shelf, color: '#3B82F6' }],
    folders: [
      { key: 0, parent_key: null, name: shelf, description: null, image_url: null, sort_order: 0 },
    ],
    albums: Array.from({ length: count }, (_, n) => ({
      spotify_id: newSpotifyId(),
      name: `${shelf} ${n + 1}`,
      artist: `${shelf} Players`,
      release_date: '1999',
      total_tracks: 2,
      image_url: null,
      spotify_url: null,
      added_at: addedAt,
      tags: [shelf],
      genres: [`${shelf} Pop`],
      folder_keys: [0],
      tracks: [1, 2].map((track) => ({
        name: `Side ${track}`,
        artist: `${shelf} Players`,
        track_number: track,
        disc_number: 1,
        duration_ms: 200_000,
        spotify_url: null,
      })),
    })),
  };
}

/**
 * PostgreSQL: `count` albums of the user named "`word` 1", "`word` 2"…, by Someone, each added a
 * minute after the one before, in one statement: a large collection without an import's cost.
 * No tags, genres or tracks.
 */
export async function insertNumberedAlbums(
  db: Kysely<Database>,
  userId: number,
  word: string,
  count: number,
) {
  const folded = word.toLowerCase();
  await sql`
    insert into albums (user_id, spotify_id, name, artist, added_at, first_added_at,
      created_at, updated_at, search_name, search_text)
    select ${userId}, ${folded} || n, ${word} || ' ' || n, 'Someone',
      '2026-01-01T00:00:00Z'::timestamptz + n * interval '1 minute', '2026-01-01', '2026-01-01',
      '2026-01-01', ${folded} || ' ' || n, ${folded} || ' ' || n || ' someone'
    from generate_series(1, ${count}::integer) as n
  `.execute(db);
}
