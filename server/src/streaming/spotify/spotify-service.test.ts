import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors';
import { startFakeSpotify } from '../../testing/fake-spotify';
import { fixtureStreamingService } from '../../testing/fixture-catalogue';
import { loadDemoCatalogue } from '../demo/catalogue-data';
import { DemoCatalogue } from '../demo/demo-catalogue';
import { DemoStreamingService } from '../demo/demo-service';
import { SpotifyHttp } from './spotify-http';
import { SpotifyStreamingService } from './spotify-service';

describe('the Spotify adapter under 2026 rules and failures', () => {
  let fake: Awaited<ReturnType<typeof startFakeSpotify>>;
  const catalogue = fixtureStreamingService();
  const adapter = (options: { timeoutMs?: number; maxRetryAfterMs?: number } = {}) =>
    new SpotifyStreamingService(
      new SpotifyHttp({
        apiUrl: fake.environment.SPOTIFY_API_URL,
        accountsUrl: fake.environment.SPOTIFY_ACCOUNTS_URL,
        clientId: fake.environment.SPOTIFY_CLIENT_ID,
        clientSecret: fake.environment.SPOTIFY_CLIENT_SECRET,
        ...options,
      }),
      'US',
    );
  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!(error instanceof HttpError))
      throw new Error(`expected an HttpError, got ${String(error)}`);
    return error;
  };
  const albumId = async () =>
    (await catalogue.searchAlbums('kind of blue', { limit: 1, offset: 0 })).items[0]?.id ?? '';

  beforeAll(async () => {
    fake = await startFakeSpotify({ catalogue });
  });
  afterAll(async () => fake.close());
  beforeEach(() => {
    fake.seen.apiCalls.length = 0;
  });

  it('gathers a page of 20 from two searches of ten, as Development Mode allows', async () => {
    const full = await startFakeSpotify({
      catalogue: new DemoStreamingService(
        new DemoCatalogue(loadDemoCatalogue(), 'http://x'),
        'http://x',
      ),
    });
    const spotify = new SpotifyStreamingService(
      new SpotifyHttp({
        apiUrl: full.environment.SPOTIFY_API_URL,
        accountsUrl: full.environment.SPOTIFY_ACCOUNTS_URL,
        clientId: full.environment.SPOTIFY_CLIENT_ID,
        clientSecret: full.environment.SPOTIFY_CLIENT_SECRET,
      }),
      'US',
    );
    const page = await spotify.searchAlbums('year:1960-1999', { limit: 20, offset: 5 });
    await full.close();
    expect(page.items).toHaveLength(20);
    expect(page.total).toBeGreaterThan(25);
    const searches = full.seen.apiCalls.map(
      (call) => new URL(call.split(' ')[1] ?? '', 'http://x').searchParams,
    );
    expect(searches.map((query) => [query.get('offset'), query.get('limit')])).toEqual([
      ['5', '10'],
      ['15', '10'],
    ]);
  });

  it('gets an app token once and reuses it until it nears expiry', async () => {
    const spotify = adapter();
    const before = fake.seen.clientTokens;
    await spotify.getArtist(
      (await catalogue.searchAlbums('homogenic', { limit: 1, offset: 0 })).items[0]?.artists[0]
        ?.id ?? '',
    );
    await spotify.searchAlbums('blue', { limit: 5, offset: 0 });
    await spotify.searchAlbums('jazz', { limit: 5, offset: 0 });
    expect(fake.seen.clientTokens - before).toBe(1);
  });

  it('follows every page of a long album’s tracks', async () => {
    const [long] = (await catalogue.searchAlbums('complete sessions', { limit: 1, offset: 0 }))
      .items;
    const album = await adapter().getAlbum(long?.id ?? '');
    expect(album?.tracks).toHaveLength(60);
    expect(
      fake.seen.apiCalls.some((call) => call.includes('/tracks?') && call.includes('offset=50')),
    ).toBe(true);
  });

  it('caches albums and artists, so a second look costs no call', async () => {
    const spotify = adapter();
    const id = await albumId();
    await spotify.getAlbum(id);
    const calls = fake.seen.apiCalls.length;
    await spotify.getAlbum(id);
    expect(fake.seen.apiCalls.length).toBe(calls);
  });

  it('waits out a 429 with Retry-After and tries again', async () => {
    fake.fail({ status: 429, retryAfter: 0 });
    const album = await adapter().getAlbum(await albumId());
    expect(album?.name).toBe('Kind of Blue');
  });

  it('gives up at once, with a detail, when Retry-After is longer than it will wait', async () => {
    fake.fail({ status: 429, retryAfter: 120 });
    const error = await failure(adapter({ maxRetryAfterMs: 5000 }).getAlbum(await albumId()));
    expect(error.statusCode).toBe(502);
    expect(error.detail).toMatch(/busy/);
  });

  it('holds every call, not only the refused one, until Retry-After has passed', async () => {
    const spotify = adapter();
    const id = await albumId();
    const before = fake.seen.apiCalls.length;
    fake.fail({ status: 429, retryAfter: 1 });
    const started = Date.now();
    const refused = spotify.getAlbum(id);
    await expect.poll(() => fake.seen.apiCalls.length).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const held = spotify.searchAlbums('blue', { limit: 5, offset: 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Only the refused call has reached Spotify: the search waits with it.
    expect(fake.seen.apiCalls.length).toBe(before + 1);
    expect((await refused)?.name).toBe('Kind of Blue');
    expect((await held).items.length).toBeGreaterThan(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('retries a server error with backoff, and reports 502 when it persists', async () => {
    fake.fail({ status: 503 });
    expect((await adapter().getAlbum(await albumId()))?.name).toBe('Kind of Blue');
    fake.fail({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    const error = await failure(adapter().getAlbum(await albumId()));
    expect(error.statusCode).toBe(502);
    expect(error.detail).toBe('The streaming service failed (status 500). Please try again.');
  });

  it('refuses a malformed answer instead of using it', async () => {
    fake.fail({ malformed: true });
    const error = await failure(adapter().searchAlbums('blue', { limit: 5, offset: 0 }));
    expect(error.statusCode).toBe(502);
    expect(error.detail).toBe('The streaming service sent data we could not read.');
  });

  it('turns a slow answer into 504', async () => {
    fake.fail({ delayMs: 800 });
    const error = await failure(adapter({ timeoutMs: 200 }).getAlbum(await albumId()));
    expect(error.statusCode).toBe(504);
    expect(error.detail).toMatch(/did not answer in time/);
  });

  it('reads the saved albums with the user’s own token, not the app’s', async () => {
    const token = fake.userToken();
    const saved = await adapter().savedAlbums(
      { providerUserId: 'spotify-ada', accessToken: async () => token },
      { limit: 3, offset: 0 },
    );
    expect(saved.items).toHaveLength(3);
    expect(fake.seen.bearers.at(-1)).toBe(token);
    expect(fake.seen.apiCalls.at(-1)).toMatch(/^GET \/v1\/me\/albums\?limit=3/);
  });
});
