import type { Folder } from '@gatefold/contract/folders';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { currentMinute } from '../albums/query-conditions';
import { toCount } from '../db/count';
import { isPostgres } from '../db/database';
import { libraryResults, libraryVersion } from '../db/library-results';
import type { Database } from '../db/schema';
import {
  inCodePointOrder,
  nameRank,
  type Search,
  sqliteIdsWithWordsStarting,
  startsWords,
} from '../db/search-text';
import { notFound } from '../http/errors';
import { parentsFirst } from './parents-first';
import { folderWithCounts } from './present';
import { smartFolderCount } from './smart-counts';

/** A folder with its counts, as read: the API's folder, field for field. */
export type FolderRow = Folder;

const folderColumns = [
  'folders.id',
  'folders.name',
  'folders.description',
  'folders.image_url',
  'folders.parent_id',
  'folders.sort_order',
  'folders.created_at',
  'folders.album_count',
  'folders.query',
] as const;

/**
 * The user's folders with their own and subtree album counts, ordered by parent, position, name
 * (SPEC §5), optionally only those `within` gives. Own counts are kept on each folder; subtree
 * totals are summed here, once a folder.
 */
export async function folderRowsWithCounts(
  db: Kysely<Database>,
  userId: number,
  {
    within,
    knownVersion,
  }: { within?: ReturnType<typeof subtreeIds>; knownVersion?: string | undefined } = {},
): Promise<FolderRow[]> {
  const rows = await db
    .selectFrom('folders')
    .select(folderColumns)
    .where('folders.user_id', '=', userId)
    .$if(within !== undefined, (query) => query.where('folders.id', 'in', within ?? [-1]))
    .orderBy('folders.parent_id', (ob) => ob.asc().nullsFirst())
    .orderBy('folders.sort_order')
    .orderBy(inCodePointOrder(db, 'folders.search_text'))
    .orderBy('folders.id')
    .execute();
  const now = currentMinute();
  const counted = await Promise.all(
    rows.map(async (row) =>
      row.query === null
        ? row
        : {
            ...row,
            album_count: await smartFolderCount(db, userId, row.query, now, knownVersion),
          },
    ),
  );
  return withSubtreeTotals(counted);
}

/** The ids of some of the user's folders and of everything below them. */
function subtreeIds(
  db: Kysely<Database>,
  userId: number,
  roots: (eb: ExpressionBuilder<Database, 'folders'>) => Expression<SqlBool>,
) {
  return (
    db
      // UNION drops repeats, so even a corrupt loop ends.
      .withRecursive('subtree(id)', (qb) =>
        qb
          .selectFrom('folders')
          .select('folders.id')
          .where('folders.user_id', '=', userId)
          .where(roots)
          .union((inner) =>
            inner
              .selectFrom('folders')
              .innerJoin('subtree', 'subtree.id', 'folders.parent_id')
              .select('folders.id'),
          ),
      )
      .selectFrom('subtree')
      .select('subtree.id')
  );
}

/** A folder with its subfolders (both with counts) and its ancestors, root first. */
export type FolderFamily = {
  folder: FolderRow;
  children: FolderRow[];
  ancestors: { id: number; name: string }[];
};

/**
 * Families kept per library version and minute (a smart folder's count moves with both), each
 * replaced by the next: a folder's page asks for its family on every visit, and a subtree and a
 * breadcrumb are two recursive queries. A family holds every subfolder of its folder, so fewer
 * are kept than pages of albums.
 */
const keptFamilies = libraryResults<FolderFamily>(128);

/**
 * A folder's family; another user's or unknown is a 404. `knownVersion` is the version the
 * session read; without it the version is read afresh (after a write).
 */
export async function loadFolderFamily(
  db: Kysely<Database>,
  userId: number,
  folderId: number,
  knownVersion?: string,
): Promise<FolderFamily> {
  const minute = currentMinute().toISOString();
  // Read once, for the family and its smart folders' counts alike.
  const version = knownVersion ?? (await libraryVersion(db, userId));
  const load = async () => {
    const within = subtreeIds(db, userId, (eb) => eb('folders.id', '=', folderId));
    const [rows, ancestors] = await Promise.all([
      folderRowsWithCounts(db, userId, { within, knownVersion: version }),
      ancestorsOf(db, userId, folderId),
    ]);
    const folder = rows.find((row) => row.id === folderId);
    if (!folder) throw notFound('No such folder.');
    return { folder, children: rows.filter((row) => row.parent_id === folderId), ancestors };
  };
  return keptFamilies(db, userId, String(folderId), load, version, minute);
}

/**
 * Up to `limit` folders' ids whose names have words starting with the search's words: the exact
 * name, then names that start with the search, then the rest, each group by folded name (accents
 * aside, in code-point order on both databases), as albums are. Collection search reads it with
 * its labels; the limit is written out, so that PostgreSQL keeps one plan for that statement.
 */
