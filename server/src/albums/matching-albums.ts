import type { QueryNode } from '@gatefold/contract/album-query';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { type QueryScope, queryCondition } from './query-conditions';

/** Which of a user's albums a list shows: all, or those in a folder, with a tag, genre or artist. */
export type AlbumFilter = {
  /** A parsed album query (contract/album-query.ts); null or absent: every album. */
  query?: QueryNode | null;
  /** A smart folder's saved query, which the albums must match as well. */
  smartQuery?: QueryNode;
  folderId?: number;
  tagId?: number;
  genreId?: number;
  artistId?: number;
  /** The scope's kept album count, when the caller read it with the scope: one query fewer. */
  albumCount?: number;
};

export type AlbumsQuery = SelectQueryBuilder<Database, 'albums', object>;

/** The scopes a filter names: a smart folder's query, a folder, a tag, a genre, an artist. */
export function scopesOf({ smartQuery, folderId, tagId, genreId, artistId }: AlbumFilter) {
  return [smartQuery, folderId, tagId, genreId, artistId].filter((scope) => scope !== undefined);
}

/**
 * The user's albums narrowed by the filter; every list of albums starts here. `now` is when an
 * age in the query (`added:<30d`) is counted back from.
 */
export function albumsMatching(
  db: Kysely<Database>,
  userId: number,
  filter: AlbumFilter,
  now = new Date(),
  reading: Pick<QueryScope, 'matchPlan' | 'manyLinks'> = {},
): AlbumsQuery {
  const { query, smartQuery, folderId, tagId, genreId, artistId } = filter;
  const scoped = db
    .selectFrom('albums')
    .where('albums.user_id', '=', userId)
    .$if(folderId !== undefined, (albums) =>
      albums.where('albums.id', 'in', (eb) =>
        eb
          .selectFrom('folder_albums')
          .select('folder_albums.album_id')
          .where('folder_albums.folder_id', '=', folderId ?? -1),
      ),
    )
    .$if(tagId !== undefined, (albums) =>
      albums.where('albums.id', 'in', (eb) =>
        eb
          .selectFrom('album_tags')
          .select('album_tags.album_id')
          .where('album_tags.tag_id', '=', tagId ?? -1),
      ),
    )
    .$if(genreId !== undefined, (albums) =>
      albums.where('albums.id', 'in', (eb) =>
        eb
          .selectFrom('album_genres')
          .select('album_genres.album_id')
          .where('album_genres.genre_id', '=', genreId ?? -1),
      ),
    )
    .$if(artistId !== undefined, (albums) =>
      albums.where('albums.id', 'in', (eb) =>
        eb
          .selectFrom('album_artists')
          .select('album_artists.album_id')
          .where('album_artists.artist_id', '=', artistId ?? -1),
      ),
    );
  const queries = [smartQuery, query].flatMap((node) => (node ? [node] : []));
  return queries.reduce(
    (narrowed, node) => narrowed.where(queryCondition({ db, userId, now, ...reading }, node)),
    scoped,
  );
}
