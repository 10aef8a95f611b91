import type { NameValue, QueryNode, QueryTerm, TextValue } from '@gatefold/contract/album-query';
import {
  type AddedValue,
  ageBefore,
  type NumberRange,
  periodAfter,
} from '@gatefold/contract/album-query-values';
import { type Expression, type Kysely, type RawBuilder, sql } from 'kysely';
import { toCount } from '../db/count';
import { isPostgres } from '../db/database';
import type { Database } from '../db/schema';
import {
  fts5PhraseQuery,
  idsWithWordsStarting,
  searchText,
  searchWords,
  sqliteIdsWithWordsStarting,
  startsWords,
} from '../db/search-text';
import { type CountedWithPage, type PageOfMatches, readCountedMatches } from './counted-matches';

type Condition = RawBuilder<boolean>;

const NOTHING: Condition = sql<boolean>`1 = 0`;
const EVERYTHING: Condition = sql<boolean>`1 = 1`;

/**
 * What a text or label match reads first. Neither database's planner can tell which is cheaper:
 * SQLite cannot see into the text index, PostgreSQL takes an OR with a subquery for half the
 * albums, and both drive a label condition from its links, 63,000 of them for `genre:g*`.
 * - `gather-matches`: the sort's index (or the scope's albums), testing each album against the
 *   text index's matches gathered once (SQLite; PostgreSQL tests rows) until the page is full; a
 *   label's links are read whole.
 * - `test-rows`: the same walk, testing each album's own text and tag links, and on SQLite its
 *   genre, artist and folder links: cheaper while the walk is short, which only a count of the
 *   matches can tell.
 * - `read-matches`: the matches themselves, then sorted: a count, or a page of few matches.
 */
export type MatchPlan = 'gather-matches' | 'test-rows' | 'read-matches';

/**
 * Where an album query is read: whose albums, when "the last 30 days" ends, and how text matches
 * are read (gathering the matches unless said).
 */
export type QueryScope = {
  db: Kysely<Database>;
  userId: number;
  now: Date;
  matchPlan?: MatchPlan;
  /** Genre and tag terms tested album by album whatever the plan (`labelsWithManyLinks`). */
  manyLinks?: ReadonlySet<QueryTerm>;
};

/** The minute ages in a query count back from, so that results can be kept for that minute. */
export function currentMinute(): Date {
  const now = new Date();
  now.setUTCSeconds(0, 0);
  return now;
}

/**
 * The conditions of terms joined by AND. A genre's links carry their album's release date
 * (migration 0026), so beside the query's years a genre whose links are read reads the range of
 * them in those years alone. Where they are read to count or list every match, SQLite is also
 * kept from the years' albums (the `+`): without sampled statistics for the albums it read the
 * decade's 6,000 and tested each against the links, 0.73 against 0.25 ms for a genre and a decade
 * at 50,000 albums.
 */
function conjunction(scope: QueryScope, terms: QueryNode[]): Condition[] {
  const periods = new Map<QueryNode, NumberRange>();
  for (const term of terms) {
    const range = periodOf(term);
    if (range) periods.set(term, range);
  }
  const datedGenres = new Set(
    periods.size === 0
      ? []
      : terms.filter(
          (term) =>
            term.kind === 'genre' && readsLabelLinks(scope, scope.manyLinks?.has(term) ?? false),
        ),
  );
  const linksFirst =
    datedGenres.size > 0 && scope.matchPlan === 'read-matches' && !isPostgres(scope.db);
  return terms.map((term) => {
    if (term.kind === 'genre' && datedGenres.has(term))
      return genreInPeriods(scope, term, [...periods.values()]);
    const period = periods.get(term);
    if (period && linksFirst) return releaseYearIn(period, sql`+albums.release_date`);
    return queryCondition(scope, term);
  });
}

/**
 * The SQL condition on `albums` that a parsed album query (contract/album-query.ts) stands for.
 * Free words are terms like any other, joined by AND: each in the album's name or artists or in
 * one of its tags' names, so `blue owned` finds *Kind of Blue* tagged "owned".
 */
