import type { TagRef } from '@gatefold/contract/tags';
import { tagName } from '@gatefold/contract/tags';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { isPostgres } from '../db/database';
import { nameKey } from '../db/name-key';
import type { Database } from '../db/schema';
import { retryOnUniqueViolation } from '../db/unique-violation';
import { inUserTransaction } from '../db/user-lock';
import { invalid, notFound } from '../http/errors';
import { idInKey } from '../http/params';
import { createTag, findTagByKey } from './queries';

/**
 * Tags an album (already checked to be the user's). The key is a tag's name or id; a name no tag
 * has creates the tag with the default colour (SPEC §4). Tagging twice changes nothing.
 */
export async function attachTag(
  db: Kysely<Database>,
  userId: number,
  albumId: number,
  key: string,
): Promise<TagRef> {
  if (isPostgres(db)) {
    const [linked] = await changeTagLinks(
      db,
      userId,
      key,
      sql`insert into album_tags (album_id, tag_id, created_at)
        select ${albumId}, tag.id, ${new Date().toISOString()} from tag
        on conflict (album_id, tag_id) do nothing`,
    );
    if (linked) return linked;
  }
  return retryOnUniqueViolation(() =>
    inUserTransaction(db, userId, async (trx) => {
      let tag = await findTagByKey(trx, userId, key);
      if (!tag) {
        const name = tagName.safeParse(key);
        if (!name.success)
          throw invalid('tagId', name.error.issues[0]?.message ?? 'is not a valid tag name');
        tag = await createTag(trx, userId, name.data);
      }
      await trx
        .insertInto('album_tags')
        .values({ album_id: albumId, tag_id: tag.id, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.columns(['album_id', 'tag_id']).doNothing())
        .execute();
      return { id: tag.id, name: tag.name, color: tag.color };
    }),
  );
}

export async function detachTag(
  db: Kysely<Database>,
  userId: number,
  albumId: number,
  key: string,
) {
  if (isPostgres(db)) {
    const [unlinked] = await changeTagLinks(
      db,
      userId,
      key,
      sql`delete from album_tags using tag
        where album_tags.album_id = ${albumId} and album_tags.tag_id = tag.id`,
    );
    if (!unlinked) throw notFound('No such tag.');
    return;
  }
  await inUserTransaction(db, userId, async (trx) => {
    const tag = await findTagByKey(trx, userId, key);
    if (!tag) throw notFound('No such tag.');
    await trx
      .deleteFrom('album_tags')
      .where('album_id', '=', albumId)
      .where('tag_id', '=', tag.id)
      .execute();
  });
}

/**
 * On PostgreSQL, a change to the links of the user's tag named or numbered by `key` (`change`,
 * which reads the tag as `tag`) as one statement that takes the user's lock first (`lockUser`)
 * and answers the tag, or nothing when the user has no such tag. A tag named by the key comes
 * before one numbered by it, as in `findTagByKey`. In a transaction the lock was held across its
 * statements' round trips, each waiting for a turn of the server's event loop: one user's
 * taggings at 50 connections queued behind it.
 */
async function changeTagLinks(
  db: Kysely<Database>,
  userId: number,
  key: string,
  change: RawBuilder<unknown>,
): Promise<TagRef[]> {
  const named = nameKey(key);
  const { rows } = await sql<TagRef>`with locked as materialized (
      select id from users where id = ${userId} for update),
    tag as materialized (
      select tags.id, tags.name, tags.color from tags join locked on tags.user_id = locked.id
      where tags.name_key = ${named} or tags.id = ${idInKey(key) ?? null}
      order by tags.name_key = ${named} desc limit 1),
    changed as (${change})
    select id, name, color from tag`.execute(db);
  return rows;
}
