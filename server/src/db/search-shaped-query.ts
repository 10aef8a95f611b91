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
  build: (
    db: Kysely<Database>,
    userId: number,
    search: Search,
    options: Options,
  ) => Compilable<Row>,
): (db: Kysely<Database>, userId: number, search: Search, options: Options) => CompiledQuery<Row> {
  const compiledFor = new WeakMap<Kysely<Database>, Map<string, CompiledQuery<Row>>>();
  return (db, userId, search, options) => {
    let shapes = compiledFor.get(db);
    if (!shapes) {
      shapes = new Map();
      compiledFor.set(db, shapes);
    }
    const shape = `${search.words.length}\u0000${JSON.stringify(options)}`;
    let compiled = shapes.get(shape);
    if (!compiled) {
      const standIn: Search =
        search.words.length === 0
          ? { words: [], phrase: '' }
          : { words: search.words.map((_, i) => standInWord(i)), phrase: STAND_IN_PHRASE };
      compiled = build(db, STAND_IN_USER, standIn, options).compile();
      shapes.set(shape, compiled);
    }
    const ownValue = (standIn: string, word: string | undefined) => {
      if (word !== undefined) return search.words[Number(word)] ?? '';
      return standIn === STAND_IN_PHRASE ? search.phrase : String(userId);
    };
    const parameters = compiled.parameters.map((parameter) => {
      if (parameter === STAND_IN_USER) return userId;
      return typeof parameter === 'string' ? parameter.replace(STAND_INS, ownValue) : parameter;
    });
    // A query id of its own, as a query built anew would have.
    return { ...compiled, parameters, queryId: createQueryId() };
  };
}
