import {
  DEFAULT_TAG_COLOR,
  TRENDING_TAG_LIMIT,
  TRENDING_WINDOW_DAYS,
} from '@gatefold/contract/tags';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { containsText, sameText, toCount } from '../db/text-match';
import { conflict } from '../http/errors';

const tagColumns = ['tags.id', 'tags.name', 'tags.color', 'tags.created_at'] as const;

/**
 * Tags with how many albums carry each: one query, whatever the number of tags. Each count reads
 * only its own tag's index range, rather than grouping every album_tags row.
 */
function tagsWithCounts(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('tags')
    .select([
      ...tagColumns,
      (eb) =>
        eb
          .selectFrom('album_tags')
          .select((count) => count.fn.countAll().as('uses'))
          .whereRef('album_tags.tag_id', '=', 'tags.id')
          .as('album_count'),
    ])
    .where('tags.user_id', '=', userId);
}

type CountedTag = {
  id: number;
  name: string;
  color: string;
  created_at: string;
  album_count: unknown;
};
const withCount = <T extends CountedTag>(tag: T) => ({
  ...tag,
  album_count: toCount(Number(tag.album_count)),
});

export async function listTags(
  db: Kysely<Database>,
  userId: number,
  query: { q?: string | undefined; limit: number; offset: number },
) {
  const matching = db
    .selectFrom('tags')
    .where('user_id', '=', userId)
    .$if(Boolean(query.q), (q) => q.where((eb) => containsText(eb.ref('name'), query.q ?? '')));
  const [count, rows] = await Promise.all([
    matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst(),
    tagsWithCounts(db, userId)
      .$if(Boolean(query.q), (q) =>
        q.where((eb) => containsText(eb.ref('tags.name'), query.q ?? '')),
      )
      .orderBy((eb) => eb.fn('lower', ['tags.name']))
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
  ]);
  return { total: toCount(count?.total), tags: rows.map(withCount) };
}

/** A tag by name, regardless of case. */
export async function findTagByName(db: Kysely<Database>, userId: number, name: string) {
  const tag = await tagsWithCounts(db, userId)
    .where((eb) => sameText(eb.ref('tags.name'), name))
    .executeTakeFirst();
  return tag && withCount(tag);
}

/** A tag by name first, then by id when the key is a number (DESIGN §5: either may be given). */
export async function findTagByKey(db: Kysely<Database>, userId: number, key: string) {
  const byName = await findTagByName(db, userId, key);
  if (byName || !/^\d+$/.test(key)) return byName;
  const byId = await tagsWithCounts(db, userId)
    .where('tags.id', '=', Number(key))
    .executeTakeFirst();
  return byId && withCount(byId);
}

export async function createTag(
  db: Kysely<Database>,
  userId: number,
  name: string,
  color = DEFAULT_TAG_COLOR,
) {
  if (await findTagByName(db, userId, name))
    throw conflict(`A tag named "${name}" already exists.`);
  const created = await db
    .insertInto('tags')
    .values({
      user_id: userId,
      name,
      color: color.toUpperCase(),
      created_at: new Date().toISOString(),
    })
    .returning(['id', 'name', 'color', 'created_at'])
    .executeTakeFirstOrThrow();
  return { ...created, album_count: 0 };
}

export async function updateTag(
  db: Kysely<Database>,
  userId: number,
  tagId: number,
  changes: { name?: string | undefined; color?: string | undefined },
) {
  if (changes.name !== undefined) {
    const clash = await findTagByName(db, userId, changes.name);
    if (clash && clash.id !== tagId)
      throw conflict(`A tag named "${changes.name}" already exists.`);
  }
  await db
    .updateTable('tags')
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.color !== undefined ? { color: changes.color.toUpperCase() } : {}),
    })
    .where('id', '=', tagId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteTag(db: Kysely<Database>, tagId: number) {
  // album_tags rows go with the tag (cascade), in the same statement.
  await db.deleteFrom('tags').where('id', '=', tagId).execute();
}

/** The tags used most in the last 30 days, then most used overall (at most 10). */
export async function trendingTags(db: Kysely<Database>, userId: number, now = new Date()) {
  const since = new Date(now.getTime() - TRENDING_WINDOW_DAYS * 86_400_000).toISOString();
  const rows = await tagsWithCounts(db, userId)
    .select((eb) =>
      eb
        .selectFrom('album_tags')
        .select((count) => count.fn.countAll().as('uses'))
        .whereRef('album_tags.tag_id', '=', 'tags.id')
        .where('album_tags.created_at', '>=', since)
        .as('recent_count'),
    )
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('album_tags')
          .select('album_tags.album_id')
          .whereRef('album_tags.tag_id', '=', 'tags.id'),
      ),
    )
    .orderBy('recent_count', 'desc')
    .orderBy('album_count', 'desc')
    .orderBy((eb) => eb.fn('lower', ['tags.name']))
    .limit(TRENDING_TAG_LIMIT)
    .execute();
  return rows.map(({ recent_count: _, ...tag }) => withCount(tag));
}
