import { type Expression, type Kysely, type RawBuilder, sql } from 'kysely';
import { isPostgres } from './database';
import type { Database } from './schema';

/**
 * Letters that are not a base letter plus a mark, so decomposition alone does not fold them, and
 * final sigma, which SQLite's text index reads as sigma: a LIKE on the folded text must agree
 * with it, so "κοσ" (typed "ΚΟΣ", folded to "κος") starts "κόσμος".
 */
const LETTER_SPELLINGS: Record<string, string> = {
  ς: 'σ',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
};

/**
 * A name as the search index holds it: accents dropped, fully case-folded, words of letters and
 * digits joined by one space, in any script ("Ágætis Byrjun" → "agaetis byrjun", "Straße" →
 * "strasse"). Done here rather than in SQL, so SQLite and PostgreSQL match exactly alike.
 */
export function searchText(value: string): string {
  return (
    value
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      // Upper then lower case folds ß to ss, as full case folding does.
      .toUpperCase()
      .toLowerCase()
      .replace(/[æœøđðþłıħς]/g, (letter) => LETTER_SPELLINGS[letter] ?? letter)
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
  );
}

/**
 * A search as typed, folded: its distinct words, each of which must start a word of what it
 * matches, and its phrase, all of its words in order, which ranks the names that are it or start
 * with it first ("the the" puts The The before The Cure, though its one word is "the").
 */
export type Search = { words: string[]; phrase: string };

export function readSearch(query: string): Search {
  const phrase = searchText(query);
  return { words: phrase === '' ? [] : [...new Set(phrase.split(' '))], phrase };
}

/** The words of a search, each of which must start a word of the text it matches. */
export function searchWords(query: string): string[] {
  return readSearch(query).words;
}

/**
 * Every word starts a word of `column` (a search-text column): typeahead matching. The words
 * hold only letters and digits, so nothing in them is a LIKE wildcard. No words match nothing.
 */
export function startsWords(column: Expression<string>, words: string[]): RawBuilder<boolean> {
  if (words.length === 0) return sql<boolean>`1 = 0`;
  return sql<boolean>`(${sql.join(
    words.map((word) => sql`(' ' || ${column}) like ${`% ${word}%`}`),
    sql` and `,
  )})`;
}

/** PostgreSQL's tables of each row's words (migration 0019), and the column naming the row. */
const WORD_TABLES = {
  albums: { words: 'album_words', key: 'album_id' },
  artists: { words: 'artist_words', key: 'artist_id' },
} as const;

/**
 * PostgreSQL: the ids of the user's albums or artists with a word starting with each of the
 * words (none for no words), each word one range of its word table's key, read from the index
 * alone. The highest code point ends the range: every word that starts with the prefix sorts
 * below the two.
 */
export function idsWithWordsStarting(
  table: keyof typeof WORD_TABLES,
  userId: number,
  words: string[],
): RawBuilder<unknown> {
  if (words.length === 0) return sql`select null::integer as id where false`;
  const { words: wordTable, key } = WORD_TABLES[table];
  const eachWord = words.map(
    (word) => sql`select ${sql.ref(key)} as id from ${sql.table(wordTable)}
      where user_id = ${userId} and word >= ${word} and word < ${`${word}\u{10FFFF}`}`,
  );
  return sql.join(eachWord, sql` intersect `);
}

/** SQLite's FTS5 indexes of each table's words (migrations/text-index.ts). */
const TEXT_INDEXES = {
  albums: 'album_search',
  artists: 'artist_search',
  folders: 'folder_search',
} as const;

/**
 * SQLite: the ids of the user's albums, artists or folders with a word starting with each word,
 * from the table's text index, which holds only that user's words under those tokens. The
 * albums' index holds their tags' words too, in a `tags` column (migration 0029), so each word
 * may match in either, unless `column` names the one to read.
 */
export function sqliteIdsWithWordsStarting(
  table: keyof typeof TEXT_INDEXES,
  userId: number,
  words: string[],
  column?: 'text',
): RawBuilder<unknown> {
  const index = sql.table(TEXT_INDEXES[table]);
  return sql`select rowid as id from ${index} where ${index} match ${fts5PrefixQuery(userId, words, column)}`;
}

/** A word as SQLite's text index holds it for its user (migrations/text-index.ts). */
const ownedWord = (userId: number, word: string) => `u${userId}x${word}`;

/** An FTS5 query for one user's documents with every word as a prefix, in `column` if named. */
export function fts5PrefixQuery(userId: number, words: string[], column?: string): string {
  const within = column ? `${column} : ` : '';
  return words.map((word) => `${within}"${ownedWord(userId, word)}"*`).join(' ');
}

/**
 * An FTS5 query for one user's documents with the words of a folded phrase in a row, in `column`
 * if named.
 */
export function fts5PhraseQuery(userId: number, phrase: string, column?: string): string {
  const within = column ? `${column} : ` : '';
  const words = phrase.split(' ').map((word) => ownedWord(userId, word));
  return `${within}"${words.join(' ')}"`;
}

/** 0 for a name that is the search's phrase, 1 for one that starts with it, 2 for the rest. */
export function nameRank(column: Expression<string>, phrase: string): RawBuilder<number> {
  return sql<number>`case when ${column} = ${phrase} then 0 when ${column} like ${`${phrase}%`} then 1 else 2 end`;
}

/**
 * A folded text column in code-point order on both databases, as the indexes on it are kept
 * (a PostgreSQL database's collation may order by language).
 */
export function inCodePointOrder(db: Kysely<Database>, column: string): RawBuilder<string> {
  return isPostgres(db)
    ? sql<string>`${sql.ref(column)} collate "C"`
    : sql<string>`${sql.ref(column)}`;
}

/** The folded text starts with the phrase: a range of an index on it, read in order. */
export function startsWithPhrase(text: Expression<string>, phrase: string): RawBuilder<boolean> {
  // The highest code point: every text that starts with the phrase sorts below phrase + it.
  return sql<boolean>`(${text} >= ${phrase} and ${text} < ${`${phrase}\u{10FFFF}`})`;
}
