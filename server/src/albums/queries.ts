import type { QueryNode, QueryTerm } from '@gatefold/contract/album-query';
import type { AlbumSort } from '@gatefold/contract/albums';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { z } from 'zod';
import { toCount } from '../db/count';
import { isPostgres } from '../db/database';
import { type LibraryState, libraryResults, libraryVersion } from '../db/library-results';
import { oneOfIds } from '../db/one-of-ids';
import { plannedForItsValues } from '../db/prepared-statements';
import type { Database } from '../db/schema';
import { searchWords } from '../db/search-text';
import { notFound } from '../http/errors';
import {
  fromJson,
  type LabelledAlbumRow,
  labelled,
  labelledAlbumsInOrder,
  selectLabelledAlbums,
} from './labelled-albums';
import {
  currentMinute,
  fewMatchesOrCount,
  freeWords,
  labelsWithManyLinks,
  type MatchPlan,
  type QueryScope,
  queryCondition,
  textMatches,
  wordMatchCount,
} from './query-conditions';

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

export type Page = { limit: number; offset: number };

type AlbumsQuery = SelectQueryBuilder<Database, 'albums', object>;

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

/** SPEC §9's sorts as ORDER BY terms; the id breaks ties so pages never overlap or skip. */
function sortTerms(sort: AlbumSort): RawBuilder<unknown> {
  switch (sort) {
    case 'name-asc':
      return sql`lower(albums.name) asc, albums.id asc`;
    case 'name-desc':
      return sql`lower(albums.name) desc, albums.id desc`;
    case 'artist-asc':
      return sql`lower(albums.artist) asc, albums.release_date asc nulls last, albums.id asc`;
    case 'artist-desc':
      return sql`lower(albums.artist) desc, albums.release_date asc nulls last, albums.id desc`;
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

function sortedIds(query: AlbumsQuery, sort: AlbumSort) {
  return query.select('albums.id').orderBy(sortTerms(sort));
}

/** How many albums a filter matches, and which, when they were few enough to be read. */
type CountedMatches = { total: number; ids?: number[] };

/**
 * Counts of text filters and pages of every list, kept per user until their library changes: a
 * broad word matches thousands of albums, and a page asked again (paging back, returning to a
 * screen, another device) should cost the session check alone. Pages of up to 50 albums (the
 * app asks 24, or the default 50) are kept, a few MB at most; a larger page is read each time.
 */
const keptCounts = libraryResults<CountedMatches>(64);
const keptPages = libraryResults<LabelledAlbumRow[]>(256);
const LARGEST_KEPT_PAGE = 50;

/**
 * One page of albums, labelled, and the count of all that match: at most two queries whatever the
 * collection's size (on SQLite, one more for each genre or tag prefix a query names), none beside
 * the session when both are kept. Without a text filter the count is the one kept on the user
 * (read with the session: `library`), folder, tag, genre or artist; with one, it is kept for the
 * library's version, as every page is.
 */
export async function listAlbumRows(
  db: Kysely<Database>,
  userId: number,
  filter: AlbumFilter,
  sort: AlbumSort,
  page: Page,
  library?: LibraryState,
): Promise<{ total: number; rows: LabelledAlbumRow[] }> {
  const now = currentMinute();
  const queried = Boolean(filter.query || filter.smartQuery);
  // A query over the whole collection picks how to read its word and label matches by their
  // count (`MatchPlan`). Within a folder, tag, genre or artist the scope's own few albums lead,
  // as before: reading a common word's every match there would cost more than the scope.
  const { folderId, tagId, genreId, artistId } = filter;
  const unscoped = [folderId, tagId, genreId, artistId].every((id) => id === undefined);
  const plansByCount = unscoped && queried;
  // Free words alone are counted from their matches as they stand, not joined to the albums.
  const words = plansByCount && !filter.smartQuery && filter.query ? freeWords(filter.query) : [];
  const albumCount = async () => library?.albumCount ?? keptAlbumCount(db, 'users', userId);
  // On SQLite a genre or tag prefix of more links than albums is tested album by album
  // (`labelsWithManyLinks`), asked once and only when the query is read.
  let manyLinksRead: Promise<ReadonlySet<QueryTerm>> | undefined;
  const manyLinks = () => {
    if (!plansByCount || isPostgres(db)) return Promise.resolve(undefined);
    const nodes = [filter.query, filter.smartQuery].flatMap((node) => (node ? [node] : []));
    manyLinksRead ??= labelsWithManyLinks({ db, userId }, nodes, albumCount);
    return manyLinksRead;
  };
  const matching = async (matchPlan?: MatchPlan) => {
    const labels = await manyLinks();
    return albumsMatching(db, userId, filter, now, {
      ...(matchPlan && { matchPlan }),
      ...(labels && { manyLinks: labels }),
    });
  };
  const counted = () => matching(plansByCount ? 'read-matches' : undefined);
  const countStatement = async () =>
    (words.length > 0
      ? wordMatchCount({ db, userId }, words)
      : (await counted()).select((eb) => eb.fn.countAll().as('total'))
    )
      .executeTakeFirst()
      .then((found) => toCount(found?.total));
  // A query's few matches are kept with its count, and a page of them is read by their ids: its
  // own statement would find them all again. On PostgreSQL free words alone are read before they
  // are counted (`fewMatchesOrCount`); other queries are counted and gathered at once.
  const readsFewMatches = words.length > 0 && isPostgres(db);
  const count = async (): Promise<CountedMatches> => {
    if (queried && words.length === 0) return countedWithFewIds(db, await counted());
    if (!readsFewMatches) return { total: await countStatement() };
    const found = await fewMatchesOrCount({ db, userId }, words, FEW_MATCHES_READ);
    return 'ids' in found ? { total: found.ids.length, ids: found.ids } : found;
  };
  const known = keptCount(db, userId, filter, library);
  // Both kept results go by one version: read with the session, or here once for a query. A
  // plain list read outside a request has no version at hand and is not worth a statement.
  const version = library?.version ?? (queried ? await libraryVersion(db, userId) : undefined);
  // An age in a query (`added:<30d`) is counted from the minute: its results last the minute.
  const moment = queried ? now.toISOString() : undefined;
  const matched: Promise<CountedMatches> = known
    ? known.then((total) => ({ total }))
    : version === undefined
      ? count()
      : keptCounts(db, userId, JSON.stringify(filter), count, version, moment);
  const total = matched.then((matches) => matches.total);
  // Few matches are read themselves, and past many the sort's index is walked, testing each
  // album on a short walk; the count, kept for every sort and page of the query, says which.
  const matchPlan = async (): Promise<MatchPlan | undefined> => {
    if (!plansByCount) return undefined;
    const matches = await total;
    if (matches <= FEW_MATCHES) return 'read-matches';
    return walkPlan(page, matches, await albumCount());
  };
  // The albums a page is read from: the matches by their ids, when the count read them;
  // otherwise the filter, read as the count says.
  const pageSource = async () => {
    const ids = queried ? (await matched).ids : undefined;
    return ids ? albumsWithIds(db, userId, ids) : matching(await matchPlan());
  };
  // The page's ids come from the sort's index alone (a page deep into the collection skips
  // index entries, not whole rows); only those rows are read whole.
  const pageRows = async () =>
    selectLabelledAlbums(
      db,
      db.selectFrom('albums').where(
        'albums.id',
        'in',
        sortedIds(await pageSource(), sort)
          .limit(page.limit)
          .offset(page.offset),
      ),
    )
      .orderBy(sortTerms(sort))
      .execute()
      .then((found) => found.map(labelled));
  const rows =
    version === undefined || page.limit > LARGEST_KEPT_PAGE
      ? pageRows()
      : keptPages(db, userId, JSON.stringify([filter, sort, page]), pageRows, version, moment);
  const [matches, listed] = await Promise.all([total, rows]);
  return { total: matches, rows: listed };
}

/**
 * How many albums the query matches, with their ids when there are at most `FEW_MATCHES_READ`.
 * The ids are gathered for every match and dropped past the limit, which cost no more than the
 * count alone, few matches or many: for a genre and a decade (167 of 50,000 albums) 0.35 ms on
 * SQLite, with `genre:g*` and a decade (6,120) 21.6 against 21.2, and on PostgreSQL 2.8–3.0 ms
 * either way, `genre:g*` (45,690) 16–17 against 18–22. A page read by the ids took 0.05 ms on
 * SQLite against 0.36 through the genre's links.
 */
async function countedWithFewIds(
  db: Kysely<Database>,
  matching: AlbumsQuery,
): Promise<CountedMatches> {
  const gathered = isPostgres(db)
    ? sql`coalesce(array_agg(albums.id), '{}')`
    : sql`json_group_array(albums.id)`;
  const fewIds = sql<unknown>`case when count(*) <= ${FEW_MATCHES_READ} then ${gathered} end`;
  const found = await matching
    .modifyFront(plannedForItsValues)
    .select((eb) => [eb.fn.countAll().as('total'), fewIds.as('ids')])
    .executeTakeFirst();
  const total = toCount(found?.total);
  const ids = gatheredIds.parse(fromJson(found?.ids ?? null));
  return ids ? { total, ids } : { total };
}

const gatheredIds = z.array(z.number().int()).nullable();

/** The user's albums of the given ids. */
function albumsWithIds(db: Kysely<Database>, userId: number, ids: number[]): AlbumsQuery {
  return db
    .selectFrom('albums')
    .where('albums.user_id', '=', userId)
    .where(oneOfIds(db, 'albums.id', ids));
}

/**
 * Up to this many matches, reading them costs no more than walking a sort's index, on SQLite,
 * where the two cost the same near 400 at 50,000 albums; PostgreSQL's walk costs more still
 * (docs/decisions.md).
 */
export const FEW_MATCHES = 400;

/**
 * The most matches whose ids are kept with a count, and the rows read for a word before its
 * matches count as many (an album may match a word twice or more).
 */
const FEW_MATCHES_READ = 2 * FEW_MATCHES;

/**
 * Albums a walk along a sort may test one by one (about 1.3 µs each on SQLite) before gathering
 * the text index's matches first pays (1.7 ms for 12,000, more for each further word): at 50,000
 * albums the two cost the same near 3,500 albums walked for one word, 6,000–10,000 for two.
 */
const LONGEST_ROW_WALK = 3_000;

/**
 * How a walk along a sort to the end of the page tests its albums, from how many of the
 * collection's albums match: about (offset + limit) × albums ÷ matches are walked, at most all.
 */
export function walkPlan(page: Page, matches: number, albums: number): MatchPlan {
  const walk = Math.min(albums, ((page.offset + page.limit) * albums) / Math.max(matches, 1));
  return walk > LONGEST_ROW_WALK ? 'gather-matches' : 'test-rows';
}

/** The kept album count that answers a filter of one scope and no text, if there is one. */
function keptCount(
  db: Kysely<Database>,
  userId: number,
  filter: AlbumFilter,
  library: LibraryState | undefined,
) {
  const { query, smartQuery, folderId, tagId, genreId, artistId, albumCount } = filter;
  const scopes = [smartQuery, folderId, tagId, genreId, artistId].filter((id) => id !== undefined);
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
 * The best `limit` albums for a quick search: names that are the search or start with it (a range
 * of the search-name index, read in order, the exact name first), then the other matches by name.
 * Every match is read only when the first kind are too few.
 */
export async function searchAlbumRows(
  db: Kysely<Database>,
  userId: number,
  q: string,
  limit: number,
): Promise<LabelledAlbumRow[]> {
  const phrase = searchWords(q).join(' ');
  if (phrase === '') return [];
  const name = isPostgres(db) ? sql`albums.search_name collate "C"` : sql`albums.search_name`;
  // The highest code point: every name that starts with the phrase sorts below phrase + it.
  const startsWithPhrase = sql<boolean>`(${name} >= ${phrase} and ${name} < ${`${phrase}\u{10FFFF}`})`;
  // Read in the index's order, so only the rows taken are labelled: one statement.
  const leading = await selectLabelledAlbums(
    db,
    db.selectFrom('albums').where('albums.user_id', '=', userId).where(startsWithPhrase),
  )
    .orderBy(name)
    .orderBy('albums.id')
    .limit(limit)
    .execute();
  const found = leading.map(labelled);
  if (found.length === limit) return found;
  // Few names start with it, so few albums are likely to match it at all: read them rather than
  // walk every name (a rare word: 2 against 21–45 ms on PostgreSQL at 50,000 albums).
  const others = await albumsMatching(db, userId, {})
    .where(textMatches({ db, userId, matchPlan: 'read-matches' }, searchWords(q)))
    .select('albums.id')
    .where(sql<boolean>`not ${startsWithPhrase}`)
    .orderBy(name)
    .orderBy('albums.id')
    .limit(limit - found.length)
    .execute();
  return [
    ...found,
    ...(await labelledAlbumsInOrder(
      db,
      others.map((row) => row.id),
    )),
  ];
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
