import type { AlbumDetail, AlbumSummary } from '@gatefold/contract/albums';
import type { Kysely, Selectable } from 'kysely';
import type { AlbumsTable, Database } from '../db/schema';
import { foldersOfAlbum, labelsOfAlbums, tracksOfAlbum } from './queries';

type AlbumRow = Selectable<AlbumsTable>;

function presentAlbum(row: AlbumRow, labels: Pick<AlbumSummary, 'tags' | 'genres'>): AlbumSummary {
  return {
    id: row.id,
    spotify_id: row.spotify_id,
    name: row.name,
    artist: row.artist,
    release_date: row.release_date,
    total_tracks: row.total_tracks,
    image_url: row.image_url,
    spotify_url: row.spotify_url,
    tags: labels.tags,
    genres: labels.genres,
    added_at: row.added_at,
    first_added_at: row.first_added_at,
    created_at: row.created_at,
  };
}

/** Album rows as the API shows them in lists, with tags and genres: two queries for any number. */
export async function presentAlbums(
  db: Kysely<Database>,
  rows: AlbumRow[],
): Promise<AlbumSummary[]> {
  const labels = await labelsOfAlbums(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    presentAlbum(row, {
      tags: labels.tags.get(row.id) ?? [],
      genres: labels.genres.get(row.id) ?? [],
    }),
  );
}

export async function presentAlbumDetail(
  db: Kysely<Database>,
  row: AlbumRow,
): Promise<AlbumDetail> {
  const [[summary], tracks, folders] = await Promise.all([
    presentAlbums(db, [row]),
    tracksOfAlbum(db, row.id),
    foldersOfAlbum(db, row.id),
  ]);
  return { ...(summary ?? presentAlbum(row, { tags: [], genres: [] })), tracks, folders };
}
