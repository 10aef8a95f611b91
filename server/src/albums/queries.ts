import type { AlbumSort, AlbumSummary } from '@gatefold/contract/albums';
import {
  type CompiledQuery,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  sql,
} from 'kysely';
import { toCount } from '../db/count';
import { isPostgres } from '../db/database';
import { queryAroundSubquery } from '../db/fixed-shape-query';
import { type LibraryState, libraryResults, libraryVersion } from '../db/library-results';
import type { Database } from '../db/schema';
import { searchShapedQuery } from '../db/search-shaped-query';
import { inCodePointOrder, type Search, startsWithPhrase } from '../db/search-text';
import { notFound } from '../http/errors';
import type { JsonText } from '../http/json-text';
import type { CountedMatches, CountedWithPage, PageOfMatches } from './counted-matches';
import {
  type LabelledAlbumRow,
  labelled,
  selectLabelledAlbums,
  sqliteAlbumSummariesJson,
} from './labelled-albums';
import { type AlbumFilter, type AlbumsQuery, albumsMatching, scopesOf } from './matching-albums';
import { currentMinute, textMatches } from './query-conditions';
import { FEW_MATCHES, filterReading, type Page } from './query-reading';

/**
 * SPEC §9's sorts as ORDER BY terms; the id breaks ties so pages never overlap or skip. Names and
 * artists go by their folded form, so that "Ágætis byrjun" sorts with the a's and case is no
 * matter.
 */
function sortTerms(db: Kysely<Database>, sort: AlbumSort): RawBuilder<unknown> {
  const name = inCodePointOrder(db, 'albums.search_name');
  const artist = inCodePointOrder(db, 'albums.search_artist');
  switch (sort) {
    case 'name-asc':
      return sql`${name} asc, albums.id asc`;
    case 'name-desc':
      return sql`${name} desc, albums.id desc`;
    case 'artist-asc':
      return sql`${artist} asc, albums.release_date asc nulls last, albums.id asc`;
    case 'artist-desc':
      return sql`${artist} desc, albums.release_date asc nulls last, albums.id desc`;
    case 'year-asc':
      return sql`albums.release_date asc nulls last, albums.id asc`;
    case 'year-desc':
      return sql`albums.release_date desc nulls last, albums.id desc`;
    case 'added-asc':
      return sql`albums.added_at asc, albums.id asc`;
    case 'added-desc':
      return sql`albums.added_at desc, albums.id desc`;
  }
}

function sortedIds(db: Kysely<Database>, query: AlbumsQuery, sort: AlbumSort) {
  return query.select('albums.id').orderBy(sortTerms(db, sort));
}

/**
 * On PostgreSQL, the ids of a page of the user's whole collection, with its user, length and
 * offset read from subqueries, which no plan sees into: the custom plans cost what the generic
 * one does, and PostgreSQL keeps the generic one after five runs, the sort's index walked to the
 * page for every user and page. As parameters they were costed by a generic plan at the average
 * collection and a tenth of it, dearer than the custom plan of an early page or a small
 * collection, so every page but the first was planned on each call (0.09–0.26 ms in `psql`,
 * against 0.01). Undefined within a scope or a query, whose plan turns on how many albums match
 * (kept for the average, it would misread a large one), and on SQLite, which plans a statement
 * once.
 */
function wholeCollectionPage(
  db: Kysely<Database>,
  userId: number,
  filter: AlbumFilter,
  sort: AlbumSort,
  page: Page,
) {
  if (!isPostgres(db) || filter.query || scopesOf(filter).length > 0) return undefined;
  const albums = db.selectFrom('albums').where('albums.user_id', '=', unseenByPlanner(userId));
  return sortedIds(db, albums, sort)
    .limit(unseenByPlanner(page.limit))
    .offset(unseenByPlanner(page.offset));
}

/** A number in a statement that its planner cannot read (`wholeCollectionPage`). */
const unseenByPlanner = (value: number) => sql<number>`(select ${value}::bigint)`;

/**
 * Counts of text filters and pages of every list, kept per user until their library changes: a
 * broad word matches thousands of albums, and a page asked again (paging back, returning to a
 * screen, another device) should cost the session check alone. Pages of up to 50 albums (the
 * app asks 24, or the default 50) are kept, a few MB at most; a larger page is read each time.
 */
const keptCounts = libraryResults<CountedMatches>(64);
const keptPages = libraryResults<JsonText<AlbumSummary[]>>(256);
const LARGEST_KEPT_PAGE = 50;

/**
 * One page of albums as the list's JSON, and the count of all that match: at most two queries
 * whatever the collection's size (on SQLite, one more for each genre or tag prefix a query
 * names), none beside the session when both are kept. Without a text filter the count is the one
 * kept on the user (read with the session: `library`), folder, tag, genre or artist; with one, it
 * is kept for the library's version, as every page is.
 */
