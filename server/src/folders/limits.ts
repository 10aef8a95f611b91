import { MAX_FOLDER_DEPTH, MAX_FOLDERS } from '@gatefold/contract/folders';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { invalid } from '../http/errors';

/**
 * Checked inside a write's transaction, after it: a write that would leave the user with more
 * than MAX_FOLDERS folders, or nest them deeper than MAX_FOLDER_DEPTH, is refused with a 422
 * naming `field`, and rolls back whole.
 */
export async function checkFolderLimits(trx: Kysely<Database>, userId: number, field: string) {
  const { rows } = await sql<{ folders: number | string; deepest: number | string | null }>`
    with recursive tree (id, depth) as (
      select id, 1 from folders where user_id = ${userId} and parent_id is null
      union all
      select folders.id, tree.depth + 1 from folders join tree on folders.parent_id = tree.id
    )
    select count(*) as folders, max(depth) as deepest from tree
  `.execute(trx);
  const [{ folders, deepest } = { folders: 0, deepest: 0 }] = rows;
  if (Number(folders) > MAX_FOLDERS) {
    throw invalid(field, `would make more than ${MAX_FOLDERS.toLocaleString('en')} folders`);
  }
  if (Number(deepest) > MAX_FOLDER_DEPTH) {
    throw invalid(field, `would nest folders more than ${MAX_FOLDER_DEPTH} levels deep`);
  }
}