export function queryCondition(scope: QueryScope, node: QueryNode): Condition {
  switch (node.kind) {
    case 'all': {
      // Punctuation between words is skipped; a query of punctuation alone matches nothing.
      const terms = node.nodes.filter((child) => !isPunctuation(child));
      if (terms.length === 0) return NOTHING;
      return joinedBy('and', conjunction(scope, terms));
    }
    case 'any':
      return joinedBy(
        'or',
        node.nodes.map((child) => queryCondition(scope, child)),
      );
    case 'not':
      return sql<boolean>`not ${queryCondition(scope, node.node)}`;
    default:
      return termCondition(scope, node);
  }
}

/**
 * The words of a query of free words alone (`blue night`), which `wordMatchCount` counts; none
 * for any other query.
 */
export function freeWords(node: QueryNode): string[] {
  const terms = node.kind === 'all' ? node.nodes : [node];
  const texts = terms.flatMap((term) =>
    term.kind === 'text' && !term.value.quoted ? [term.value.text] : [],
  );
  if (texts.length < terms.length) return [];
  return [...new Set(texts.flatMap(searchWords))];
}

const isPunctuation = (node: QueryNode) =>
  node.kind === 'text' && !node.value.quoted && searchWords(node.value.text).length === 0;

function joinedBy(operator: 'and' | 'or', conditions: Condition[]): Condition {
  if (conditions.length === 0) return operator === 'and' ? EVERYTHING : NOTHING;
  return sql<boolean>`(${sql.join(conditions, sql.raw(` ${operator} `))})`;
}

function termCondition(scope: QueryScope, term: QueryTerm): Condition {
  switch (term.kind) {
    case 'text':
      return term.value.quoted
        ? phraseMatches(scope, searchText(term.value.text))
        : eachWordMatches(scope, searchWords(term.value.text));
    case 'artist':
      return artistMatches(scope, term.values);
    case 'album':
      return joinedBy(
        'or',
        term.values.map((value) => nameMatches(scope, value)),
      );
    case 'genre':
      return labelled(scope, 'genres', term);
    case 'tag':
      return labelled(scope, 'tags', term);
    case 'folder':
      return inFolders(scope, term.values);
    case 'year':
      return joinedBy(
        'or',
        term.values.map((range) => releaseYearIn(range)),
      );
    case 'tracks':
      return joinedBy('or', term.values.map(trackCountIn));
    case 'added':
      return joinedBy(
        'or',
        term.values.map((value) => addedIn(scope.now, value)),
      );
  }
}

/** Each word starts a word of the text, or, for a quoted value, the phrase is in it whole. */
function textValueMatches(column: Expression<string>, value: TextValue): Condition {
  if (!value.quoted) return startsWords(column, searchWords(value.text));
  const phrase = searchText(value.text);
  if (phrase === '') return NOTHING;
  return sql<boolean>`(' ' || ${column} || ' ') like ${`% ${phrase} %`}`;
}

/**
 * Albums whose name or artist has words starting with the given ones, through the text index
 * (FTS5 on SQLite, `album_words` on PostgreSQL), or that carry a tag whose name has.
 *
 * To read the matches, they are `wordMatchIds`. To walk the sort's index instead, each album is
 * tested until the page is full. SQLite tests it against the text index's matches, gathered once
 * behind a unary plus that keeps its planner from driving the query by them, or, while the walk
 * is short, tests its own text (the index's words are that folded text's words, so a LIKE agrees
 * with it) and tag links; PostgreSQL always tests rows, the same way. Gathering 12,000 matches
 * costs about 1.7 ms and testing an album's row about 1.3 µs, so the rows win up to a walk of a
 * few thousand albums (a first page of 12,000 matches: 2.0 → 0.3 ms); `filterReading` chooses by
 * the count. With few matches either walk tests every album, so they are read (20 matches: 3.3
 * against 0.4 ms on SQLite, 123 against 1 ms on PostgreSQL).
 */
