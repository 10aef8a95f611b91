import type { QueryTerm } from '@gatefold/contract/album-query';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { toCount } from '../db/count';
import { isPostgres } from '../db/database';
import { type IdList, idList, oneOfIds } from '../db/one-of-ids';
import { plannedForItsValues } from '../db/prepared-statements';
import type { Database } from '../db/schema';
import {
  type CountedMatches,
  type CountedWithPage,
  type PageOfMatches,
  readCountedMatches,
} from './counted-matches';
import { type AlbumFilter, type AlbumsQuery, albumsMatching } from './matching-albums';
import {
  datedGenreAlbumIds,
  fewMatchesOrCount,
  freeWords,
  labelsWithManyLinks,
  type MatchPlan,
  type QueryScope,
  wordMatchCount,
} from './query-conditions';

export type Page = { limit: number; offset: number };

/** How a list of albums is read: how many match, and which albums a page is read from. */
export type FilterReading = {
  /**
   * How many albums match. With `page`, on PostgreSQL, a query's few matches come with the page
   * of them in the same statement.
   */
  count(page?: PageOfMatches): Promise<CountedWithPage>;
  /** The albums a page is read from, given the count (read here or kept). */
  pageSource(matched: Promise<CountedMatches>, page: Page): Promise<AlbumsQuery>;
};

/**
 * How a filter's albums are read. A query over the whole collection picks how to read its word
 * and label matches by their count (`MatchPlan`). Within a folder, tag, genre or artist the
 * scope's own few albums lead, as before: reading a common word's every match there would cost
 * more than the scope. `albumCount` is the collection's, asked only when a plan needs it.
 */
export function filterReading(
  db: Kysely<Database>,
  userId: number,
  filter: AlbumFilter,
  now: Date,
  albumCount: () => Promise<number>,
): FilterReading {
  const queried = Boolean(filter.query || filter.smartQuery);
  const { folderId, tagId, genreId, artistId } = filter;
  const unscoped = [folderId, tagId, genreId, artistId].every((id) => id === undefined);
  const plansByCount = unscoped && queried;
  // Free words alone are counted from their matches as they stand, not joined to the albums.
  const words = plansByCount && !filter.smartQuery && filter.query ? freeWords(filter.query) : [];
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
  // A genre and its years alone are counted from the genre's links, without the albums. Their
  // plan (the genre's range of its index) is the same for every collection, so PostgreSQL may
  // keep it; a count through the albums is planned for its values (`plannedForItsValues`).
  const matchedIds = async (): Promise<MatchedIds> => {
    const query = plansByCount && !filter.smartQuery ? filter.query : null;
    const labels = await manyLinks();
    const scope: QueryScope = {
      db,
      userId,
      now,
      matchPlan: 'read-matches',
      ...(labels && { manyLinks: labels }),
    };
    const links = query ? datedGenreAlbumIds(scope, query) : undefined;
    if (links) return { ids: links, plannedForItsValues: false };
    return { ids: (await counted()).select('albums.id'), plannedForItsValues: true };
  };
  // A query's few matches are kept with its count, and a page of them is read by their ids: its
  // own statement would find them all again. On PostgreSQL free words alone are read before they
  // are counted (`fewMatchesOrCount`); other queries are counted and gathered at once.
  const count = async (page?: PageOfMatches): Promise<CountedWithPage> => {
    if (queried && words.length === 0)
      return countedWithFewIds(db, userId, await matchedIds(), page);
    if (words.length > 0 && isPostgres(db))
      return fewMatchesOrCount({ db, userId }, words, FEW_MATCHES_READ, page);
    const statement =
      words.length > 0
        ? wordMatchCount({ db, userId }, words)
        : (await counted()).select((eb) => eb.fn.countAll().as('total'));
    const found = await statement.executeTakeFirst();
    return { total: toCount(found?.total) };
  };
  // Few matches are read themselves, and past many the sort's index is walked, testing each
  // album on a short walk; the count, kept for every sort and page of the query, says which. A
  // list without a query does not wait for its count.
  const pageSource = async (matched: Promise<CountedMatches>, page: Page) => {
    if (!queried) return matching();
    const { total, ids } = await matched;
    if (ids) return albumsWithIds(db, userId, ids);
    if (!plansByCount) return matching();
    if (total <= FEW_MATCHES) return matching('read-matches');
    return matching(walkPlan(page, total, await albumCount()));
  };
  return { count, pageSource };
}

/** A statement of the ids of the albums a query matches, and whether to plan it on each call. */
type MatchedIds = {
  ids: SelectQueryBuilder<Database, keyof Database, { id: number }>;
  plannedForItsValues: boolean;
};

/**
 * How many albums the query matches (`ids`, any statement of their ids, counted as a subquery),
 * with their ids when there are at most `FEW_MATCHES_READ`, and on PostgreSQL the `page` of them.
 * The ids are gathered for every match and dropped past the limit, which cost no more than the
 * count alone, few matches or many. Timed through the albums, as queries other than a genre and
 * its years still are: a genre and a decade (167 of 50,000 albums) 0.35 ms on SQLite, with
 * `genre:g*` and a decade (6,120) 21.6 against 21.2, and on PostgreSQL 2.8–3.0 ms either way,
 * `genre:g*` (45,690) 16–17 against 18–22. A page read by the ids took 0.05 ms on SQLite against
 * 0.36 through the genre's links. From the links alone (`datedGenreAlbumIds`) a genre and a
 * decade's count and ids take 0.045 ms on SQLite.
 */
async function countedWithFewIds(
  db: Kysely<Database>,
  userId: number,
  { ids: matchedIds, plannedForItsValues: eachCall }: MatchedIds,
  page: PageOfMatches | undefined,
): Promise<CountedWithPage> {
  if (isPostgres(db)) {
    const planned = eachCall ? plannedForItsValues : sql``;
    const counted = sql`with counted as materialized (
        select ${planned} count(*) as total,
          case when count(*) <= ${FEW_MATCHES_READ} then coalesce(array_agg(matched.id), '{}') end as ids
        from (${matchedIds}) as matched)`;
    return readCountedMatches(db, userId, counted, page);
  }
  const gathered = sql`json_group_array(matched.id)`;
  const fewIds = sql<string | null>`case when count(*) <= ${FEW_MATCHES_READ} then ${gathered} end`;
  const found = await db
    .selectFrom(matchedIds.as('matched'))
    .$if(eachCall, (statement) => statement.modifyFront(plannedForItsValues))
    .select((eb) => [eb.fn.countAll().as('total'), fewIds.as('ids')])
    .executeTakeFirst();
  const total = toCount(found?.total);
  const ids = idList.nullable().parse(found?.ids ?? null);
  return ids ? { total, ids } : { total };
}

/** The user's albums of the given ids. */
function albumsWithIds(db: Kysely<Database>, userId: number, ids: IdList): AlbumsQuery {
  return db
    .selectFrom('albums')
    .where('albums.user_id', '=', userId)
    .where(oneOfIds(db, 'albums.id', ids));
}

/**
 * Up to this many matches, reading them costs no more than walking a sort's index, on SQLite,
 * where the two cost the same near 400 at 50,000 albums; PostgreSQL's walk costs more still
 * (docs/decisions.md). A quick search of a collection this small reads every match at once
 * (`quickSearchReadsEveryMatch`).
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
