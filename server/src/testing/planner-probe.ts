import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { refreshPlannerStatistics } from '../db/database';
import type { Database } from '../db/schema';

/**
 * Checks that `refreshPlannerStatistics` gathers statistics after an import of 1,000 albums and
 * not of 999, and that `db` then plans with them. The probe table's best index only statistics
 * reveal: every row has the same b, so the index on a and c finds one row where the index on b
 * finds them all; without statistics SQLite guesses the single-column index.
 */
export async function expectPlansFromStatisticsAfterLargeImports(db: Kysely<Database>) {
  await sql`create table probe (a integer, b integer, c integer)`.execute(db);
  await sql`create index probe_ac on probe (a, c)`.execute(db);
  await sql`create index probe_b on probe (b)`.execute(db);
  await sql`insert into probe with recursive n (b) as (select 1 union all select b + 1 from n where b < 2000)
    select b, 1, b from n`.execute(db);
  const plan = async () =>
    (
      await sql<{ detail: string }>`explain query plan
        select * from probe where a = 7 and c = 7 and b = 1`.execute(db)
    ).rows.map((row) => row.detail);
  const statistics = async () =>
    (
      await sql<{
        idx: string;
      }>`select idx from sqlite_stat1 where tbl = 'probe' order by idx`.execute(db)
    ).rows;
  expect(await plan()).toEqual([expect.stringContaining('USING INDEX probe_b')]);

  // sqlite_stat1 is there from the migrations (0026), so gathering statistics leaves the schema
  // as it was, and nothing but a reload tells a connection that did not gather them.
  await refreshPlannerStatistics(db, { albumsAdded: 999 });
  expect(await statistics()).toEqual([]);
  await refreshPlannerStatistics(db, { albumsAdded: 1_000 });
  expect(await statistics()).toEqual([{ idx: 'probe_ac' }, { idx: 'probe_b' }]);
  expect(await plan()).toEqual([expect.stringContaining('USING INDEX probe_ac')]);
}