export function textMatches(
  { db, userId, matchPlan = 'gather-matches' }: Omit<QueryScope, 'now'>,
  words: string[],
): Condition {
  if (words.length === 0) return NOTHING;
  if (matchPlan === 'read-matches') {
    return sql<boolean>`albums.id in (${wordMatchIds({ db, userId }, words, { joined: true })})`;
  }
  // SQLite's text index holds each album's tags' words too (migration 0029): one word is read
  // from it alone. Several must all be in the album's text or all in one tag's name.
  if (!isPostgres(db) && matchPlan === 'gather-matches' && words.length === 1)
    return sql<boolean>`+albums.id in (${sqliteIdsWithWordsStarting('albums', userId, words)})`;
  const tagIds = tagsStartingWith(db, userId, words);
  if (isPostgres(db)) {
    // A short walk tests each album's own tag links, where the subquery hashed every tagged
    // album first (3,000 for a broad word: a first page's walk 1.35 → 0.8 ms). OFFSET 0 keeps
    // the planner from turning the EXISTS into that hash again.
    const tagged =
      matchPlan === 'test-rows'
        ? sql<boolean>`exists (select 1 from album_tags where album_tags.album_id = albums.id
            and album_tags.tag_id = any(array(${tagIds})) offset 0)`
        : sql<boolean>`albums.id in (${taggedWith(db, tagIds, { joined: false })})`;
    return sql<boolean>`(${startsWords(sql.ref('albums.search_text'), words)} or ${tagged})`;
  }
  const inText =
    matchPlan === 'test-rows'
      ? startsWords(sql.ref('albums.search_text'), words)
      : sql<boolean>`+albums.id in (${sqliteIdsWithWordsStarting('albums', userId, words, 'text')})`;
  // Each album's own tag links are tested, as a label's are on a short walk: probing the tags'
  // links once for every tag the words name took three times as long (the walk to one of the
  // first three pages of a broad word naming 9–21 tags, at 50,000 albums: 3.1 → 1.0 ms).
  const tagged = linkedTo({ db, matchPlan }, 'tags', tagIds, { albumByAlbum: true });
  return sql<boolean>`(${inText} or ${tagged})`;
}

/**
 * The ids of the user's albums that `textMatches` finds, to be joined to the albums or counted as
 * they are. For one word on SQLite, the text index's matches, whose entries hold each album's
 * tags' words (migration 0029). Otherwise one UNION of the albums with the words in their text
 * (the index's `text` column, or `album_words` on PostgreSQL) and the albums with a tag that has
 * them all (`taggedWith`). Each side is the user's alone: the user's own words, and the user's
 * tags, which link only the user's albums (a tag is attached after `loadOwnAlbum`, and imports,
 * merges and bulk changes stay within one collection; `tags.album_count` rests on the same). So
 * the ids are counted without joining each back to its album row.
 */
function wordMatchIds(
  { db, userId }: Pick<QueryScope, 'db' | 'userId'>,
  words: string[],
  use: { joined: boolean; repeated?: boolean },
): RawBuilder<unknown> {
  // SQLite's text index holds each album's tags' words as well as its own, once an album.
  if (!isPostgres(db) && words.length === 1)
    return sqliteIdsWithWordsStarting('albums', userId, words);
  const tagged = taggedWith(db, tagsStartingWith(db, userId, words), use);
  // With `repeated`, an album both named and tagged with the word comes twice: nothing is hashed.
  const union = use.repeated ? sql`union all` : sql`union`;
  if (isPostgres(db))
    return sql`(${idsWithWordsStarting('albums', userId, words)}) ${union} ${tagged}`;
  // Several words must all be in the album's text or all in one tag's name. SQLite takes no
  // parentheses around a member of a UNION, hence the raw tagged ids.
  return sql`${sqliteIdsWithWordsStarting('albums', userId, words, 'text')} ${union} ${tagged}`;
}

