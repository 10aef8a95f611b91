import type { MaintenanceReport } from '@gatefold/contract/maintenance';
import type { Kysely } from 'kysely';
import { toCount } from '../db/count';
import { nameKey } from '../db/name-key';
import { oneOfIds } from '../db/one-of-ids';
import type { Database } from '../db/schema';
import { inCodePointOrder } from '../db/search-text';
import { albumsWithoutGenres, isEmptyFolder, isUnusedTag } from './findings';

const LISTED = 50;
const albumColumns = ['albums.id', 'albums.name', 'albums.artist', 'albums.release_date'] as const;

/** What may need tidying in a collection: four queries whatever its size. */
export async function maintenanceReport(
  db: Kysely<Database>,
  userId: number,
): Promise<MaintenanceReport> {
  const withoutGenres = albumsWithoutGenres(db, userId);
  const [duplicates, genreless, genrelessCount, emptyFolders, unusedTags] = await Promise.all([
    duplicateAlbums(db, userId),
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

  return {
    duplicates,
    albums_without_genres: { count: toCount(Number(genrelessCount?.count)), albums: genreless },
    empty_folders: emptyFolders,
    unused_tags: unusedTags,
  };
}

type DuplicateGroup = MaintenanceReport['duplicates'][number];

/** The groups of albums that are one album to a person (`duplicateGroups`). */
export async function duplicateAlbums(
  db: Kysely<Database>,
  userId: number,
): Promise<DuplicateGroup[]> {
  const candidates = await albumsByArtistAndName(db, userId)
    // Candidates: albums whose folded name and artist another album shares. Folding drops
    // accents and punctuation as well as case; `duplicateGroups` keeps those alike but for case.
    .where(({ eb, selectFrom }) =>
      eb(
        eb.tuple(eb.ref('albums.search_name'), eb.ref('albums.search_artist')),
        'in',
        selectFrom('albums as same')
          .select(['same.search_name', 'same.search_artist'])
          .where('same.user_id', '=', userId)
          .groupBy(['same.search_name', 'same.search_artist'])
          .having((inner) => inner.fn.countAll(), '>', 1)
          .$asTuple('search_name', 'search_artist'),
      ),
    )
    .execute();
  return duplicateGroups(candidates);
}

/** Those of the given albums that are still duplicates of one another, grouped as above. */
export async function stillDuplicates(
  db: Kysely<Database>,
  userId: number,
  albumIds: number[],
): Promise<DuplicateGroup[]> {
  const albums = await albumsByArtistAndName(db, userId)
    .where(oneOfIds(db, 'albums.id', albumIds))
    .execute();
  return duplicateGroups(albums);
}

/** The user's albums as duplicates are listed: by folded artist, then name. */
function albumsByArtistAndName(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('albums')
    .select(albumColumns)
    .where('albums.user_id', '=', userId)
    .orderBy(inCodePointOrder(db, 'albums.search_artist'))
    .orderBy(inCodePointOrder(db, 'albums.search_name'))
    .orderBy('albums.id');
}

/**
 * The albums that are one album to a person: the same name and artist but for case, in any script
 * ("ÉTÉ" and "été", as tags are one tag), in the order given. "Live" and "Live!", or "Bjork" and
 * "Björk", stay apart: the report offers to merge what it lists.
 */
function duplicateGroups(albums: DuplicateGroup['albums'][number][]): DuplicateGroup[] {
  const groups = new Map<string, DuplicateGroup>();
  for (const album of albums) {
    const key = `${nameKey(album.name)}\u0000${nameKey(album.artist)}`;
    const group = groups.get(key) ?? { name: album.name, artist: album.artist, albums: [] };
    group.albums.push(album);
    groups.set(key, group);
  }
  return [...groups.values()].filter((group) => group.albums.length > 1);
}
