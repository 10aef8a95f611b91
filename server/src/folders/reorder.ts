import type { FolderReorder } from '@gatefold/contract/folders';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { inUserTransaction } from '../db/user-lock';
import { invalid } from '../http/errors';
import { checkFolderLimits } from './limits';

type Placement = FolderReorder['items'][number];

/** Rows per UPDATE: five bound values each stays far below both databases' parameter limits. */
const PLACEMENTS_PER_STATEMENT = 300;

const refuse = (message: string) => invalid('items', message);

/**
 * Moves and reorders folders in one transaction: every placement is checked against the user's
 * whole tree first (ownership, duplicates, cycles), so a refused request changes nothing.
 */
export async function reorderFolders(db: Kysely<Database>, userId: number, items: Placement[]) {
  await inUserTransaction(db, userId, async (trx) => {
    const folders = await trx
      .selectFrom('folders')
      .select(['id', 'parent_id', 'query'])
      .where('user_id', '=', userId)
      .execute();
    checkPlacements(new Map(folders.map((folder) => [folder.id, folder.parent_id])), items);
    const smart = new Set(folders.flatMap((folder) => (folder.query === null ? [] : [folder.id])));
    const intoSmart = items.find((item) => item.parent_id !== null && smart.has(item.parent_id));
    if (intoSmart) {
      throw refuse(`folder ${intoSmart.parent_id} is a smart folder, which holds no subfolders`);
    }
    const now = new Date().toISOString();
    for (let start = 0; start < items.length; start += PLACEMENTS_PER_STATEMENT) {
      await applyPlacements(trx, userId, items.slice(start, start + PLACEMENTS_PER_STATEMENT), now);
    }
    await checkFolderLimits(trx, userId, 'items');
  });
}

/** Throws a 422 naming the first problem: a foreign or repeated id, or a folder inside itself. */
export function checkPlacements(currentParents: Map<number, number | null>, items: Placement[]) {
  const parents = new Map(currentParents);
  const seen = new Set<number>();
  for (const item of items) {
    if (seen.has(item.id)) throw refuse(`folder ${item.id} appears more than once`);
    seen.add(item.id);
    if (!currentParents.has(item.id)) throw refuse(`folder ${item.id} is not one of your folders`);
    if (item.parent_id !== null && !currentParents.has(item.parent_id)) {
      throw refuse(`parent ${item.parent_id} of folder ${item.id} is not one of your folders`);
    }
    parents.set(item.id, item.parent_id);
  }
  // Walk up from every folder once; meeting a folder already on the current walk is a loop.
  const done = new Set<number>();
  for (const start of parents.keys()) {
    const walk = new Set<number>();
    let current: number | null = start;
    while (current !== null && !done.has(current)) {
      if (walk.has(current)) {
        throw refuse(`folder ${current} would end up inside itself or one of its own subfolders`);
      }
      walk.add(current);
      current = parents.get(current) ?? null;
    }
    for (const id of walk) done.add(id);
  }
}

/** One UPDATE for a whole chunk, so the statement count does not grow with each folder. */
async function applyPlacements(
  trx: Kysely<Database>,
  userId: number,
  chunk: Placement[],
  now: string,
) {
  const cases = (value: (item: Placement) => number | null) =>
    sql<number>`case id ${sql.join(
      chunk.map((item) => sql`when ${item.id} then cast(${value(item)} as integer)`),
      sql` `,
    )} end`;
  await trx
    .updateTable('folders')
    .set({
      parent_id: cases((item) => item.parent_id),
      sort_order: cases((item) => item.sort_order),
      updated_at: now,
    })
    .where('user_id', '=', userId)
    .where(
      'id',
      'in',
      chunk.map((item) => item.id),
    )
    .execute();
}
