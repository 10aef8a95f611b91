import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The conditions of the report's findings, shared by the report and the fixes that clear them. */

/** The user's albums without a single genre. */
export function albumsWithoutGenres(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('albums')
    .where('albums.user_id', '=', userId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('album_genres')
            .select('album_genres.album_id')
            .whereRef('album_genres.album_id', '=', 'albums.id'),
        ),
      ),
    );
}

/** A plain folder with neither albums nor subfolders; a smart folder's albums are its query's. */
export function isEmptyFolder({
  eb,
  and,
  not,
  exists,
  selectFrom,
}: ExpressionBuilder<Database, 'folders'>) {
  return and([
    eb('folders.query', 'is', null),
    not(
      exists(
        selectFrom('folder_albums')
          .select('folder_albums.album_id')
          .whereRef('folder_albums.folder_id', '=', 'folders.id'),
      ),
    ),
    not(
      exists(
        selectFrom('folders as child')
          .select('child.id')
          .whereRef('child.parent_id', '=', 'folders.id'),
      ),
    ),
  ]);
}

/** A tag no album carries. */
export function isUnusedTag({ not, exists, selectFrom }: ExpressionBuilder<Database, 'tags'>) {
  return not(
    exists(
      selectFrom('album_tags')
        .select('album_tags.album_id')
        .whereRef('album_tags.tag_id', '=', 'tags.id'),
    ),
  );
}
