import { type Compilable, type CompiledQuery, createQueryId, type Kysely } from 'kysely';
import type { Database } from './schema';
import type { Search } from './search-text';

/** Stands in for the user's id while the statement is built. No user has a negative id. */
const STAND_IN_USER = -2_147_483_641;
/** Stands in for the search's phrase, and word `i` for its word `i`: searchText keeps neither. */
const STAND_IN_PHRASE = '\u0002';
const standInWord = (i: number) => `\u0001${i}\u0001`;
const STAND_INS = new RegExp(`\\u0001(\\d+)\\u0001|\\u0002|${STAND_IN_USER}`, 'g');

/**
 * Searches of more words than this are built anew on each call: each number of words is a shape
 * kept for the life of the process, and a search of many words is rare.
 */
const MOST_WORDS_KEPT = 8;

type Build<Options, Row> = (
  db: Kysely<Database>,
  userId: number,
  search: Search,
  options: Options,
) => Compilable<Row>;

/** Gives the statement for a search; `builtAnew` gives it as Kysely builds it, for comparison. */
export type SearchShapedQuery<Options, Row> = ((
  db: Kysely<Database>,
  userId: number,
  search: Search,
  options: Options,
) => CompiledQuery<Row>) & { builtAnew: Build<Options, Row> };

/**
 * A query built from a user's search, compiled once for each shape and run with each search's
 * values. Kysely builds and compiles a statement anew on every call, and a collection search's
 * statements are long: under a new search prefix each time, that was a third of the main thread's
 * time. The shape is the number of words and `options` (limits, which branch a builder takes),
 * whatever `build` decides by: it is built once with stand-ins for the id, the words and the
 * phrase, which a search's folded text (`searchText`: letters, digits and spaces) never holds,
 * and each call puts its own values where the stand-ins are, in the parameters. `build` may only
 * place the values (within strings of its own, as `% ${word}%`), never test or cut them.
 */
export function searchShapedQuery<Options extends Record<string, number | boolean>, Row>(
  build: Build<Options, Row>,
): SearchShapedQuery<Options, Row> {
  const compiledFor = new WeakMap<Kysely<Database>, Map<string, CompiledQuery<Row>>>();
  const shaped = (
    db: Kysely<Database>,
    userId: number,
    search: Search,
    options: Options,
  ): CompiledQuery<Row> => {
    if (search.words.length > MOST_WORDS_KEPT) return build(db, userId, search, options).compile();
    let shapes = compiledFor.get(db);
    if (!shapes) {
      shapes = new Map();
      compiledFor.set(db, shapes);
    }
    const shape = `${search.words.length}\u0000${JSON.stringify(options)}`;
    let compiled = shapes.get(shape);
    if (!compiled) {
      compiled = withStandIns(db, build, search.words.length, options);
      shapes.set(shape, compiled);
    }
    const ownValue = (standIn: string, word: string | undefined) => {
      if (word === undefined) return standIn === STAND_IN_PHRASE ? search.phrase : String(userId);
      const value = search.words[Number(word)];
      if (value === undefined) throw new Error(`A search of its shape has no word ${word}.`);
      return value;
    };
    const parameters = compiled.parameters.map((parameter) => {
      if (parameter === STAND_IN_USER) return userId;
      return typeof parameter === 'string' ? parameter.replace(STAND_INS, ownValue) : parameter;
    });
    // A query id of its own, as a query built anew would have, for anything that goes by it
    // (a plugin's state, say).
    return { ...compiled, parameters, queryId: createQueryId() };
  };
  return Object.assign(shaped, { builtAnew: build });
}

/** The query of a shape, built with stand-ins, which the statement's text must not hold. */
function withStandIns<Options, Row>(
  db: Kysely<Database>,
  build: Build<Options, Row>,
  wordCount: number,
  options: Options,
): CompiledQuery<Row> {
  const search: Search =
    wordCount === 0
      ? { words: [], phrase: '' }
      : {
          words: Array.from({ length: wordCount }, (_, i) => standInWord(i)),
          phrase: STAND_IN_PHRASE,
        };
  const compiled = build(db, STAND_IN_USER, search, options).compile();
  if (compiled.sql.match(STAND_INS))
    throw new Error('A search-shaped query wrote a value into its text, not its parameters.');
  return compiled;
}
