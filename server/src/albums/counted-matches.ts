import type { AlbumSummary } from '@gatefold/contract/albums';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { toCount } from '../db/count';
import { type IdList, idList } from '../db/one-of-ids';
import type { Database } from '../db/schema';
import type { JsonText } from '../http/json-text';
import type { AlbumsQuery } from './matching-albums';

/** How many albums a filter matches, and which, when they were few enough to be read. */
export type CountedMatches = { total: number; ids?: IdList };

/**
 * The JSON of a page of the albums `source` reads, as the list shows them. Given to a count, it
 * writes the page of a filter's few matches in the count's own statement, on PostgreSQL.
 */
export type PageOfMatches = (source: AlbumsQuery) => RawBuilder<JsonText<AlbumSummary[]>>;

/** A count, with the page of its matches when one was asked and they were few. */
export type CountedWithPage = CountedMatches & { page?: JsonText<AlbumSummary[]> };

type CountedRow = {
  total: number | string | null;
  ids: string | null;
  page: JsonText<AlbumSummary[]> | null;
};

/**
 * Reads a count on PostgreSQL from `counted`, a statement's CTEs the last of which, `counted`, is
 * one row of `ids` (an array of few matches, or null) and `total` (their count when there are
 * more). The ids come as text, to be given back unread (`IdList`). With `page`, the page of the
 * few ids comes in the same statement: a second would cost a round trip, about a tenth of a new
 * query's CPU on either side. `counted` is materialized, since inlined it would be read for each
 * use of its columns.
 */
export async function readCountedMatches(
  db: Kysely<Database>,
  userId: number,
  counted: RawBuilder<unknown>,
  page?: PageOfMatches,
): Promise<CountedWithPage> {
  const ofIds = db
    .selectFrom('albums')
    .where('albums.user_id', '=', userId)
    .where(sql<boolean>`albums.id = any(counted.ids)`);
  const pageOfIds = page ? sql`case when ids is not null then ${page(ofIds)} end` : sql`null`;
  const { rows } = await sql<CountedRow>`${counted}
    select coalesce(cardinality(ids), total) as total, cast(ids as text) as ids,
      ${pageOfIds} as page
    from counted`.execute(db);
  const [row] = rows;
  const total = toCount(row?.total);
  if (!row?.ids) return { total };
  const ids = idList.parse(row.ids);
  return row.page === null ? { total, ids } : { total, ids, page: row.page };
}
