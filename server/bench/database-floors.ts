import type { Kysely } from 'kysely';
import { presentAlbums } from '../src/albums/present';
import { listAlbumRows } from '../src/albums/queries';
import { listArtists } from '../src/artists/queries';
import type { Database } from '../src/db/schema';
import { folderRowsWithCounts } from '../src/folders/queries';
import { searchCollection } from '../src/search/collection-search';
import { listTags, trendingTags } from '../src/tags/queries';

/** A page's SQL as its route runs it, without HTTP: what a request costs the database alone. */
export const databaseFloors = {
  'albums-first-page': async (db: Kysely<Database>, userId: number) => {
    const { rows } = await listAlbumRows(db, userId, {}, 'added-desc', { limit: 24, offset: 0 });
    await presentAlbums(db, rows);
  },
  'albums-text-filter': async (db: Kysely<Database>, userId: number) => {
    const { rows } = await listAlbumRows(db, userId, { q: 'velvet' }, 'added-desc', {
      limit: 24,
      offset: 0,
    });
    await presentAlbums(db, rows);
  },
  folders: (db: Kysely<Database>, userId: number) => folderRowsWithCounts(db, userId),
  tags: (db: Kysely<Database>, userId: number) => listTags(db, userId, { limit: 200, offset: 0 }),
  'trending-tags': (db: Kysely<Database>, userId: number) => trendingTags(db, userId),
  artists: (db: Kysely<Database>, userId: number) =>
    listArtists(db, userId, { sort: 'name-asc', limit: 20, offset: 0 }),
  search: (db: Kysely<Database>, userId: number) => searchCollection(db, userId, 'velv', 5),
} satisfies Record<string, (db: Kysely<Database>, userId: number) => Promise<unknown>>;

export type DatabaseFloor = keyof typeof databaseFloors;
