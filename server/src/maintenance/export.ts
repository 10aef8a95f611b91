import { type CollectionExport, EXPORT_FORMAT } from '@gatefold/contract/maintenance';
import type { Kysely } from 'kysely';
import { inTurns } from '../db/in-turns';
import { oneOfIds } from '../db/one-of-ids';
import type { Database } from '../db/schema';

type ExportedAlbum = CollectionExport['albums'][number];

/**
 * Albums read and written at a time. At 50,000 albums (500,000 tracks, 76 MB of JSON) the whole
 * document read and encoded at once held the event loop for 4.2 s on a slow machine; a page of
 * 1,000 at a time for 81–111 ms, of 250 for 22–36 ms.
 */
const ALBUMS_PER_PAGE = 250;

/** What the albums of an export refer to: its head's tags (by id) and folders (by key). */
type ExportHead = {
  document: Omit<CollectionExport, 'albums'>;
  tagNames: Map<number, string>;
  folderKeys: Set<number>;
};

/**
 * The user's whole collection as the text of one JSON document (CollectionExport), a page of
 * albums a piece. The albums are those the user had when the export began, each read as it is
 * when its page is; an album names only the tags and folders the file lists.
 */
export async function* collectionJson(
  db: Kysely<Database>,
  userId: number,
  exportedAt: Date,
): AsyncGenerator<string> {
  const head = await exportHead(db, userId, exportedAt);
  const opening = JSON.stringify(head.document);
  // The head's closing brace gives way to the albums, which come last.
  yield `${opening.slice(0, -1)},"albums":[`;
  let separator = '';
  for await (const page of exportedAlbums(db, userId, head)) {
    if (page.length === 0) continue;
    yield separator + page.map((album) => JSON.stringify(album)).join(',');
    separator = ',';
  }
  yield ']}';
}

/** One row an album, for spreadsheets; list cells are joined with "; ". */
export async function* collectionCsv(
  db: Kysely<Database>,
  userId: number,
  exportedAt: Date,
): AsyncGenerator<string> {
  const head = await exportHead(db, userId, exportedAt);
  const folderNames = new Map(head.document.folders.map((folder) => [folder.key, folder.name]));
  yield csvRow(CSV_COLUMNS);
  for await (const page of exportedAlbums(db, userId, head)) {
    yield page
      .map((album) =>
        csvRow([
          album.name,
          album.artist,
          album.release_date ?? '',
          album.total_tracks === null ? '' : String(album.total_tracks),
          album.added_at,
          album.tags.join('; '),
          album.genres.join('; '),
          album.folder_keys.map((key) => folderNames.get(key) ?? '').join('; '),
          album.spotify_url ?? '',
        ]),
      )
      .join('');
  }
}

/** Everything but the albums: the tags and folders, read first. */
async function exportHead(
  db: Kysely<Database>,
  userId: number,
  exportedAt: Date,
): Promise<ExportHead> {
  const [tags, folders] = await Promise.all([
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
  ]);
  return {
    document: {
      format: EXPORT_FORMAT,
      version: 1,
      exported_at: exportedAt.toISOString(),
      tags: tags.map(({ name, color }) => ({ name, color })),
      folders: folders.map(({ id, parent_id, ...folder }) => ({
        key: id,
        parent_key: parent_id,
        ...folder,
      })),
    },
    tagNames: new Map(tags.map((tag) => [tag.id, tag.name])),
    folderKeys: new Set(folders.map((folder) => folder.id)),
  };
}