/**
 * The albums that have every word (a query of free words alone) when each word has few, or else
 * how many have them all (`wordMatchCount`), in one statement, on PostgreSQL. Each word's matches
 * are read as they come, repeats and all, up to `rowsAtMost` rows; PostgreSQL evaluates a select
 * list's subquery only when its value is needed, so the count is read only past that. Counting
 * hashes every match to count each album once, which for a word of a few albums cost more than
 * reading them. One word alone is counted from its kept count, and read when at most
 * `rowsAtMost` albums have it (`keptCountOrFewMatches`). With `page`, few matches come with their
 * page (`readCountedMatches`). SQLite counts alone (`wordMatchCount`):
 * its text index merges a prefix's every match before giving the first, so reading the first few
 * would cost a broad word its whole match list again.
 */
export async function fewMatchesOrCount(
  scope: Pick<QueryScope, 'db' | 'userId'>,
  words: string[],
  rowsAtMost: number,
  page?: PageOfMatches,
): Promise<CountedWithPage> {
  if (!isPostgres(scope.db)) throw new Error('Reading few matches is for PostgreSQL.');
  const [onlyWord] = words;
  if (onlyWord !== undefined && words.length === 1)
    return keptCountOrFewMatches(scope, onlyWord, rowsAtMost, page);
  const few = words.map((_, n) => sql.raw(`few${n}`));
  const readFew = sql.join(
    words.map(
      (word, n) =>
        sql`${few[n]} as materialized (${wordMatchIds(scope, [word], { joined: false, repeated: true })} limit ${rowsAtMost})`,
    ),
  );
  const allFew = sql.join(
    few.map((table) => sql`(select count(*) from ${table}) < ${rowsAtMost}`),
    sql` and `,
  );
  const common = sql.join(
    few.map((table) => sql`select id from ${table}`),
    sql` intersect `,
  );
  const counted = sql`with ${readFew}, counted as materialized (
      select case when ${allFew}
          then coalesce((select array_agg(distinct id) from (${common}) as common), '{}') end as ids,
        case when not (${allFew}) then (${wordMatchCount(scope, words)}) end as total)`;
  return readCountedMatches(scope.db, scope.userId, counted, page);
}

/**
 * One word's matches on PostgreSQL, counted from its kept count (`keptCount`), and read only when
 * there are at most `matchesAtMost`. The statement asks the count first: PostgreSQL reads a CASE's
 * subquery only when its branch is taken. The count is a materialized CTE so that its row is read
 * once, where an inlined one would be read for each of its two uses.
 */
async function keptCountOrFewMatches(
  scope: Pick<QueryScope, 'db' | 'userId'>,
  word: string,
  matchesAtMost: number,
  page: PageOfMatches | undefined,
): Promise<CountedWithPage> {
  const matches = wordMatchIds(scope, [word], { joined: false, repeated: true });
  const counted = sql`with kept as materialized (
      select ${keptCount(scope, word)} as total), counted as materialized (
      select total, case when total <= ${matchesAtMost}
          then (select coalesce(array_agg(distinct id), '{}') from (${matches}) as matches) end as ids
      from kept)`;
  return readCountedMatches(scope.db, scope.userId, counted, page);
}

/**
 * How many of the user's albums have a word starting with `word`, in their text or a tag's name:
 * one row of the count kept for each prefix (`prefix_counts`, migrations 0031 and 0032), where
 * counting the matches read every one (a broad prefix's 10,000–12,000 at 50,000 albums).
 */
function keptCount({ userId }: Pick<QueryScope, 'userId'>, word: string) {
  return sql<number>`coalesce((select album_count from prefix_counts
    where user_id = ${userId} and prefix = ${word}), 0)`;
}

