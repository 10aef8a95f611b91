import {
  type Compilable,
  type CompiledQuery,
  createQueryId,
  type Kysely,
  type RawBuilder,
  sql,
} from 'kysely';
import type { Database } from './schema';

/** Where a value goes in a query built before its values are known. */
class Slot {
  constructor(readonly key: string) {}
}

/** The stand-in for the value of `key`, to use wherever the query takes that value. */
export type Slots<Values> = <Key extends keyof Values & string>(
  key: Key,
) => RawBuilder<Values[Key]>;

/**
 * A query whose values alone change from call to call, built and compiled once for each database
 * (or transaction) and run with each call's values. Kysely builds and compiles a query anew on
 * every call: for an album's page, under load, that was 29 % of the main thread's time. The query
 * sees stand-ins (`value('albumId')`), never the values, so it cannot depend on them.
 */
export function fixedShapeQuery<Values extends Record<string, unknown>, Row>(
  build: (db: Kysely<Database>, value: Slots<Values>) => Compilable<Row>,
): (db: Kysely<Database>, values: Values) => Promise<Row[]> {
  const compiledFor = new WeakMap<Kysely<Database>, CompiledQuery<Row>>();
  const value: Slots<Values> = (key) => sql`${new Slot(key)}`;
  return async (db, values) => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      compiled = build(db, value).compile();
      compiledFor.set(db, compiled);
    }
    const parameters = compiled.parameters.map((parameter) =>
      parameter instanceof Slot ? values[parameter.key] : parameter,
    );
    // A query id of its own, as a query built anew would have, for anything that goes by it.
    const { rows } = await db.executeQuery<Row>({
      ...compiled,
      queryId: createQueryId(),
      parameters,
    });
    return rows;
  };
}

/** Where the subquery goes in the compiled text of a query around one. */
const SUBQUERY_HOLE = '/* the subquery */';

/**
 * A query of a fixed shape for each key (a sort, say) around a subquery that changes from call
 * to call: built and compiled once for each database and key, with each call's subquery
 * compiled alone and put in its place. Written as `where(column, 'in', sql\`(${subquery})\`)`,
 * the text is the one Kysely builds for `where(column, 'in', subquery)`, so a database that
 * prepares or keeps plans by text sees no difference. The query around the
 * subquery takes no values of its own: they would come before or after the subquery's.
 */
export function queryAroundSubquery<Key extends string, Row>(
  build: (db: Kysely<Database>, key: Key, subquery: RawBuilder<unknown>) => Compilable<Row>,
): QueryAroundSubquery<Key, Row> {
  const compiledFor = new WeakMap<Kysely<Database>, Map<Key, AroundSubquery<Row>>>();
  const hole = sql`${sql.raw(SUBQUERY_HOLE)}`;
  const around = (db: Kysely<Database>, key: Key): AroundSubquery<Row> => {
    let forDb = compiledFor.get(db);
    if (!forDb) {
      forDb = new Map();
      compiledFor.set(db, forDb);
    }
    const known = forDb.get(key);
    if (known) return known;
    const query = build(db, key, hole).compile();
    const parts = query.sql.split(SUBQUERY_HOLE);
    const [before, after] = parts;
    if (parts.length !== 2 || before === undefined || after === undefined)
      throw new Error('A query around a subquery takes it once.');
    if (query.parameters.length > 0)
      throw new Error('A query around a subquery takes no values of its own.');
    const compiled = { query, before, after };
    forDb.set(key, compiled);
    return compiled;
  };
  const compile = (
    db: Kysely<Database>,
    key: Key,
    subquery: Compilable<unknown>,
  ): CompiledQuery<Row> => {
    const { query, before, after } = around(db, key);
    const inner = subquery.compile();
    // A query id of its own, as a query built anew would have.
    return {
      ...query,
      sql: `${before}${inner.sql}${after}`,
      parameters: inner.parameters,
      queryId: createQueryId(),
    };
  };
  const run = async (db: Kysely<Database>, key: Key, subquery: Compilable<unknown>) =>
    (await db.executeQuery<Row>(compile(db, key, subquery))).rows;
  return Object.assign(run, { compile });
}

/** Runs the query for a key around a subquery; `compile` gives the statement it would run. */
type QueryAroundSubquery<Key, Row> = ((
  db: Kysely<Database>,
  key: Key,
  subquery: Compilable<unknown>,
) => Promise<Row[]>) & {
  compile(db: Kysely<Database>, key: Key, subquery: Compilable<unknown>): CompiledQuery<Row>;
};

type AroundSubquery<Row> = { query: CompiledQuery<Row>; before: string; after: string };
