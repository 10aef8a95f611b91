import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { libraryResults } from './library-results';

describe('results kept per library version', () => {
  // With the version given, the store never asks the database: any database names the store.
  const db = openDatabase({ kind: 'sqlite', file: ':memory:' });
  afterAll(() => db.destroy());

  /** A store of two, and how often each key was computed. */
  function twoKept() {
    const kept = libraryResults<string>(2);
    const computed: string[] = [];
    const ask = (key: string, version: string, moment?: string) =>
      kept(
        db,
        1,
        key,
        async () => {
          computed.push(`${key}@${version}@${moment ?? ''}`);
          return `${key} at ${version}`;
        },
        version,
        moment,
      );
    return { ask, computed };
  }

  it('computes a result once for a version and again once the version moves', async () => {
    const { ask, computed } = twoKept();
    expect(await ask('blue', '1.1')).toBe('blue at 1.1');
    await ask('blue', '1.1');
    await ask('blue', '2.1');
    expect(computed).toEqual(['blue@1.1@', 'blue@2.1@']);
  });

  it('replaces a result of an earlier moment rather than keeping it beside the new one', async () => {
    const { ask, computed } = twoKept();
    await ask('trending', '1.1', '10:00');
    await ask('stats', '1.1', '10:00');
    await ask('trending', '1.1', '10:01');
    await ask('trending', '1.1', '10:02');
    // Had each minute been an entry of its own, the minutes would have pushed "stats" out.
    await ask('stats', '1.1', '10:00');
    expect(computed).toEqual([
      'trending@1.1@10:00',
      'stats@1.1@10:00',
      'trending@1.1@10:01',
      'trending@1.1@10:02',
    ]);
  });
});
