import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUserRow } from '../testing/factories';
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKindsWithReaders,
} from '../testing/test-database';
import { fixedShapeQuery, queryAroundSubquery, type Slots } from './fixed-shape-query';

const usersNamed = fixedShapeQuery((db, value: Slots<{ name: string; afterId: number }>) =>
  db
    .selectFrom('users')
    .select(['id', 'display_name'])
    .where((eb) =>
      // A value used twice, beside one fixed in the query.
      eb.or([eb('display_name', '=', value('name')), eb('provider_user_id', '=', value('name'))]),
    )
    .where('provider', '=', 'demo')
    .where('id', '>', value('afterId'))
    .orderBy('id'),
);

describe.each(testDatabaseKindsWithReaders)('a query of fixed shape on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (const [n, name] of ['Ada', 'Björk', 'Ada'].entries())
      await database.db
        .insertInto('users')
        .values({ ...demoUserRow(`listener ${n}`), display_name: name })
        .execute();
  });
  afterAll(() => database.destroy());

  it("answers each call with that call's values", async () => {
    const { db } = database;
    const adas = await usersNamed(db, { name: 'Ada', afterId: 0 });
    expect(adas.map((user) => user.display_name)).toEqual(['Ada', 'Ada']);
    const [first] = adas;
    expect(await usersNamed(db, { name: 'Ada', afterId: first?.id ?? 0 })).toEqual(adas.slice(1));
    expect(await usersNamed(db, { name: 'Björk', afterId: 0 })).toEqual([
      { id: expect.any(Number), display_name: 'Björk' },
    ]);
    expect(await usersNamed(db, { name: 'Cai', afterId: 0 })).toEqual([]);
  });

  it('answers calls under way at once, each with its own values', async () => {
    const { db } = database;
    const answers = await Promise.all(
      ['Ada', 'Björk', 'Cai', 'Ada'].map((name) => usersNamed(db, { name, afterId: 0 })),
    );
    expect(answers.map((rows) => rows.length)).toEqual([2, 1, 0, 2]);
  });

  it('sees the rows of the transaction it is given', async () => {
    let seenInside: number | undefined;
    const rollBack = new Error('roll back');
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto('users').values(demoUserRow('Dana')).execute();
        seenInside = (await usersNamed(trx, { name: 'Dana', afterId: 0 })).length;
        throw rollBack;
      }),
    ).rejects.toBe(rollBack);
    expect(seenInside).toBe(1);
    expect(await usersNamed(database.db, { name: 'Dana', afterId: 0 })).toEqual([]);
  });
});

const usersInOrder = queryAroundSubquery((db, order: 'asc' | 'desc', ids) =>
  db
    .selectFrom('users')
    .select(['id', 'display_name'])
    .where('id', 'in', sql<number>`(${ids})`)
    .where('provider', '=', sql.lit('demo'))
    .orderBy('display_name', order)
    .orderBy('id', order),
);

describe.each(testDatabaseKindsWithReaders)('a query around a subquery on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (const [n, name] of ['Ada', 'Björk', 'Cai'].entries())
      await database.db
        .insertInto('users')
        .values({ ...demoUserRow(`listener ${n}`), display_name: name })
        .execute();
  });
  afterAll(() => database.destroy());

  const idsNamed = (names: string[]) =>
    database.db.selectFrom('users').select('id').where('display_name', 'in', names);

  it("answers each call with its own subquery and that subquery's values, in the key's order", async () => {
    const { db } = database;
    const names = async (order: 'asc' | 'desc', among: string[]) =>
      (await usersInOrder(db, order, idsNamed(among))).map((user) => user.display_name);
    expect(await names('asc', ['Cai', 'Ada'])).toEqual(['Ada', 'Cai']);
    expect(await names('desc', ['Cai', 'Ada', 'Björk'])).toEqual(['Cai', 'Björk', 'Ada']);
    expect(await names('asc', ['Björk'])).toEqual(['Björk']);
    expect(await names('desc', ['Dana'])).toEqual([]);
    const [ada] = await usersInOrder(
      db,
      'asc',
      db.selectFrom('users').select('id').where('display_name', '=', 'Ada').limit(1),
    );
    expect(ada).toEqual({ id: expect.any(Number), display_name: 'Ada' });
  });

  it('compiles to the text and values of the query built whole around the subquery', () => {
    const { db } = database;
    const ids = idsNamed(['Ada', 'Cai']);
    const whole = db
      .selectFrom('users')
      .select(['id', 'display_name'])
      .where('id', 'in', ids)
      .where('provider', '=', sql.lit('demo'))
      .orderBy('display_name', 'desc')
      .orderBy('id', 'desc')
      .compile();
    const around = usersInOrder.compile(db, 'desc', ids);
    expect(around.sql).toBe(whole.sql);
    expect(around.parameters).toEqual(['Ada', 'Cai']);
    expect(around.parameters).toEqual(whole.parameters);
  });

  it('refuses a query around the subquery twice', async () => {
    const twice = queryAroundSubquery((db, _key: 'any', ids) =>
      db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', sql<number>`(${ids})`)
        .where('id', 'in', sql<number>`(${ids})`),
    );
    await expect(twice(database.db, 'any', idsNamed(['Ada']))).rejects.toThrow('takes it once');
  });

  it('refuses a query around the subquery with values of its own', async () => {
    const withValue = queryAroundSubquery((db, _key: 'any', ids) =>
      db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', sql<number>`(${ids})`)
        .where('provider', '=', 'demo'),
    );
    await expect(withValue(database.db, 'any', idsNamed(['Ada']))).rejects.toThrow(
      'takes no values of its own',
    );
  });
});