/** The user's albums in the order they were added, a page at a time, each whole. */
async function* exportedAlbums(
  db: Kysely<Database>,
  userId: number,
  { tagNames, folderKeys }: ExportHead,
): AsyncGenerator<ExportedAlbum[]> {
  for await (const chunk of idsInAddedOrder(db, userId))
    for await (const ids of inTurns(chunk, ALBUMS_PER_PAGE)) {
      const read = await db
        .selectFrom('albums')
        .selectAll()
        .where('user_id', '=', userId)
        .where(oneOfIds(db, 'albums.id', ids))
        .execute();
      const byId = new Map(read.map((album) => [album.id, album]));
      const albums = ids.flatMap((id) => byId.get(id) ?? []);
      const [tags, genres, memberships, tracks] = await albumParts(db, ids);
      yield albums.flatMap((album) =>
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
                tags: (tags.get(album.id) ?? []).flatMap((tagId) => tagNames.get(tagId) ?? []),
                genres: genres.get(album.id) ?? [],
                folder_keys: (memberships.get(album.id) ?? []).filter((key) => folderKeys.has(key)),
                tracks: tracks.get(album.id) ?? [],
              },
            ]
          : [],
      );
    }
}

/**
 * The user's album ids in the order they were added, `IDS_PER_STATEMENT` a statement; each page
 * is then read by its ids. Read at once, 50,000 ids held the event loop for 24–65 ms as they came
 * over from the reader thread; and paging the albums themselves by (added_at, id) re-read every
 * album of one moment (an import's) for each page on PostgreSQL, whose index holds no id.
 */
async function* idsInAddedOrder(db: Kysely<Database>, userId: number): AsyncGenerator<number[]> {
  const inOrder = db
    .selectFrom('albums')
    .select(['id', 'added_at'])
    .where('user_id', '=', userId)
    .orderBy('added_at')
    .orderBy('id')
    .limit(IDS_PER_STATEMENT);
  for (let rows = await inOrder.execute(); rows.length > 0; ) {
    yield rows.map((row) => row.id);
    const last = rows.at(-1);
    if (!last || rows.length < IDS_PER_STATEMENT) return;
    rows = await inOrder
      .where((eb) => eb(eb.refTuple('added_at', 'id'), '>', eb.tuple(last.added_at, last.id)))
      .execute();
  }
}

const IDS_PER_STATEMENT = 5_000;

/** The tag ids, genre names, folder ids and tracks of the given albums, by album. */
async function albumParts(db: Kysely<Database>, albumIds: number[]) {
  const [tags, genres, memberships, tracks] = await Promise.all([
    db
      .selectFrom('album_tags')
      .where(oneOfIds(db, 'album_tags.album_id', albumIds))
      .select(['album_tags.album_id', 'album_tags.tag_id'])
      .execute(),
    db
      .selectFrom('album_genres')
      .where(oneOfIds(db, 'album_genres.album_id', albumIds))
      .innerJoin('genres', 'genres.id', 'album_genres.genre_id')
      .select(['album_genres.album_id', 'genres.name'])
      .execute(),
    db
      .selectFrom('folder_albums')
      .where(oneOfIds(db, 'folder_albums.album_id', albumIds))
      .select(['folder_albums.album_id', 'folder_albums.folder_id'])
      .execute(),
    db
      .selectFrom('tracks')
      .where(oneOfIds(db, 'tracks.album_id', albumIds))
      .select([
        'tracks.album_id',
        'tracks.name',
        'tracks.artist',
        'tracks.track_number',
        'tracks.disc_number',
        'tracks.duration_ms',
        'tracks.spotify_url',
      ])
      .orderBy('tracks.album_id')
      .orderBy('tracks.disc_number')
      .orderBy('tracks.track_number')
      .execute(),
  ]);
  return [
    byAlbum(tags, (row) => row.tag_id),
    byAlbum(genres, (row) => row.name),
    byAlbum(memberships, (row) => row.folder_id),
    byAlbum(tracks, ({ album_id: _, ...track }) => track),
  ] as const;
}

function byAlbum<T extends { album_id: number }, V>(rows: T[], value: (row: T) => V) {
  const grouped = new Map<number, V[]>();
  for (const row of rows) {
    const list = grouped.get(row.album_id);
    if (list) list.push(value(row));
    else grouped.set(row.album_id, [value(row)]);
  }
  return grouped;
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

const csvRow = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Quotes where needed, and defuses cells a spreadsheet would run as formulas. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
