import type { MaintenanceReport } from '@gatefold/contract/maintenance';
import type { Kysely } from 'kysely';
import { toCount } from '../db/count';
import type { Database } from '../db/schema';
import { inCodePointOrder } from '../db/search-text';
import { albumsWithoutGenres, isEmptyFolder, isUnusedTag } from './findings';

const LISTED = 50;

/** What may need tidying in a collection: four queries whatever its size. */
export async function maintenanceReport(
  db: Kysely<Database>,
  userId: number,
): Promise<MaintenanceReport> {
  const albumColumns = [
    'albums.id',
    'albums.name',
    'albums.artist',
    'albums.release_date',
  ] as const;
  const withoutGenres = albumsWithoutGenres(db, userId);
  const [duplicates, genreless, genrelessCount, emptyFolders, unusedTags] = await Promise.all([
    db
      .selectFrom('albums')
      .select(albumColumns)
      .where('albums.user_id', '=', userId)
      .where(({ eb, selectFrom, fn }) =>
        eb(
          eb.tuple(fn('lower', ['albums.name']), fn('lower', ['albums.artist'])),
          'in',
          selectFrom('albums as same')
            .select((inner) => [
              inner.fn('lower', ['same.name']).as('n'),
              inner.fn('lower', ['same.artist']).as('a'),
            ])
            .where('same.user_id', '=', userId)
            .groupBy((inner) => [
              inner.fn('lower', ['same.name']),
              inner.fn('lower', ['same.artist']),
            ])
            .having((inner) => inner.fn.countAll(), '>', 1)
            .$asTuple('n', 'a'),
        ),
      )
      .orderBy(inCodePointOrder(db, 'albums.search_artist'))
      .orderBy(inCodePointOrder(db, 'albums.search_name'))
      .orderBy('albums.id')
      .execute(),
    withoutGenres
      .select(albumColumns)
      .orderBy(inCodePointOrder(db, 'albums.search_name'))
      .orderBy('albums.id')
      .limit(LISTED)
      .execute(),
    withoutGenres.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
    db
      .selectFrom('folders')
      .select(['folders.id', 'folders.name'])
      .where('folders.user_id', '=', userId)
      .where(isEmptyFolder)
      .orderBy(inCodePointOrder(db, 'folders.search_text'))
      .orderBy('folders.id')
      .execute(),
    db
      .selectFrom('tags')
      .select(['tags.id', 'tags.name', 'tags.color'])
      .where('tags.user_id', '=', userId)
      .where(isUnusedTag)
      .orderBy(inCodePointOrder(db, 'tags.search_text'))
      .orderBy('tags.id')
      .execute(),
  ]);

  const groups = new Map<string, MaintenanceReport['duplicates'][number]>();
  for (const album of duplicates) {
    const key = `${album.name.toLowerCase()}\u0000${album.artist.toLowerCase()}`;
    const group = groups.get(key) ?? { name: album.name, artist: album.artist, albums: [] };
    group.albums.push(album);
    groups.set(key, group);
  }
  return {
    duplicates: [...groups.values()],
    albums_without_genres: { count: toCount(Number(genrelessCount?.count)), albums: genreless },
    empty_folders: emptyFolders,
    unused_tags: unusedTags,
  };
}
