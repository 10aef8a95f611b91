import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cleanupsAfterEach, temporaryDirectory } from '../testing/cleanups';
import { LOG_BYTES_KEPT, SqliteCheckpoints } from './sqlite-checkpoints';

const afterTest = cleanupsAfterEach();

/** A SQLite file in WAL mode whose log holds 80 MB that no checkpoint has copied yet. */
function fileWithLongLog() {
  const dir = temporaryDirectory(afterTest, 'checkpoints');
  const file = path.join(dir, 'gatefold.sqlite');
  const main = new SQLite(file);
  afterTest(() => {
    main.close();
  });
  main.pragma('journal_mode = WAL');
  main.pragma('wal_autocheckpoint = 0');
  main.exec(`create table burst (chunk blob);
    insert into burst
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 80)
      select zeroblob(1000000) from n`);
  return { file, main, log: `${file}-wal` };
}

describe('checkpoints of a SQLite file on a thread of their own', () => {
  it('holds the writes once, not every second, while a read outlasts the wait to empty the log', async () => {
    const { file, main, log } = fileWithLongLog();
    // A read that began before the log was copied back: emptying the log must wait for it.
    const reader = new SQLite(file, { readonly: true });
    afterTest(() => {
      reader.close();
    });
    reader.exec('begin');
    expect(reader.prepare('select count(*) as n from burst').get()).toEqual({ n: 80 });

    let holds = 0;
    const checkpoints = new SqliteCheckpoints(file, main, (work) => {
      holds += 1;
      return work();
    });
    afterTest(() => checkpoints.close());

    await expect.poll(() => holds, { timeout: 12_000, interval: 50 }).toBe(1);
    // A checkpoint a second: without the pause each would hold the writes again.
    await sleep(2_500);
    expect(holds).toBe(1);
    expect(fs.statSync(log).size).toBeGreaterThan(LOG_BYTES_KEPT);

    reader.exec('commit');
    expect(main.prepare('select count(*) as n from burst').get()).toEqual({ n: 80 });
  });

  it('empties a log past 64 MB once no read holds it, keeping every row', async () => {
    const { file, main, log } = fileWithLongLog();
    let holds = 0;
    const checkpoints = new SqliteCheckpoints(file, main, (work) => {
      holds += 1;
      return work();
    });
    afterTest(() => checkpoints.close());

    await expect.poll(() => fs.statSync(log).size, { timeout: 12_000, interval: 50 }).toBe(0);
    expect(holds).toBe(1);
    expect(main.prepare('select count(*) as n from burst').get()).toEqual({ n: 80 });
  });
});
