import { randomBytes } from 'node:crypto';
import type { AlbumCreate, AlbumDetail } from '@gatefold/contract/albums';
import type { Folder } from '@gatefold/contract/folders';
import type { Job } from '@gatefold/contract/maintenance';
import type { FastifyInstance } from 'fastify';
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

/** Adds an album through the API, as the app does; fields not given get plausible values. */
export async function buildAlbum(
  app: FastifyInstance,
  token: string,
  album: Partial<AlbumCreate> = {},
): Promise<AlbumDetail> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/albums',
    headers: bearer(token),
    payload: { spotify_id: newSpotifyId(), name: 'Untitled', artist: 'Unknown Artist', ...album },
  });
  if (response.statusCode !== 201) throw new Error(`Album not created: ${response.body}`);
  return response.json();
}

/** Tags an album through the API (creating the tag when the name is new). */
export async function tagAlbum(app: FastifyInstance, token: string, albumId: number, tag: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/albums/${albumId}/tags/${encodeURIComponent(tag)}`,
    headers: bearer(token),
  });
  if (response.statusCode !== 200) throw new Error(`Tag not added: ${response.body}`);
  return response.json<{ id: number; name: string; color: string }>();
}

/** Creates a folder through the API; its answer as JSON. */
export async function buildFolder(
  app: FastifyInstance,
  token: string,
  folder: { name: string; parent_id?: number | null },
): Promise<Folder> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/folders',
    headers: bearer(token),
    payload: folder,
  });
  if (response.statusCode !== 201) throw new Error(`Folder not created: ${response.body}`);
  return response.json();
}

/** Imports an export file through the API and waits for its job; the job as it ended. */
export async function importFile(app: FastifyInstance, token: string, file: object): Promise<Job> {
  const started = await app.inject({
    method: 'POST',
    url: '/api/v1/maintenance/import',
    headers: bearer(token),
    payload: file,
  });
  if (started.statusCode !== 202) throw new Error(`Import not started: ${started.body}`);
  for (let job: Job = started.json(); ; ) {
    if (job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const polled = await app.inject({
      url: `/api/v1/maintenance/jobs/${job.id}`,
      headers: bearer(token),
    });
    job = polled.json();
  }
}