/**
 * How many albums have every word (a query of free words alone). One word is its kept count
 * (`keptCount`). Several on SQLite are one query of the text index, whose entries hold each
 * album's words and its tags' (migration 0029), so every word may match in either and each album
 * comes once. On PostgreSQL each word's matches, intersected, counted as they stand: joining each
 * match back to its album row cost as much again (12,000 matches: 25 → 12–17 ms). Each word's
 * matches come repeats and all, and INTERSECT makes them distinct once, by sorting: hashing
 * 12,000 of them away in each UNION cost more than the rest of the count (two words 21 → 9.4 ms).
 */
export function wordMatchCount(scope: Pick<QueryScope, 'db' | 'userId'>, words: string[]) {
  const [onlyWord] = words;
  if (onlyWord !== undefined && words.length === 1)
    return scope.db.selectNoFrom(keptCount(scope, onlyWord).as('total'));
  if (!isPostgres(scope.db)) {
    const matches = sqliteIdsWithWordsStarting('albums', scope.userId, words);
    return scope.db.selectNoFrom(sql<number>`(select count(*) from (${matches}))`.as('total'));
  }
  const perWord = words.map(
    (word, n) =>
      sql`select id from (${wordMatchIds(scope, [word], { joined: false, repeated: true })}) as ${sql.raw(`word${n}`)}`,
  );
  const matches = sql`(${sql.join(perWord, sql` intersect `)})`.as('every_word');
  return scope.db.selectFrom(matches).select(sql<string | number | bigint>`count(*)`.as('total'));
}

/** Every word in the album's name or artists or in one of its tags' names, each on its own. */
function eachWordMatches(scope: Omit<QueryScope, 'now'>, words: string[]): Condition {
  if (words.length === 0) return NOTHING;
  return joinedBy(
    'and',
    words.map((word) => textMatches(scope, [word])),
  );
}

/** A phrase's words in order in the album's name and artist, or in one of its tags' names. */
function phraseMatches({ db, userId }: Omit<QueryScope, 'now'>, phrase: string): Condition {
  if (phrase === '') return NOTHING;
  const value = { text: phrase, quoted: true };
  const tagged = taggedWith(
    db,
    tagsNamed(db, userId, textValueMatches(sql.ref('tags.search_text'), value)),
    { joined: false },
  );
  const inText = isPostgres(db)
    ? // The first LIKE is the one the trigram index serves.
      sql<boolean>`((' ' || albums.search_text) like ${`% ${phrase}%`} and ${textValueMatches(sql.ref('albums.search_text'), value)})`
    : // The index's `text` column alone: its `tags` column runs every tag's words together.
      sql<boolean>`albums.id in (select rowid from album_search where album_search match ${fts5PhraseQuery(userId, phrase, 'text')})`;
  return sql<boolean>`(${inText} or albums.id in (${tagged}))`;
}

/** The user's tags with names that have words starting with the given ones. */
function tagsStartingWith(db: Kysely<Database>, userId: number, words: string[]) {
  return tagsNamed(db, userId, startsWords(sql.ref('tags.search_text'), words));
}

/** The user's tags whose names meet the condition. */
function tagsNamed(db: Kysely<Database>, userId: number, tagCondition: Condition) {
  return db
    .selectFrom('tags')
    .select('tags.id')
    .where('tags.user_id', '=', userId)
    .where(tagCondition);
}

/**
 * The albums carrying one of the tags. Read whole (counted, or tested album by album in an OR, as
 * a word's or a quoted phrase's tags are), PostgreSQL reads a few tags' links through their index
 * when handed the tags as an array, where a subquery had it hash all 75,000 links of a large
 * collection (3.7 against 1.6 ms; timed for a word, a phrase's tags being read the same way).
 * Joined to the albums, the subquery stays: with the array PostgreSQL no longer expects few ids
 * and scans every album to join them (a rare word's page: 3 → 13 ms).
 */
function taggedWith(
  db: Kysely<Database>,
  tagIds: ReturnType<typeof tagsNamed>,
  { joined }: { joined: boolean },
) {
  const tags = isPostgres(db) && !joined ? sql`= any(array(${tagIds}))` : sql`in (${tagIds})`;
  return sql`select album_tags.album_id from album_tags where album_tags.tag_id ${tags}`;
}

