import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { KeptStatements } from './kept-statements';

describe('statements kept by a SQLite connection', () => {
  const opened: SQLite.Database[] = [];
  afterEach(() => {
    for (const connection of opened.splice(0)) if (connection.open) connection.close();
  });

  function connection() {
    const sqlite = new SQLite(':memory:');
    opened.push(sqlite);
    sqlite.exec('create table numbers (n integer primary key)');
    sqlite.exec('insert into numbers (n) values (1), (2), (3)');
    return sqlite;
  }

  it('prepares a text once and gives the same statement again', () => {
    const kept = new KeptStatements(connection());
    const first = kept.prepare('select n from numbers order by n');
    expect(kept.prepare('select n from numbers order by n')).toBe(first);
    expect(first.all()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('prepares a text afresh while its kept statement is still stepping through rows', () => {
    const kept = new KeptStatements(connection());
    const text = 'select n from numbers order by n';
    const rows = kept.prepare(text).iterate();
    expect(rows.next().value).toEqual({ n: 1 });
    const second = kept.prepare(text);
    expect(second.all()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect([...rows]).toEqual([{ n: 2 }, { n: 3 }]);
    // Once the rows are read, the kept statement serves again.
    expect(kept.prepare(text)).not.toBe(second);
    expect(kept.prepare(text).all()).toHaveLength(3);
  });

  it('lets the least recently used statement go past 256 texts', () => {
    const kept = new KeptStatements(connection());
    const first = kept.prepare('select 0 as n');
    const second = kept.prepare('select 1 as n');
    for (let i = 2; i < 256; i += 1) kept.prepare(`select ${i} as n`);
    // Used again, the first is now the most recent: the second goes when a new text comes.
    expect(kept.prepare('select 0 as n')).toBe(first);
    kept.prepare('select 256 as n');
    expect(kept.prepare('select 0 as n')).toBe(first);
    expect(kept.prepare('select 1 as n')).not.toBe(second);
  });

  it('prepares a text of more than 100 parameters each time, as a large insert is', () => {
    const kept = new KeptStatements(connection());
    const insert = (count: number) =>
      `insert into numbers (n) values ${Array.from({ length: count }, () => '(?)').join(', ')}`;
    expect(kept.prepare(insert(100))).toBe(kept.prepare(insert(100)));
    expect(kept.prepare(insert(101))).not.toBe(kept.prepare(insert(101)));
  });

  it('sees rows written after its statements were prepared, and a table changed since', async () => {
    const sqlite = connection();
    const db = new Kysely<{ numbers: { n: number } }>({
      dialect: new SqliteDialect({ database: new KeptStatements(sqlite).forKysely() }),
    });
    const count = () =>
      db
        .selectFrom('numbers')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .execute();
    expect(await count()).toEqual([{ count: 3 }]);
    await db.insertInto('numbers').values({ n: 4 }).execute();
    await db.insertInto('numbers').values({ n: 5 }).execute();
    expect(await count()).toEqual([{ count: 5 }]);
    const five = () => db.selectFrom('numbers').selectAll().where('n', '=', 5).execute();
    expect(await five()).toEqual([{ n: 5 }]);
    await sql`alter table numbers add column word text`.execute(db);
    await sql`update numbers set word = 'five' where n = 5`.execute(db);
    expect(await five()).toEqual([{ n: 5, word: 'five' }]);
    await db.destroy();
    expect(sqlite.open).toBe(false);
  });
});
