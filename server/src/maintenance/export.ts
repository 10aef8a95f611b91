import { type CollectionExport, EXPORT_FORMAT } from '@gatefold/contract/maintenance';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The user's whole collection as one document: a fixed set of queries, grouped in memory. */
export async function exportCollection(
  db: Kysely<Database>,
  userId: number,
): Promise<CollectionExport> {
  const ownAlbums = (table: 'album_tags' | 'album_genres' | 'folder_albums' | 'tracks') =>
    db
      .selectFrom(table)
      .where(
        `${table}.album_id`,
        'in',
        db.selectFrom('albums').select('id').where('user_id', '=', userId),
      );
  const [albums, tags, folders, albumTags, albumGenres, memberships, tracks] = await Promise.all([
    db
      .selectFrom('albums')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('added_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('tags')
      .select(['id', 'name', 'color'])
      .where('user_id', '=', userId)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('folders')
      .select(['id', 'parent_id', 'name', 'description', 'image_url', 'sort_order', 'query'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    ownAlbums('album_tags')
      .innerJoin('tags', 'tags.id', 'album_tags.tag_id')
      .select(['album_tags.album_id', 'tags.name'])
      .execute(),
    ownAlbums('album_genres')
      .innerJoin('genres', 'genres.id', 'album_genres.genre_id')
      .select(['album_genres.album_id', 'genres.name'])
      .execute(),
    ownAlbums('folder_albums')
      .select(['folder_albums.album_id', 'folder_albums.folder_id'])
      .execute(),
    ownAlbums('tracks')
      .select([
        'album_id',
        'name',
        'artist',
        'track_number',
        'disc_number',
        'duration_ms',
        'spotify_url',
      ])
      .orderBy('album_id')
      .orderBy('disc_number')
      .orderBy('track_number')
      .execute(),
  ]);
  const byAlbum = <T extends { album_id: number }, V>(rows: T[], value: (row: T) => V) => {
    const grouped = new Map<number, V[]>();
    for (const row of rows)
      grouped.set(row.album_id, [...(grouped.get(row.album_id) ?? []), value(row)]);
    return grouped;
  };
  const tagNames = byAlbum(albumTags, (row) => row.name);
  const genreNames = byAlbum(albumGenres, (row) => row.name);
  const folderKeys = byAlbum(memberships, (row) => row.folder_id);
  const trackRows = byAlbum(tracks, ({ album_id: _, ...track }) => track);
  return {
    format: EXPORT_FORMAT,
    version: 1,
    exported_at: new Date().toISOString(),
    tags: tags.map(({ name, color }) => ({ name, color })),
    folders: folders.map(({ id, parent_id, ...folder }) => ({
      key: id,
      parent_key: parent_id,
      ...folder,
    })),
    albums: albums.flatMap((album) =>
      album.spotify_id
        ? [
            {
              spotify_id: album.spotify_id,
              name: album.name,
              artist: album.artist,
              release_date: album.release_date,
              total_tracks: album.total_tracks,
              image_url: album.image_url,
              spotify_url: album.spotify_url,
              added_at: album.added_at,
              tags: tagNames.get(album.id) ?? [],
              genres: genreNames.get(album.id) ?? [],
              folder_keys: folderKeys.get(album.id) ?? [],
              tracks: trackRows.get(album.id) ?? [],
            },
          ]
        : [],
    ),
  };
}

const CSV_COLUMNS = [
  'name',
  'artist',
  'release_date',
  'total_tracks',
  'added_at',
  'tags',
  'genres',
  'folders',
  'spotify_url',
];

/** One row an album, for spreadsheets; list cells are joined with "; ". */
export function collectionCsv(collection: CollectionExport): string {
  const folderNames = new Map(collection.folders.map((folder) => [folder.key, folder.name]));
  const rows = collection.albums.map((album) => [
    album.name,
    album.artist,
    album.release_date ?? '',
    album.total_tracks === null ? '' : String(album.total_tracks),
    album.added_at,
    album.tags.join('; '),
    album.genres.join('; '),
    album.folder_keys.map((key) => folderNames.get(key) ?? '').join('; '),
    album.spotify_url ?? '',
  ]);
  return `${[CSV_COLUMNS, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Quotes where needed, and defuses cells a spreadsheet would run as formulas. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