/** `artist:`: part of the name of one of the album's credited artists. */
function artistMatches(scope: QueryScope, values: TextValue[]): Condition {
  const { db, userId } = scope;
  const artistIds = db
    .selectFrom('artists')
    .select('artists.id')
    .where('artists.user_id', '=', userId)
    .where(
      joinedBy(
        'or',
        values.map((value) => textValueMatches(sql.ref('artists.search_text'), value)),
      ),
    );
  return linkedTo(scope, 'artists', artistIds);
}

/** `album:`: part of the album's name; the text index finds the candidates, the name decides. */
function nameMatches(scope: QueryScope, value: TextValue): Condition {
  const inName = textValueMatches(sql.ref('albums.search_name'), value);
  const candidates = value.quoted
    ? phraseMatches(scope, searchText(value.text))
    : textMatches(scope, searchWords(value.text));
  return sql<boolean>`(${candidates} and ${inName})`;
}

/** A whole name, folded as the index holds it, or the start of one. */
function nameIs(column: Expression<string>, { name, prefix }: NameValue): Condition {
  const folded = searchText(name);
  if (!prefix) return sql<boolean>`${column} = ${folded}`;
  return folded === '' ? EVERYTHING : sql<boolean>`${column} like ${`${folded}%`}`;
}

function labelled(scope: QueryScope, labels: 'genres' | 'tags', term: NamedTerm): Condition {
  const labelIds = labelsNamed(scope, labels, term.values).select('id');
  return linkedTo(scope, labels, labelIds, { albumByAlbum: scope.manyLinks?.has(term) ?? false });
}

/**
 * A genre term beside the query's years (`genre:jazz year:1970..1979`): a genre's links carry
 * their album's release date (migration 0026), so its matches are one range of the genre's index
 * rather than every link of the genre, each tested against its album. The years stay a term of
 * their own: this only narrows the links read.
 */
function genreInPeriods(scope: QueryScope, term: NamedTerm, periods: NumberRange[]): Condition {
  const genreIds = labelsNamed(scope, 'genres', term.values).select('id');
  return linkedTo(scope, 'genres', genreIds, {
    albumByAlbum: false,
    links: genreLinksIn(periods),
  });
}

/**
 * The year range of a year term of one range. A term of several is left out of reading a
 * genre's links by date: SQLite scanned every link for an OR of ranges.
 */
function periodOf(term: QueryNode): NumberRange | undefined {
  const [range, ...more] = term.kind === 'year' ? term.values : [];
  return more.length === 0 ? range : undefined;
}

/** A genre link's copy of its album's release date is in every one of the periods. */
function genreLinksIn(periods: NumberRange[]): Condition {
  const releaseDate = sql.ref<string | null>('album_genres.release_date');
  return joinedBy(
    'and',
    periods.map((period) => releaseYearIn(period, releaseDate)),
  );
}

/**
 * The albums of a query that is one genre and its years alone (`genre:jazz year:1970..1979`), as
 * the genre's links in those years. The albums need not be read to count them: the user's genres
 * link only the user's albums, and each link carries its album's release date (migration 0026),
 * where a count through the albums looked up each match (a genre and a decade, 201 of 50,000
 * albums, on PostgreSQL: 0.3 against 1.2 ms planned and run). None for any other query, or for a
 * genre prefix of more links than albums (SQLite).
 */
