import { z } from 'zod';
import { albumQueryText } from './album-query';
import {
  discNumber,
  durationMs,
  releaseDate,
  spotifyId,
  totalTracks,
  trackNumber,
  webAddress,
} from './albums';
import { FOLDER_DESCRIPTION_MAX, FOLDER_NAME_MAX, folderSortOrder } from './folders';
import { imageUrl } from './images';
import { tagColor, tagName } from './tags';

/** A long piece of maintenance work and how far it has got (for a progress bar). */
export const job = z.object({
  id: z.number().int(),
  kind: z.enum(['library-import', 'collection-import', 'metadata-refresh', 'genre-lookup']),
  status: z.enum(['running', 'finished', 'failed']),
  done: z.number().int(),
  total: z.number().int().nullable(),
  added: z.number().int(),
  message: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Job = z.infer<typeof job>;

const albumRef = z.object({
  id: z.number().int(),
  name: z.string(),
  artist: z.string(),
  release_date: z.string().nullable(),
});

/** GET /v1/maintenance/report: what may need tidying. */
export const maintenanceReport = z.object({
  /** Albums with the same name and artist under different streaming ids (reissues, remasters). */
  duplicates: z.array(
    z.object({ name: z.string(), artist: z.string(), albums: z.array(albumRef) }),
  ),
  albums_without_genres: z.object({ count: z.number().int(), albums: z.array(albumRef) }),
  empty_folders: z.array(z.object({ id: z.number().int(), name: z.string() })),
  unused_tags: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string() })),
});
export type MaintenanceReport = z.infer<typeof maintenanceReport>;

/** The one-click fixes of the report's findings: POST /v1/maintenance/fixes/{fix}. */
export const MAINTENANCE_FIXES = [
  'merge-duplicates',
  'look-up-genres',
  'delete-empty-folders',
  'delete-unused-tags',
] as const;
export const maintenanceFix = z.enum(MAINTENANCE_FIXES);
export type MaintenanceFix = z.infer<typeof maintenanceFix>;

/** What a fix done at once changed: albums merged away, folders or tags deleted. */
export const maintenanceFixResult = z.object({ affected: z.number().int() });
export type MaintenanceFixResult = z.infer<typeof maintenanceFixResult>;

export const EXPORT_FORMAT = 'gatefold-export';
export const MAX_IMPORT_ALBUMS = 100_000;
/** An exported album with a dozen tracks takes about 1.5 kB; room for a file of the most albums. */
export const MAX_IMPORT_BYTES = MAX_IMPORT_ALBUMS * 2_000;

const exportedTrack = z.object({
  name: z.string().min(1).max(500),
  artist: z.string().min(1).max(1000),
  track_number: trackNumber,
  disc_number: discNumber,
  duration_ms: durationMs,
  spotify_url: webAddress.nullable(),
});

/** The whole collection as one file (Maintenance: export, and import on another instance). */
export const collectionExport = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(1),
  exported_at: z.string(),
  tags: z.array(z.object({ name: tagName, color: tagColor })).max(10_000),
  folders: z
    .array(
      z.object({
        key: z.number().int(),
        parent_key: z.number().int().nullable(),
        name: z.string().trim().min(1).max(FOLDER_NAME_MAX),
        description: z.string().max(FOLDER_DESCRIPTION_MAX).nullable(),
        image_url: imageUrl.nullable(),
        sort_order: folderSortOrder,
        /** A smart folder's query; files from before smart folders have none. */
        query: albumQueryText.nullish(),
      }),
    )
    .max(10_000),
  albums: z
    .array(
      z.object({
        spotify_id: spotifyId,
        name: z.string().trim().min(1).max(500),
        artist: z.string().trim().min(1).max(500),
        release_date: releaseDate.nullable(),
        total_tracks: totalTracks.nullable(),
        image_url: imageUrl.nullable(),
        spotify_url: webAddress.nullable(),
        added_at: z.iso.datetime(),
        tags: z.array(z.string()),
        genres: z.array(z.string().trim().min(1).max(100)),
        folder_keys: z.array(z.number().int()),
        tracks: z.array(exportedTrack),
      }),
    )
    .max(MAX_IMPORT_ALBUMS),
});
export type CollectionExport = z.infer<typeof collectionExport>;
