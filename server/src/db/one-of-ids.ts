import { type Kysely, type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import { isPostgres } from './database';
import type { Database } from './schema';

/**
 * A list of ids as the database wrote it, PostgreSQL's array as text or SQLite's JSON array, kept
 * and given back to it unread: a query's few matches go out again as its pages' ids, and reading
 * them into numbers and writing them back took about a tenth of the server's busy time for a new
 * query of a genre and a decade on PostgreSQL (a CPU profile).
 */
export const idList = z.string().brand<'IdList'>();
export type IdList = z.infer<typeof idList>;

/**
 * The column holds one of the ids, given as one parameter: on PostgreSQL an array, which is
 * parsed and planned in a fraction of the time of thousands of values; on SQLite a JSON array
 * read by `json_each`, so that every count of ids is one statement, prepared once (a page of 400
 * ids: 0.14 ms, against 0.25 ms for a list of values prepared each time).
 */
export function oneOfIds(
  db: Kysely<Database>,
  column: string,
  ids: readonly number[] | IdList,
): RawBuilder<boolean> {
  if (isPostgres(db)) return sql<boolean>`${sql.ref(column)} = any(cast(${ids} as integer[]))`;
  const json = typeof ids === 'string' ? ids : JSON.stringify(ids);
  return sql<boolean>`${sql.ref(column)} in (select value from json_each(${json}))`;
}
