import { afterEach, describe, expect, it } from 'vitest';
import { startFakeMusicBrainz } from '../testing/fake-musicbrainz';
import { musicBrainzClient, requestSpacing } from './musicbrainz-client';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const SPACING_MS = 300;
/** Calls are spaced when they start; their arrival also waits on a connection being opened. */
const JITTER_MS = 60;

async function fakeAndClient() {
  const fake = await startFakeMusicBrainz([]);
  closers.push(fake.close);
  return { fake, client: musicBrainzClient(fake.url, 'Gatefold/test', requestSpacing(SPACING_MS)) };
}

const gaps = (times: number[]) => times.slice(1).map((time, i) => time - (times[i] ?? time));

describe('the MusicBrainz client', () => {
  it('spaces the calls of all its users, one at a time in the order asked', async () => {
    const { fake, client } = await fakeAndClient();
    const forever = new AbortController().signal;
    // A first call opens the connection, so that the arrivals measured are the calls' spacing.
    await client.getJson('/release?query=warm', forever);
    await Promise.all(
      ['/release-group?query=a', '/release?query=b', '/release-group?query=c'].map((path) =>
        client.getJson(path, forever),
      ),
    );
    expect(fake.queries).toEqual(['warm', 'a', 'b', 'c']);
    for (const gap of gaps(fake.arrivals.slice(1)))
      expect(gap).toBeGreaterThanOrEqual(SPACING_MS - JITTER_MS);
  });

  it('gives up the turn of a call whose signal ends while it waits, using no slot', async () => {
    const { fake, client } = await fakeAndClient();
    const forever = new AbortController().signal;
    const first = client.getJson('/release?query=first', forever);
    const gaveUp = client.getJson('/release?query=gave-up', AbortSignal.timeout(SPACING_MS / 3));
    const last = client.getJson('/release?query=last', forever);
    expect(await gaveUp).toBeUndefined();
    await Promise.all([first, last]);
    expect(fake.queries).toEqual(['first', 'last']);
    // The last call's spacing counts from the first call, the last one made, not a slot given up.
    const [gap] = gaps(fake.arrivals);
    expect(gap).toBeGreaterThanOrEqual(SPACING_MS - JITTER_MS);
    expect(gap).toBeLessThan(SPACING_MS * 1.5);
  });
});
