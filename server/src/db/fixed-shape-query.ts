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
