import type { AlbumSort } from '@gatefold/contract/albums';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { containsText, toCount } from '../db/text-match';
import { notFound } from '../http/errors';

/** Which of a user's albums a list shows: all, or those in a folder, with a tag, genre or artist. */
export type AlbumFilter = {
  q?: string | undefined;
  folderId?: number;
  tagId?: number;
  genreId?: number;
  artistId?: number;
};

export type Page = { limit: number; offset: number };

type AlbumsQuery = SelectQueryBuilder<Database, 'albums', object>;

/** The user's albums narrowed by the filter; every list of albums starts here. */
export function albumsMatching(
  db: Kysely<Database>,
  userId: number,
  filter: AlbumFilter,
): AlbumsQuery {
  const { q, folderId, tagId, genreId, artistId } = filter;
  return db
    .selectFrom('albums')
    .where('albums.user_id', '=', userId)
    .$if(folderId !== undefined, (query) =>
      query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('folder_albums')
            .select('folder_albums.album_id')
            .whereRef('folder_albums.album_id', '=', 'albums.id')
            .where('folder_albums.folder_id', '=', folderId ?? -1),
        ),
      ),
    )
    .$if(tagId !== undefined, (query) =>
      query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('album_tags')
            .select('album_tags.album_id')
            .whereRef('album_tags.album_id', '=', 'albums.id')
            .where('album_tags.tag_id', '=', tagId ?? -1),
        ),
      ),
    )
    .$if(genreId !== undefined, (query) =>
      query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('album_genres')
            .select('album_genres.album_id')
            .whereRef('album_genres.album_id', '=', 'albums.id')
            .where('album_genres.genre_id', '=', genreId ?? -1),
        ),
      ),
    )
    .$if(artistId !== undefined, (query) =>
      query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('album_artists')
            .select('album_artists.album_id')
            .whereRef('album_artists.album_id', '=', 'albums.id')
            .where('album_artists.artist_id', '=', artistId ?? -1),
        ),
      ),
    )
    .$if(Boolean(q), (query) =>
      // SPEC §5: a case-insensitive match on name, artist or tag names.
      // The few matching tags are found once, not once per album.
      query.where(({ or, eb, selectFrom, ref }) =>
        or([
          containsText(ref('albums.name'), q ?? ''),
          containsText(ref('albums.artist'), q ?? ''),
          eb(
            'albums.id',
            'in',
            selectFrom('album_tags')
              .select('album_tags.album_id')
              .where('album_tags.tag_id', 'in', (tags) =>
                tags
                  .selectFrom('tags')
                  .select('tags.id')
                  .where('tags.user_id', '=', userId)
                  .where((inner) => containsText(inner.ref('tags.name'), q ?? '')),
              ),
          ),
        ]),
      ),
    );
}

/** SPEC §9's sorts; the id breaks ties so pages never overlap or skip. */
function sorted(query: AlbumsQuery, sort: AlbumSort) {
  const selected = query.selectAll('albums');
  switch (sort) {
    case 'name-asc':
    case 'name-desc': {
      const direction = sort === 'name-asc' ? 'asc' : 'desc';
      return selected
        .orderBy((eb) => eb.fn('lower', ['albums.name']), direction)
        .orderBy('albums.id', direction);
    }
    case 'artist-asc':
    case 'artist-desc': {
      const direction = sort === 'artist-asc' ? 'asc' : 'desc';
      return selected
        .orderBy((eb) => eb.fn('lower', ['albums.artist']), direction)
        .orderBy('albums.release_date', (ob) => ob.asc().nullsLast())
        .orderBy('albums.id', direction);
    }
    case 'year-asc':
      return selected
        .orderBy('albums.release_date', (ob) => ob.asc().nullsLast())
        .orderBy('albums.id', 'asc');
    case 'year-desc':
      return selected
        .orderBy('albums.release_date', (ob) => ob.desc().nullsLast())
        .orderBy('albums.id', 'desc');
    case 'added-asc':
      return selected.orderBy('albums.added_at', 'asc').orderBy('albums.id', 'asc');
    case 'added-desc':
      return selected.orderBy('albums.added_at', 'desc').orderBy('albums.id', 'desc');
  }
}

/** One page of albums and the count of all that match: two queries whatever the collection's size. */
export async function listAlbumRows(
  db: Kysely<Database>,
  userId: number,
  filter: AlbumFilter,
  sort: AlbumSort,
  page: Page,
) {
  const matching = albumsMatching(db, userId, filter);
  const [count, rows] = await Promise.all([
    matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst(),
    sorted(matching, sort).limit(page.limit).offset(page.offset).execute(),
  ]);
  return { total: toCount(count?.total), rows };
}

/** The user's album; another user's or an unknown id is a 404. */
export async function loadOwnAlbum(db: Kysely<Database>, userId: number, albumId: number) {
  const album = await findAlbumRow(db, userId, albumId);
  if (!album) throw notFound('No such album in your collection.');
  return album;
}

export async function findAlbumRow(db: Kysely<Database>, userId: number, albumId: number) {
  return db
    .selectFrom('albums')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', albumId)
    .executeTakeFirst();
}

/** Tags and genres of many albums in two queries, keyed by album id. */
export async function labelsOfAlbums(db: Kysely<Database>, albumIds: number[]) {
  if (albumIds.length === 0) return { tags: new Map(), genres: new Map() } as const;
  const [tagRows, genreRows] = await Promise.all([
    db
      .selectFrom('album_tags')
      .innerJoin('tags', 'tags.id', 'album_tags.tag_id')
      .select(['album_tags.album_id', 'tags.id', 'tags.name', 'tags.color'])
      .where('album_tags.album_id', 'in', albumIds)
      .orderBy('tags.name')
      .execute(),
    db
      .selectFrom('album_genres')
      .innerJoin('genres', 'genres.id', 'album_genres.genre_id')
      .select(['album_genres.album_id', 'genres.id', 'genres.name'])
      .where('album_genres.album_id', 'in', albumIds)
      .orderBy('genres.name')
      .execute(),
  ]);
  return {
    tags: groupBy(
      tagRows,
      (row) => row.album_id,
      ({ id, name, color }) => ({ id, name, color }),
    ),
    genres: groupBy(
      genreRows,
      (row) => row.album_id,
      ({ id, name }) => ({ id, name }),
    ),
  };
}

export async function tracksOfAlbum(db: Kysely<Database>, albumId: number) {
  return db
    .selectFrom('tracks')
    .select(['id', 'name', 'artist', 'track_number', 'disc_number', 'duration_ms', 'spotify_url'])
    .where('album_id', '=', albumId)
    .orderBy('disc_number')
    .orderBy('track_number')
    .orderBy('id')
    .execute();
}

export async function foldersOfAlbum(db: Kysely<Database>, albumId: number) {
  return db
    .selectFrom('folder_albums')
    .innerJoin('folders', 'folders.id', 'folder_albums.folder_id')
    .select(['folders.id', 'folders.name'])
    .where('folder_albums.album_id', '=', albumId)
    .orderBy('folders.name')
    .execute();
}

function groupBy<Row, Value>(rows: Row[], key: (row: Row) => number, value: (row: Row) => Value) {
  const groups = new Map<number, Value[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(value(row));
    else groups.set(key(row), [value(row)]);
  }
  return groups;
}
