import { type AlbumDetail, type AlbumSummary, folderRef, track } from '@gatefold/contract/albums';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { fixedShapeQuery, type Slots } from '../db/fixed-shape-query';
import type { Database } from '../db/schema';
import { inCodePointOrder } from '../db/search-text';
import { notFound } from '../http/errors';
import {
  fromJson,
  jsonArrayOf,
  type LabelledAlbumRow,
  labelled,
  selectLabelledAlbums,
} from './labelled-albums';

/**
 * An album as a search or another answer built from rows shows it; a list's page is written in
 * the same shape by the database (`sqliteAlbumSummariesJson`, and PostgreSQL's function of
 * migrations 0035 and 0036).
 */
export function presentAlbum(row: LabelledAlbumRow): AlbumSummary {
  return {
    id: row.id,
    spotify_id: row.spotify_id,
    name: row.name,
    artist: row.artist,
    release_date: row.release_date,
    total_tracks: row.total_tracks,
    image_url: row.image_url,
    spotify_url: row.spotify_url,
    tags: row.tags,
    genres: row.genres,
    added_at: row.added_at,
    first_added_at: row.first_added_at,
    created_at: row.created_at,
  };
}

const tracks = z.array(track);
const folderRefs = z.array(folderRef);

/**
 * The user's album whole, as its page shows it: the row, its tags, genres, tracks and folders in
 * one statement, built once (each album's page asks the same of another id).
 */
const albumDetailRow = fixedShapeQuery((db, value: Slots<{ userId: number; albumId: number }>) => {
  const jsonArray = jsonArrayOf(db);
  return selectLabelledAlbums(
    db,
    db
      .selectFrom('albums')
      .where('albums.user_id', '=', value('userId'))
      .where('albums.id', '=', value('albumId')),
  ).select((eb) => [
    jsonArray(
      eb
        .selectFrom('tracks')
        .select(['id', 'name', 'artist', 'track_number', 'disc_number', 'duration_ms'])
        .select('spotify_url')
        .whereRef('tracks.album_id', '=', 'albums.id')
        .orderBy('disc_number')
        .orderBy('track_number')
        .orderBy('id'),
    )
      .$castTo<unknown>()
      .as('tracks'),
    jsonArray(
      eb
        .selectFrom('folder_albums')
        .innerJoin('folders', 'folders.id', 'folder_albums.folder_id')
        .select(['folders.id', 'folders.name'])
        .whereRef('folder_albums.album_id', '=', 'albums.id')
        .orderBy(inCodePointOrder(db, 'folders.search_text'))
        .orderBy('folders.id'),
    )
      .$castTo<unknown>()
      .as('folders'),
  ]);
});

/** The user's album whole, as its page shows it. Another user's or an unknown id is a 404. */
export async function loadAlbumDetail(
  db: Kysely<Database>,
  userId: number,
  albumId: number,
): Promise<AlbumDetail> {
  const [row] = await albumDetailRow(db, { userId, albumId });
  if (!row) throw notFound('No such album in your collection.');
  return {
    ...presentAlbum(labelled(row)),
    tracks: tracks.parse(fromJson(row.tracks)),
    folders: folderRefs.parse(fromJson(row.folders)),
  };
}
