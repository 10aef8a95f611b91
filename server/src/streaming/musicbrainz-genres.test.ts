import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeMusicBrainz } from '../testing/fake-musicbrainz';
import { listenOnLoopback } from '../testing/loopback';
import { musicBrainzClient } from './musicbrainz-client';
import { musicBrainzGenres } from './musicbrainz-genres';

const genresFrom = (url: string, timeoutMs?: number) =>
  musicBrainzGenres(musicBrainzClient(url, 'Gatefold/test'), timeoutMs);

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('genres from MusicBrainz', () => {
  it('takes the used tags of the best match, most used first, lower case, at most five', async () => {
    const fake = await startFakeMusicBrainz(
      ['Rock', 'Pop', 'Art Rock', 'Psychedelic', 'Baroque Pop', 'Sixties'].map((name, i) => ({
        name,
        count: 10 - i,
      })),
    );
    closers.push(fake.close);
    const genres = await genresFrom(fake.url).genresFor('The Beatles', 'Revolver');
    expect(genres).toEqual(['rock', 'pop', 'art rock', 'psychedelic', 'baroque pop']);
  });

  it('yields nothing when MusicBrainz fails, is unreachable or is slow, without throwing', async () => {
    const failing = await startFakeMusicBrainz([{ name: 'Rock', count: 3 }], 503);
    closers.push(failing.close);
    expect(await genresFrom(failing.url).genresFor('A', 'B')).toEqual([]);
    expect(await genresFrom('http://127.0.0.1:9/ws/2').genresFor('A', 'B')).toEqual([]);

    const slow = http.createServer(() => {});
    const port = await listenOnLoopback(slow);
    closers.push(() => new Promise((resolve) => slow.close(() => resolve()).closeAllConnections()));
    const started = Date.now();
    expect(await genresFrom(`http://127.0.0.1:${port}/ws/2`, 300).genresFor('A', 'B')).toEqual([]);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('escapes the search syntax in names', async () => {
    const fake = await startFakeMusicBrainz([]);
    closers.push(fake.close);
    await genresFrom(fake.url).genresFor('AC/DC', 'Back in Black: "Live"');
    expect(fake.queries[0]).toBe('releasegroup:"Back in Black\\: \\"Live\\"" AND artist:"AC\\/DC"');
  });
});
