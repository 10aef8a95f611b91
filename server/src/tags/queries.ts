import {
  DEFAULT_TAG_COLOR,
  type TagUpdate,
  TRENDING_TAG_LIMIT,
  TRENDING_WINDOW_DAYS,
} from '@gatefold/contract/tags';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { toCount } from '../db/count';
import { libraryResults } from '../db/library-results';
import { nameKey } from '../db/name-key';
import type { Database } from '../db/schema';
import {
  inCodePointOrder,
  nameRank,
  readSearch,
  type Search,
  searchText,
  startsWords,
} from '../db/search-text';
import { inUserWrite } from '../db/user-lock';
import { conflict } from '../http/errors';
import { idInKey } from '../http/params';
import { workerModule } from '../start-worker';

const tagColumns = [
  'tags.id',
  'tags.name',
  'tags.color',
  'tags.created_at',
  'tags.album_count',
] as const;

/** Tags with how many albums carry each, a count kept on the tag itself. */
function tagsWithCounts(db: Kysely<Database>, userId: number) {
  return db.selectFrom('tags').select(tagColumns).where('tags.user_id', '=', userId);
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

type TagQuery = { q?: string | undefined; limit: number; offset: number };

const keptTagPages = libraryResults<Awaited<ReturnType<typeof tagPage>>>(64);

/**
 * A page of tags by name; with q, those whose name has words starting with q's, best first. Kept
 * while the library stays as it is: the tag list is asked on every screen that offers tags.
 */
export function listTags(
  db: Kysely<Database>,
  userId: number,
  query: TagQuery,
  knownVersion?: string,
) {
  const key = JSON.stringify(['tags', query.q ?? null, query.limit, query.offset]);
  return keptTagPages(db, userId, key, () => tagPage(db, userId, query), knownVersion);
}

async function tagPage(db: Kysely<Database>, userId: number, query: TagQuery) {
  const matching = tagsMatching(db, userId, query.q ? readSearch(query.q) : undefined);
  // A few hundred tags a user: the page counts every match as it sorts them, in one statement.
  const rows = await matching
    .select((eb) => eb.fn.countAll().over().as('total'))
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  const [first] = rows;
  if (first) return { total: toCount(Number(first.total)), tags: rows.map(withoutTotal) };
  // Past the last match the page is empty, and only a count says how many there are.
  const count =
    query.offset === 0
      ? undefined
      : await matching
          .clearSelect()
          .clearOrderBy()
          .select((eb) => eb.fn.countAll().as('total'))
          .executeTakeFirst();
  return { total: toCount(count?.total ?? 0), tags: [] };
}

/**
 * The user's tags by name; with a search, those whose names have words starting with its words,
 * exact and prefix names first: the order of the tags list and of a search's tags.
 */
export function tagsMatching(db: Kysely<Database>, userId: number, search: Search | undefined) {
  return tagsWithCounts(db, userId)
    .$call((query) =>
      search
        ? query
            .where((eb) => startsWords(eb.ref('tags.search_text'), search.words))
            .orderBy((eb) => nameRank(eb.ref('tags.search_text'), search.phrase))
        : query,
    )
    .orderBy(inCodePointOrder(db, 'tags.search_text'))
    .orderBy('tags.id');
}

const withoutTotal = <T extends CountedTag & { total: unknown }>({ total: _, ...tag }: T) =>
  withCount(tag);

/** A tag by name, regardless of case in any script. */
export async function findTagByName(db: Kysely<Database>, userId: number, name: string) {
  const tag = await tagsWithCounts(db, userId)
    .where('tags.name_key', '=', nameKey(name))
    .executeTakeFirst();
  return tag && withCount(tag);
}

/** A tag by name first, then by id when the key is a number (DESIGN §5: either may be given). */
export async function findTagByKey(db: Kysely<Database>, userId: number, key: string) {
  const byName = await findTagByName(db, userId, key);
  const tagId = idInKey(key);
  if (byName || tagId === undefined) return byName;
  const byId = await tagsWithCounts(db, userId).where('tags.id', '=', tagId).executeTakeFirst();
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
      name_key: nameKey(name),
      search_text: searchText(name),
      color: color.toUpperCase(),
      created_at: new Date().toISOString(),
    })
    .returning(['id', 'name', 'color', 'created_at'])
    .executeTakeFirstOrThrow();
  return { ...created, album_count: 0 };
}

/**
 * The module the writing thread changes and deletes tags with: deleting a tag on hundreds of
 * albums takes 20–60 ms, and a rename writes each of its albums' text index entry and word
 * counts again.
 */
const TAG_WRITES = workerModule(import.meta.url, 'tag-write');

