import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadingAlbums, otherAlbums, smallCollectionAlbums } from '../albums/queries';
import { labelsStatement } from '../search/collection-search';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../testing/test-database';
import { isPostgres } from './database';
import type { Database } from './schema';
import { type SearchShapedQuery, searchShapedQuery } from './search-shaped-query';
import {
  idsWithWordsStarting,
  nameRank,
  readSearch,
  type Search,
  sqliteIdsWithWordsStarting,
  startsWithPhrase,
  startsWords,
} from './search-text';

/** A statement that places the id, the words and the phrase every way the searches do. */
function albumsFound(
  db: Kysely<Database>,
  userId: number,
  search: Search,
  { limit }: { limit: number },
) {
  const words = isPostgres(db)
    ? idsWithWordsStarting('albums', userId, search.words)
    : sqliteIdsWithWordsStarting('albums', userId, search.words);
  return db
    .selectFrom('albums')
    .select('albums.id')
    .where('albums.user_id', '=', userId)
    .where((eb) => startsWords(eb.ref('albums.search_text'), search.words))
    .where(sql<boolean>`albums.id in (${words})`)
    .orderBy((eb) => nameRank(eb.ref('albums.search_name'), search.phrase))
    .orderBy(sql`${startsWithPhrase(sql.ref('albums.search_name'), search.phrase)}`)
    .limit(sql.lit(limit));
}

const searches = ['', '!?', 'bl', 'Björk', 'ÁGÆTIS byrjun', 'the the', 'a b c', 'Ωmega 2001'];

describe.each(testDatabaseKinds)('a query of a search’s shape on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  it('compiles to the statement and values Kysely builds for each search', () => {
    const shaped = searchShapedQuery(albumsFound);
    for (const [n, q] of [...searches, ...searches.slice().reverse()].entries()) {
      const search = readSearch(q);
      const userId = 7 + n;
      const built = albumsFound(database.db, userId, search, { limit: 5 }).compile();
      const { sql: text, parameters } = shaped(database.db, userId, search, { limit: 5 });
      expect({ text, parameters }, q).toEqual({ text: built.sql, parameters: built.parameters });
    }
  });

  it('gives the statements of a collection search as Kysely builds them, for any search', () => {
    const { db } = database;
    const compare = <Options extends Record<string, number | boolean>>(
      statement: SearchShapedQuery<Options, unknown>,
      options: Options[],
    ) => {
      for (const option of options)
        for (const [n, q] of [
          ...searches,
          'one two three four five six seven eight nine',
        ].entries()) {
          const search = readSearch(q);
          const shaped = statement(db, 3 + n, search, option);
          const built = statement.builtAnew(db, 3 + n, search, option).compile();
          expect([shaped.sql, shaped.parameters], q).toEqual([built.sql, built.parameters]);
        }
    };
    compare(labelsStatement, [
      { perKind: 5, everyMatch: true },
      { perKind: 10, everyMatch: false },
    ]);
    for (const albums of [leadingAlbums, otherAlbums, smallCollectionAlbums])
      compare(albums, [{ limit: 1 }, { limit: 10 }]);
  });

  it('builds each shape once: a number of words with its options', () => {
    const shapes: string[] = [];
    const shaped = searchShapedQuery((db, userId, search: Search, options: { limit: number }) => {
      shapes.push(`${search.words.length} words, ${options.limit}`);
      return albumsFound(db, userId, search, options);
    });
    for (const q of ['bl', 'ro', 'bl ro', 'ro bl', 'bjork'])
      shaped(database.db, 1, readSearch(q), { limit: 5 });
    shaped(database.db, 1, readSearch('bl'), { limit: 6 });
    expect(shapes).toEqual(['1 words, 5', '2 words, 5', '1 words, 6']);
  });
});