export function datedGenreAlbumIds(scope: QueryScope, node: QueryNode) {
  const terms = node.kind === 'all' ? node.nodes.filter((term) => !isPunctuation(term)) : [node];
  const genres = terms.flatMap((term) => (term.kind === 'genre' ? [term] : []));
  const periods = terms.flatMap((term) => periodOf(term) ?? []);
  const [genre] = genres;
  const alone = genres.length === 1 && genres.length + periods.length === terms.length;
  if (!genre || !alone || periods.length === 0) return undefined;
  if (!readsLabelLinks(scope, scope.manyLinks?.has(genre) ?? false)) return undefined;
  return (
    scope.db
      .selectFrom('album_genres')
      .select('album_genres.album_id as id')
      // An album in two of a prefix's genres is linked twice.
      .distinct()
      .where('album_genres.genre_id', 'in', labelsNamed(scope, 'genres', genre.values).select('id'))
      .where(genreLinksIn(periods))
  );
}

/** The user's genres or tags that the values name, whole or by the start of their name. */
function labelsNamed(
  { db, userId }: Pick<QueryScope, 'db' | 'userId'>,
  labels: 'genres' | 'tags',
  values: NameValue[],
) {
  return db
    .selectFrom(labels)
    .where('user_id', '=', userId)
    .where(
      joinedBy(
        'or',
        values.map((value) => nameIs(sql.ref('search_text'), value)),
      ),
    );
}

/**
 * The query's genre and tag terms whose labels have more links than the collection has albums
 * (SQLite). Read from their links, such a term costs more than testing every album's own: a
 * count of `genre:g*` (63,000 links of 50,000 albums) with a decade took 28 ms through the links
 * and 4.1 tested album by album; alone, 20.6 against 18. With fewer links the links cost less (one
 * genre of 1,259 albums: 0.32 against 14 ms), and a term that names one genre is read that way
 * without asking.
 */
export async function labelsWithManyLinks(
  scope: Pick<QueryScope, 'db' | 'userId'>,
  nodes: QueryNode[],
  albumCount: () => Promise<number>,
): Promise<Set<QueryTerm>> {
  const prefixed = nodes
    .flatMap(labelTerms)
    .filter((term) => term.values.some((value) => value.prefix));
  if (prefixed.length === 0) return new Set();
  const albums = await albumCount();
  const links = await Promise.all(
    prefixed.map((term) =>
      labelsNamed(scope, term.kind === 'genre' ? 'genres' : 'tags', term.values)
        .select((eb) => eb.fn.sum<number | string>('album_count').as('links'))
        .executeTakeFirst()
        .then((found) => toCount(found?.links)),
    ),
  );
  return new Set(prefixed.filter((_, n) => (links[n] ?? 0) > albums));
}

/** A term of names: `genre:`, `tag:` or `folder:`. */
type NamedTerm = Extract<QueryTerm, { values: NameValue[] }>;

/** The query's `genre:` and `tag:` terms. */
function labelTerms(node: QueryNode): NamedTerm[] {
  switch (node.kind) {
    case 'all':
    case 'any':
      return node.nodes.flatMap(labelTerms);
    case 'not':
      return labelTerms(node.node);
    case 'genre':
    case 'tag':
      return [node];
    default:
      return [];
  }
}

/** `folder:`: in a folder of that name or in any folder within it. */
function inFolders(scope: QueryScope, values: NameValue[]): Condition {
  const named = joinedBy(
    'or',
    values.map((value) => nameIs(sql.ref('folders.search_text'), value)),
  );
  const folderIds = sql`with recursive chosen(id) as (
      select folders.id from folders where folders.user_id = ${scope.userId} and ${named}
      union select folders.id from folders join chosen on folders.parent_id = chosen.id)
    select id from chosen`;
  return linkedTo(scope, 'folders', folderIds);
}

/** The tables that link an album to its genres, tags, artists and folders. */
const ALBUM_LINKS = {
  genres: { table: 'album_genres', column: 'genre_id' },
  tags: { table: 'album_tags', column: 'tag_id' },
  artists: { table: 'album_artists', column: 'artist_id' },
  folders: { table: 'folder_albums', column: 'folder_id' },
} as const;

