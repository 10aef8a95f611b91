import { albumSort } from '@gatefold/contract/albums';
import type { Kysely } from 'kysely';
import { readAlbumQuery } from '../src/albums/album-page';
import { listAlbums } from '../src/albums/queries';
import { listArtists } from '../src/artists/queries';
import { readLibraryState } from '../src/db/library-results';
import type { Database } from '../src/db/schema';
import { folderRowsWithCounts } from '../src/folders/queries';
import { searchCollection } from '../src/search/collection-search';
import { listTags, trendingTags } from '../src/tags/queries';
import { DECADES, GENRES, genreName, NAME_PREFIXES, NAME_WORDS } from './collection';

/**
 * Text that no kept result answers: each run asks a word, or a sort, the last 64 runs did not, so
 * the floor is the search's SQL rather than a kept result.
 */
const unkeptFilter = (run: number) => ({
  q: NAME_WORDS[run % NAME_WORDS.length] ?? 'velvet',
  sort:
    albumSort.options[Math.floor(run / NAME_WORDS.length) % albumSort.options.length] ??
    'added-desc',
});
const unkeptPrefix = (run: number) => NAME_PREFIXES[run % NAME_PREFIXES.length] ?? 'velv';

/** A page's SQL as its route runs it, without HTTP: what a request costs the database alone. */
export const databaseFloors = {
  'albums-first-page': (db: Kysely<Database>, userId: number) =>
    listAlbums(db, userId, {}, 'added-desc', { limit: 24, offset: 0 }),
  'albums-text-filter': (db: Kysely<Database>, userId: number, run: number) => {
    const { q, sort } = unkeptFilter(run);
    return listAlbums(db, userId, { query: readAlbumQuery(q) }, sort, { limit: 24, offset: 0 });
  },
  // A decade, one of the collection's genres and a tag left out, different each run so no kept
  // result answers.
  'albums-query': (db: Kysely<Database>, userId: number, run: number) => {
    const decade = DECADES[run % DECADES.length] ?? 1950;
    const q = `year:${decade}..${decade + 9} genre:"${genreName(run % GENRES)}" -tag:a*`;
    return listAlbums(db, userId, { query: readAlbumQuery(q) }, 'added-desc', {
      limit: 24,
      offset: 0,
    });
  },
  folders: (db: Kysely<Database>, userId: number) => folderRowsWithCounts(db, userId),
  tags: (db: Kysely<Database>, userId: number) => listTags(db, userId, { limit: 200, offset: 0 }),
  'trending-tags': (db: Kysely<Database>, userId: number) => trendingTags(db, userId),
  artists: (db: Kysely<Database>, userId: number) =>
    listArtists(db, userId, { sort: 'name-asc', limit: 20, offset: 0 }),
  search: async (db: Kysely<Database>, userId: number, run: number) =>
    searchCollection(db, userId, unkeptPrefix(run), 5, await readLibraryState(db, userId)),
} satisfies Record<string, (db: Kysely<Database>, userId: number, run: number) => Promise<unknown>>;

export type DatabaseFloor = keyof typeof databaseFloors;