export async function listAlbums(
  db: Kysely<Database>,
  userId: number,
  filter: AlbumFilter,
  sort: AlbumSort,
  page: Page,
  library?: LibraryState,
): Promise<{ total: number; albums: JsonText<AlbumSummary[]> }> {
  const now = currentMinute();
  const queried = Boolean(filter.query || filter.smartQuery);
  const albumCount = async () => library?.albumCount ?? keptAlbumCount(db, 'users', userId);
  const reading = filterReading(db, userId, filter, now, albumCount);
  const known = keptCount(db, userId, filter, library);
  // Both kept results go by one version: read with the session, or here once for a query. A
  // plain list read outside a request has no version at hand and is not worth a statement.
  const version = library?.version ?? (queried ? await libraryVersion(db, userId) : undefined);
  // An age in a query (`added:<30d`) is counted from the minute: its results last the minute.
  const moment = queried ? now.toISOString() : undefined;
  // The page's ids come from the sort's index alone (a page deep into the collection skips
  // index entries, not whole rows); only those rows are read whole.
  const pageIds = (source: AlbumsQuery) =>
    sortedIds(db, source, sort).limit(page.limit).offset(page.offset);
  // A count read now brings the page of its few matches with it on PostgreSQL (a round trip
  // less); only the count is kept, for every sort and page of the filter.
  let counting: Promise<CountedWithPage> | undefined;
  const count = async (): Promise<CountedMatches> => {
    const withPage: PageOfMatches = (source) => summariesJson(pageIds(source));
    counting = reading.count(isPostgres(db) ? withPage : undefined);
    const { total, ids } = await counting;
    return ids ? { total, ids } : { total };
  };
  const matched: Promise<CountedMatches> = known
    ? known.then((total) => ({ total }))
    : version === undefined
      ? count()
      : keptCounts(db, userId, JSON.stringify(filter), count, version, moment);
  const pageJson = async () => {
    const counted = await counting;
    if (counted?.page !== undefined) return counted.page;
    const ids =
      wholeCollectionPage(db, userId, filter, sort, page) ??
      pageIds(await reading.pageSource(matched, page));
    const [row] = await albumsJsonInOrder(db, sort, ids);
    if (!row) throw new Error('A page of albums is one row, even when empty.');
    return row.albums;
  };
  const albums =
    version === undefined || page.limit > LARGEST_KEPT_PAGE
      ? pageJson()
      : keptPages(db, userId, JSON.stringify([filter, sort, page]), pageJson, version, moment);
  const [{ total }, listed] = await Promise.all([matched, albums]);
  return { total, albums: listed };
}

/**
 * The albums of a page's ids as the list's JSON, in the sort's order. On PostgreSQL a function
 * writes them in the ids' order with a plan it keeps, their tags and genres from each album's
 * kept lists (migrations 0035 and 0036): planned with the ids, the summaries cost most of a
 * page's planning, and read from their links, half of its execution.
 */
function albumsJsonInOrder(
  db: Kysely<Database>,
  sort: AlbumSort,
  ids: SelectQueryBuilder<Database, 'albums', { id: number }>,
) {
  if (!isPostgres(db)) return sqliteAlbumsJson(db, sort, ids);
  return db.selectNoFrom(summariesJson(ids).as('albums')).execute();
}

/** On PostgreSQL, the albums of a statement's ids as the list's JSON, in the ids' order. */
const summariesJson = (ids: SelectQueryBuilder<Database, 'albums', { id: number }>) =>
  sql<JsonText<AlbumSummary[]>>`album_summaries_json(array(${ids}))`;

/**
 * SQLite's statement for `albumsJsonInOrder`: its summaries' part is the same for every page of a
 * sort and cost several times what compiling the ids' part does, so it is built once for each.
 */
const sqliteAlbumsJson = queryAroundSubquery((db, sort: AlbumSort, ids) =>
  db
    .selectFrom('albums')
    .where('albums.id', 'in', sql<number>`(${ids})`)
    .select((eb) => sqliteAlbumSummariesJson(db, eb, sortTerms(db, sort)).as('albums')),
);

/** The kept album count that answers a filter of one scope and no text, if there is one. */
function keptCount(
  db: Kysely<Database>,
  userId: number,
  filter: AlbumFilter,
  library: LibraryState | undefined,
) {
  const { query, smartQuery, folderId, tagId, genreId, artistId, albumCount } = filter;
  const scopes = scopesOf(filter);
  if (query || scopes.length > 1) return undefined;
  if (albumCount !== undefined && scopes.length === 1) return Promise.resolve(albumCount);
  if (library !== undefined && scopes.length === 0) return Promise.resolve(library.albumCount);
  if (smartQuery) return undefined;
  if (folderId !== undefined) return keptAlbumCount(db, 'folders', folderId);
  if (tagId !== undefined) return keptAlbumCount(db, 'tags', tagId);
  if (genreId !== undefined) return keptAlbumCount(db, 'genres', genreId);
  if (artistId !== undefined) return keptAlbumCount(db, 'artists', artistId);
  return keptAlbumCount(db, 'users', userId);
}

