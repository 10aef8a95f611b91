import type { AlbumDetail, AlbumSummary } from '@gatefold/contract/albums';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type LabelledAlbumRow, labelledAlbumsInOrder } from './labelled-albums';
import { foldersOfAlbum, tracksOfAlbum } from './queries';

/** An album as the API shows it in lists. */
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

export async function presentAlbumDetail(
  db: Kysely<Database>,
  row: { id: number },
): Promise<AlbumDetail> {
  const [[album], tracks, folders] = await Promise.all([
    labelledAlbumsInOrder(db, [row.id]),
    tracksOfAlbum(db, row.id),
    foldersOfAlbum(db, row.id),
  ]);
  if (!album) throw new Error(`Album ${row.id} went missing while it was shown.`);
  return { ...presentAlbum(album), tracks, folders };
}
