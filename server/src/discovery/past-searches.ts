import type { PastSearch } from '@gatefold/contract/discovery';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { toCount } from '../db/count';
import type { Database } from '../db/schema';

const PAST_SEARCH_LIMIT = 10;
const storedFilters = z.record(z.string(), z.string());

/** The same search made again counts once, with how often and when last. */
export async function pastDiscoverySearches(
  db: Kysely<Database>,
  userId: number,
  order: 'recent' | 'popular',
): Promise<PastSearch[]> {
  const rows = await db
    .selectFrom('discovery_searches')
    .select([
      'algorithm',
      'filters',
      (eb) => eb.fn.max('created_at').as('searched_at'),
      (eb) => eb.fn.max('result_count').as('result_count'),
      (eb) => eb.fn.countAll().as('times'),
    ])
    .where('user_id', '=', userId)
    .groupBy(['algorithm', 'filters'])
    .$if(order === 'recent', (query) => query.orderBy('searched_at', 'desc'))
    .$if(order === 'popular', (query) =>
      query.orderBy('times', 'desc').orderBy('searched_at', 'desc'),
    )
    .limit(PAST_SEARCH_LIMIT)
    .execute();
  return rows.map((row) => ({
    algorithm: row.algorithm,
    filters: storedFilters.catch({}).parse(JSON.parse(row.filters)),
    result_count: toCount(Number(row.result_count)),
    searched_at: String(row.searched_at),
    times: toCount(Number(row.times)),
  }));
}