/** The album count kept on a user, folder, tag, genre or artist. */
function keptAlbumCount(
  db: Kysely<Database>,
  table: 'users' | 'folders' | 'tags' | 'genres' | 'artists',
  id: number,
): Promise<number> {
  return db
    .selectFrom(table)
    .select('album_count')
    .where('id', '=', id)
    .executeTakeFirst()
    .then((row) => toCount(row?.album_count));
}

/**
 * Whether a quick search of a collection of `albumCount` albums reads every match at once rather
 * than the leading names first: at most `FEW_MATCHES` albums have at most that many matches, and
 * the second statement that its few leading names usually leave to read reads them all anyway.
 */
export const quickSearchReadsEveryMatch = (albumCount: number) => albumCount <= FEW_MATCHES;

/**
 * The best `limit` albums for a quick search: names that are the search or start with it (a range
 * of the search-name index, read in order, the exact name first), then the other matches by name.
 * Every match is read only when the first kind are too few, or at once in a small collection
 * (`quickSearchReadsEveryMatch`).
 */
export async function searchAlbumRows(
  db: Kysely<Database>,
  userId: number,
  search: Search,
  limit: number,
  albumCount: number,
): Promise<LabelledAlbumRow[]> {
  if (search.phrase === '') return [];
  const run = async (statement: CompiledQuery<LabelledAlbumRow>) =>
    (await db.executeQuery(statement)).rows.map(labelled);
  if (quickSearchReadsEveryMatch(albumCount))
    return run(smallCollectionAlbums(db, userId, search, { limit }));
  const found = await run(leadingAlbums(db, userId, search, { limit }));
  if (found.length === limit) return found;
  const rest = await run(otherAlbums(db, userId, search, { limit: limit - found.length }));
  return [...found, ...rest];
}

const searchName = (db: Kysely<Database>) => inCodePointOrder(db, 'albums.search_name');

/** Names that are the search or start with it, read in the index's order: one statement. */
export const leadingAlbums = searchShapedQuery(
  (db, userId, { phrase }, { limit }: { limit: number }) => {
    const name = searchName(db);
    const leading = db
      .selectFrom('albums')
      .where('albums.user_id', '=', userId)
      .where(startsWithPhrase(name, phrase));
    return (
      selectLabelledAlbums(db, leading)
        .orderBy(name)
        .orderBy('albums.id')
        // Written out, so that PostgreSQL plans the statement once rather than for each search.
        .limit(sql.lit(limit))
    );
  },
);

/**
 * The other matches, when few names start with the search: few albums are then likely to match
 * it at all, so they are read rather than every name walked (a rare word: 2 against 21–45 ms on
 * PostgreSQL at 50,000 albums). Only the rows taken are labelled, in the same statement.
 */
export const otherAlbums = searchShapedQuery((db, userId, search, { limit }: { limit: number }) => {
  const name = searchName(db);
  const others = idsMatchingText(db, userId, search)
    .where(sql<boolean>`not ${startsWithPhrase(name, search.phrase)}`)
    .orderBy(name)
    .orderBy('albums.id')
    .limit(limit);
  return selectLabelledAlbums(db, db.selectFrom('albums').where('albums.id', 'in', others))
    .orderBy(name)
    .orderBy('albums.id');
});

/**
 * A small collection's best `limit` albums for a quick search, in one statement: every match,
 * the names that start with the search first, each kind by name. Read in two, as a large
 * collection's are, its few leading names left most lists short and took a second round trip.
 */
export const smallCollectionAlbums = searchShapedQuery(
  (db, userId, search, { limit }: { limit: number }) => {
    const name = searchName(db);
    const leadingName = startsWithPhrase(name, search.phrase);
    const ranked = <Row>(query: SelectQueryBuilder<Database, 'albums', Row>) =>
      query.orderBy(sql<boolean>`not ${leadingName}`).orderBy(name).orderBy('albums.id');
    const best = ranked(idsMatchingText(db, userId, search)).limit(sql.lit(limit));
    return ranked(selectLabelledAlbums(db, db.selectFrom('albums').where('albums.id', 'in', best)));
  },
);

/** The ids of the user's albums that a quick search matches, read from their matches. */
function idsMatchingText(db: Kysely<Database>, userId: number, search: Search) {
  return albumsMatching(db, userId, {})
    .where(textMatches({ db, userId, matchPlan: 'read-matches' }, search.words))
    .select('albums.id');
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