export function folderHitsQuery(
  db: Kysely<Database>,
  userId: number,
  search: Search,
  limit: number,
) {
  return db
    .selectFrom('folders')
    .select('folders.id')
    .where('folders.user_id', '=', userId)
    .where(folderNameMatches(db, userId, search.words))
    .orderBy((eb) => nameRank(eb.ref('folders.search_text'), search.phrase))
    .orderBy(inCodePointOrder(db, 'folders.search_text'))
    .orderBy('folders.id')
    .limit(sql.lit(limit));
}

/**
 * Every word starts a word of the folder's name: PostgreSQL's trigram index serves the LIKE
 * (0021), SQLite's text index the words (0027, 0028).
 */
function folderNameMatches(db: Kysely<Database>, userId: number, words: string[]) {
  if (words.length === 0 || isPostgres(db))
    return startsWords(sql.ref('folders.search_text'), words);
  return sql<boolean>`folders.id in (${sqliteIdsWithWordsStarting('folders', userId, words)})`;
}

type CountedFolder = Omit<FolderRow, 'album_count' | 'total_count'> & { album_count: unknown };

/**
 * Each folder's total is its own count plus its subfolders' totals: one pass, leaves first. Each
 * row is written out field by field (`folderWithCounts`): as `{ ...row, total_count }`, 2,000
 * folders took 9–11 ms of the server's thread, where copying and ordering them written out took
 * under 1 ms in isolation (docs/performance.md).
 */
function withSubtreeTotals(rows: CountedFolder[]): FolderRow[] {
  const folders = rows.map((row) => {
    const album_count = toCount(Number(row.album_count));
    return folderWithCounts(row, { album_count, total_count: album_count });
  });
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const order = parentsFirst(
    folders,
    (folder) => folder.id,
    (folder) => folder.parent_id,
  );
  const position = new Map(order.map((folder, index) => [folder.id, index]));
  // Leaves first, each into a parent placed before it (never round a corrupt loop).
  for (const folder of order.reverse()) {
    const parent = folder.parent_id === null ? undefined : byId.get(folder.parent_id);
    if (parent && (position.get(parent.id) ?? 0) < (position.get(folder.id) ?? 0))
      parent.total_count += folder.total_count;
  }
  return folders;
}

/**
 * The path from the root down to (not including) the user's folder: it starts from the folder
 * itself, so that it needs nothing read before it.
 */
async function ancestorsOf(db: Kysely<Database>, userId: number, folderId: number) {
  return db
    .withRecursive('ancestry(id, parent_id, name, depth)', (qb) =>
      qb
        .selectFrom('folders')
        .select(['id', 'parent_id', 'name', sql<number>`0`.as('depth')])
        .where('user_id', '=', userId)
        .where('id', '=', folderId)
        .unionAll((inner) =>
          inner
            .selectFrom('folders')
            .innerJoin('ancestry', 'ancestry.parent_id', 'folders.id')
            .select([
              'folders.id',
              'folders.parent_id',
              'folders.name',
              sql<number>`ancestry.depth + 1`.as('depth'),
            ]),
        ),
    )
    .selectFrom('ancestry')
    .select(['id', 'name'])
    .where('depth', '>', 0)
    .orderBy('depth', 'desc')
    .execute();
}

/** Whether `candidateId` is `rootId` itself or lies anywhere below it. */
export async function isInSubtree(
  db: Kysely<Database>,
  userId: number,
  rootId: number,
  candidateId: number,
) {
  const found = await subtreeIds(db, userId, (eb) => eb('folders.id', '=', rootId))
    .where('subtree.id', '=', candidateId)
    .executeTakeFirst();
  return found !== undefined;
}

/** The position after the last of a parent's subfolders (or of the root folders). */
export async function nextSortOrder(db: Kysely<Database>, userId: number, parentId: number | null) {
  const last = await db
    .selectFrom('folders')
    .select((eb) => eb.fn.max('sort_order').as('last'))
    .where('user_id', '=', userId)
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .executeTakeFirst();
  return last?.last === null || last?.last === undefined ? 0 : toCount(last.last) + 1;
}

export async function ownsFolder(db: Kysely<Database>, userId: number, folderId: number) {
  return (await ownFolderKind(db, userId, folderId)) !== undefined;
}

/** Whether the user's folder is plain or smart; undefined when it is not theirs. */
export async function ownFolderKind(db: Kysely<Database>, userId: number, folderId: number) {
  const folder = await db
    .selectFrom('folders')
    .select('query')
    .where('user_id', '=', userId)
    .where('id', '=', folderId)
    .executeTakeFirst();
  if (!folder) return undefined;
  return folder.query === null ? 'plain' : 'smart';
}
