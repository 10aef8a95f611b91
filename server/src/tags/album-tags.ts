import type { TagRef } from '@gatefold/contract/tags';
import { tagName } from '@gatefold/contract/tags';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { retryOnUniqueViolation } from '../db/unique-violation';
import { inUserTransaction } from '../db/user-lock';
import { invalid, notFound } from '../http/errors';
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