/**
 * The album is linked to one of the genres, tags, artists or folders of the ids. SQLite reads
 * their links and looks up each one's album, which costs as many links as they have: for
 * `genre:g*` (51 of 60 genres, 63,000 links) 22 ms for a page whatever else the query asks. On a
 * short walk along the sort it tests each album's own links instead, by the index that starts
 * with the album, the plus keeping out the label's index, which it would probe once for each
 * label: a page of `genre:g*` in 1.0 ms, with a decade 1.1. PostgreSQL plans the same test itself
 * from its statistics: its pages already took 2–3 ms, and a test of each album's links in a
 * subquery kept from the join cost more (`genre:g*` with a decade: 2.0–2.4 → 5.3–7.6 ms).
 */
function linkedTo(
  { db, matchPlan }: Pick<QueryScope, 'db' | 'matchPlan'>,
  linked: keyof typeof ALBUM_LINKS,
  ids: Expression<unknown>,
  { albumByAlbum, links: onLinks = EVERYTHING }: { albumByAlbum: boolean; links?: Condition } = {
    albumByAlbum: false,
  },
): Condition {
  const links = ALBUM_LINKS[linked];
  const table = sql.table(links.table);
  const column = sql.ref(`${links.table}.${links.column}`);
  const album = sql.ref(`${links.table}.album_id`);
  // An album's own few links need no narrowing: `onLinks` is for reading the label's.
  if (!readsLabelLinks({ db, matchPlan }, albumByAlbum))
    return sql<boolean>`exists (select 1 from ${table} where ${album} = albums.id
      and +${column} in (${ids}))`;
  const narrowed = onLinks === EVERYTHING ? sql`` : sql` and ${onLinks}`;
  return sql<boolean>`albums.id in (select ${album} from ${table}
    where ${column} in (${ids})${narrowed})`;
}

/** Whether `linkedTo` reads the label's links, or tests each album's own (SQLite). */
function readsLabelLinks(
  { db, matchPlan }: Pick<QueryScope, 'db' | 'matchPlan'>,
  albumByAlbum: boolean,
): boolean {
  return isPostgres(db) || !(albumByAlbum || matchPlan === 'test-rows');
}

/** Release dates are YYYY, YYYY-MM or YYYY-MM-DD text, so years compare as text prefixes. */
function releaseYearIn(
  { min, max }: NumberRange,
  releaseDate: Expression<string | null> = sql.ref<string | null>('albums.release_date'),
): Condition {
  // Dates hold four-digit years: none is after 9999 (as text, "10000" would sort before "1959").
  if (min !== null && min > 9999) return NOTHING;
  const bounds: Condition[] = [sql<boolean>`${releaseDate} is not null`];
  if (min !== null) bounds.push(sql<boolean>`${releaseDate} >= ${yearText(min)}`);
  if (max !== null && max < 9999) bounds.push(sql<boolean>`${releaseDate} < ${yearText(max + 1)}`);
  return joinedBy('and', bounds);
}

const yearText = (year: number) => String(year).padStart(4, '0');

function trackCountIn({ min, max }: NumberRange): Condition {
  const bounds: Condition[] = [sql<boolean>`albums.total_tracks is not null`];
  if (min !== null) bounds.push(sql<boolean>`albums.total_tracks >= ${min}`);
  if (max !== null) bounds.push(sql<boolean>`albums.total_tracks <= ${max}`);
  return joinedBy('and', bounds);
}

/** added_at is an ISO timestamp, so periods compare as text prefixes too. */
function addedIn(now: Date, value: AddedValue): Condition {
  switch (value.kind) {
    case 'within':
      return sql<boolean>`albums.added_at >= ${ageBefore(now, value.amount, value.unit)}`;
    case 'before':
      return sql<boolean>`albums.added_at < ${ageBefore(now, value.amount, value.unit)}`;
    case 'dates': {
      const bounds: Condition[] = [];
      if (value.from !== null) bounds.push(sql<boolean>`albums.added_at >= ${value.from}`);
      if (value.to !== null) bounds.push(sql<boolean>`albums.added_at < ${periodAfter(value.to)}`);
      return joinedBy('and', bounds);
    }
  }
}
