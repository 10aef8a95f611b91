import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSpotify } from '../testing/fake-spotify';
import { fixtureStreamingService } from '../testing/fixture-catalogue';
import { bearer, createTestApp, signInWithSpotify, type TestApp } from '../testing/test-app';

describe('importing a Spotify library (a loopback fake)', () => {
  let fake: Awaited<ReturnType<typeof startFakeSpotify>>;
  let testApp: TestApp;

  beforeAll(async () => {
    fake = await startFakeSpotify({ catalogue: fixtureStreamingService() });
    testApp = await createTestApp('sqlite', fake.environment);
  });
  afterAll(async () => {
    await testApp.destroy();
    await fake.close();
  });

  it('reads the saved albums with the user’s own token, renewed when it has run out, and adds them all', async () => {
    const token = await signInWithSpotify(testApp.app);
    // The access token from sign-in has run out; the import must renew it first.
    await testApp.db
      .updateTable('users')
      .set({ streaming_token_expires_at: new Date(0).toISOString() })
      .execute();
    const refreshesBefore = fake.seen.refreshes;
    const started = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/maintenance/library-import',
      headers: bearer(token),
    });
    expect(started.statusCode).toBe(202);
    let job = started.json();
    for (let attempt = 0; attempt < 200 && job.status === 'running'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = (
        await testApp.app.inject({
          url: `/api/v1/maintenance/jobs/${job.id}`,
          headers: bearer(token),
        })
      ).json();
    }
    expect(job).toMatchObject({ status: 'finished', total: 6, done: 6, added: 6 });
    expect(fake.seen.refreshes).toBe(refreshesBefore + 1);
    expect(
      fake.seen.apiCalls.some((call) => call.startsWith('GET /v1/me/albums?limit=50&offset=0')),
    ).toBe(true);
    const albums = await testApp.app.inject({ url: '/api/v1/albums', headers: bearer(token) });
    expect(albums.headers['x-total-count']).toBe('6');
  });
});