export async function updateTag(
  db: Kysely<Database>,
  userId: number,
  tagId: number,
  changes: TagUpdate,
) {
  await inUserWrite(db, userId, (trx) => changeTag(trx, userId, tagId, changes), {
    module: TAG_WRITES,
    data: { action: 'update', userId, tagId, changes },
    answer: z.null(),
  });
}

/** `updateTag` inside its transaction. */
export async function changeTag(
  trx: Kysely<Database>,
  userId: number,
  tagId: number,
  changes: TagUpdate,
) {
  if (changes.name !== undefined) {
    const clash = await findTagByName(trx, userId, changes.name);
    if (clash && clash.id !== tagId)
      throw conflict(`A tag named "${changes.name}" already exists.`);
  }
  await trx
    .updateTable('tags')
    .set({
      ...(changes.name !== undefined
        ? {
            name: changes.name,
            name_key: nameKey(changes.name),
            search_text: searchText(changes.name),
          }
        : {}),
      ...(changes.color !== undefined ? { color: changes.color.toUpperCase() } : {}),
    })
    .where('id', '=', tagId)
    .where('user_id', '=', userId)
    .execute();
  return null;
}

export async function deleteTag(db: Kysely<Database>, userId: number, tagId: number) {
  await inUserWrite(db, userId, (trx) => removeTag(trx, userId, tagId), {
    module: TAG_WRITES,
    data: { action: 'delete', userId, tagId },
    answer: z.null(),
  });
}

/** The tag's delete; its album_tags rows go with it (cascade), in the same statement. */
export async function removeTag(trx: Kysely<Database>, userId: number, tagId: number) {
  await trx.deleteFrom('tags').where('id', '=', tagId).where('user_id', '=', userId).execute();
  return null;
}

const keptTrendingTags = libraryResults<Awaited<ReturnType<typeof trendingTagsAt>>>(64);

/**
 * The tags used most in the last 30 days, then most used overall (at most 10), kept while the
 * library stays as it is and for the rest of the minute: the window moves at most a minute late.
 */
export function trendingTags(
  db: Kysely<Database>,
  userId: number,
  knownVersion?: string,
  now = new Date(),
) {
  const minute = Math.floor(now.getTime() / 60_000);
  const compute = () => trendingTagsAt(db, userId, new Date(minute * 60_000));
  return keptTrendingTags(db, userId, 'trending', compute, knownVersion, String(minute));
}

/**
 * Whole days in the window are summed from the per-day tallies; only the day the window starts in
 * is counted album by album, so the work depends on the number of tags, not of albums.
 */
async function trendingTagsAt(db: Kysely<Database>, userId: number, now: Date) {
  const since = new Date(now.getTime() - TRENDING_WINDOW_DAYS * 86_400_000).toISOString();
  const firstDay = since.slice(0, 10);
  const nextDay = new Date(`${firstDay}T00:00:00.000Z`);
  nextDay.setUTCDate(nextDay.getUTCDate() + 1);
  const [wholeDays, partDay, tags] = await Promise.all([
    db
      .selectFrom('tag_uses_by_day')
      .innerJoin('tags', 'tags.id', 'tag_uses_by_day.tag_id')
      .select(['tag_uses_by_day.tag_id', (eb) => eb.fn.sum<number>('uses').as('uses')])
      .where('tags.user_id', '=', userId)
      .where('tag_uses_by_day.day', '>', firstDay)
      .groupBy('tag_uses_by_day.tag_id')
      .execute(),
    db
      .selectFrom('album_tags')
      .innerJoin('tags', 'tags.id', 'album_tags.tag_id')
      .select(['album_tags.tag_id', (eb) => eb.fn.countAll<number>().as('uses')])
      .where('tags.user_id', '=', userId)
      .where('album_tags.created_at', '>=', since)
      .where('album_tags.created_at', '<', nextDay.toISOString())
      .groupBy('album_tags.tag_id')
      .execute(),
    tagsWithCounts(db, userId)
      .where('tags.album_count', '>', 0)
      // Ties keep this order, by folded name: the sort below is stable.
      .orderBy(inCodePointOrder(db, 'tags.search_text'))
      .orderBy('tags.id')
      .execute(),
  ]);
  const recent = new Map<number, number>();
  for (const row of [...wholeDays, ...partDay])
    recent.set(row.tag_id, (recent.get(row.tag_id) ?? 0) + toCount(row.uses));
  return tags
    .map(withCount)
    .sort(
      (a, b) => (recent.get(b.id) ?? 0) - (recent.get(a.id) ?? 0) || b.album_count - a.album_count,
    )
    .slice(0, TRENDING_TAG_LIMIT);
}
