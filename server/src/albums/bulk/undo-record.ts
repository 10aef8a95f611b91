import { randomBytes } from 'node:crypto';
import { type BulkAction, UNDO_MINUTES } from '@gatefold/contract/bulk';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { hashToken } from '../../auth/sessions';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';

/** The tag or folder a change was about; a tag it created goes again with its undo. */
export const undoDetail = z.object({
  tag_id: z.number().int().optional(),
  tag_created: z.boolean().optional(),
  folder_id: z.number().int().optional(),
});
export type UndoDetail = z.infer<typeof undoDetail>;

export const NO_UNDO =
  'This change can no longer be undone: it was undone already, or it is too old.';

/** A change being recorded: its token, and a way to keep the rows of each part it did. */
export type UndoRecorder = { token: string; keep(rows: unknown[]): Promise<void> };

/**
 * Starts the record of a change inside the change's own transaction, so the record exists
 * exactly when the change does. The token is returned once; only its hash is stored.
 */
export async function recordChange(
  trx: Kysely<Database>,
  userId: number,
  action: BulkAction,
  detail: UndoDetail,
  now = new Date(),
): Promise<UndoRecorder> {
  await trx
    .deleteFrom('bulk_changes')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', now.toISOString())
    .execute();
  const token = randomBytes(24).toString('base64url');
  const { id } = await trx
    .insertInto('bulk_changes')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      action,
      detail: JSON.stringify(detail),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + UNDO_MINUTES * 60_000).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let part = 0;
  return {
    token,
    async keep(rows) {
      if (rows.length === 0) return;
      await trx
        .insertInto('bulk_change_parts')
        .values({ change_id: id, part: part++, rows: JSON.stringify(rows) })
        .execute();
    },
  };
}

/** A recorded change being undone: what it was, its parts read one at a time, and its end. */
export type RecordedChange = {
  action: BulkAction;
  detail: UndoDetail;
  parts<T>(schema: z.ZodType<T>): AsyncGenerator<T[]>;
  /** Removes the record: a token works once. */
  forget(): Promise<void>;
};

/**
 * The user's change for this token, inside the undo's transaction: a token that is unknown,
 * expired, used or another user's is a 404.
 */
export async function findChange(
  trx: Kysely<Database>,
  userId: number,
  token: string,
  now = new Date(),
): Promise<RecordedChange> {
  const change = await trx
    .selectFrom('bulk_changes')
    .select(['id', 'action', 'detail'])
    .where('user_id', '=', userId)
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!change) throw notFound(NO_UNDO);
  return {
    action: change.action,
    detail: undoDetail.parse(JSON.parse(change.detail)),
    parts: (schema) => readParts(trx, change.id, schema),
    forget: async () => {
      await trx.deleteFrom('bulk_changes').where('id', '=', change.id).execute();
    },
  };
}

async function* readParts<T>(trx: Kysely<Database>, changeId: number, schema: z.ZodType<T>) {
  for (let part = 0; ; part++) {
    const row = await trx
      .selectFrom('bulk_change_parts')
      .select('rows')
      .where('change_id', '=', changeId)
      .where('part', '=', part)
      .executeTakeFirst();
    if (!row) return;
    yield z.array(schema).parse(JSON.parse(row.rows));
  }
}

/** Expired records of every user (housekeeping; each change also clears its user's own). */
export async function purgeExpiredChanges(db: Kysely<Database>, now = new Date()) {
  await db.deleteFrom('bulk_changes').where('expires_at', '<=', now.toISOString()).execute();
}
