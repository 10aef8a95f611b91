import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSpotify } from '../testing/fake-spotify';
import { fixtureStreamingService } from '../testing/fixture-catalogue';
import type { LibraryAccount, StreamingService } from './port';
import { SpotifyHttp } from './spotify/spotify-http';
import { SpotifyStreamingService } from './spotify/spotify-service';

type Adapter = { service: StreamingService; account: LibraryAccount; close(): Promise<void> };

const adapters: [string, () => Promise<Adapter>][] = [
  [
    'the demo service',
    async () => ({
      service: fixtureStreamingService(),
      account: { providerUserId: 'ada', accessToken: async () => 'not needed' },
      close: async () => {},
    }),
  ],
  [
    'the Spotify adapter against its loopback fake',
    async () => {
      const fake = await startFakeSpotify({ catalogue: fixtureStreamingService() });
      const http = new SpotifyHttp({
        apiUrl: fake.environment.SPOTIFY_API_URL,
        accountsUrl: fake.environment.SPOTIFY_ACCOUNTS_URL,
        clientId: fake.environment.SPOTIFY_CLIENT_ID,
        clientSecret: fake.environment.SPOTIFY_CLIENT_SECRET,
      });
      const token = fake.userToken();
      return {
        service: new SpotifyStreamingService(http, 'US'),
        account: { providerUserId: 'spotify-ada', accessToken: async () => token },
        close: fake.close,
      };
    },
  ],
];

describe.each(adapters)('the streaming port through %s', (_name, start) => {
  let adapter: Adapter;
  beforeAll(async () => {
    adapter = await start();
  });
  afterAll(async () => adapter.close());
  const names = async (query: string, limit = 20, offset = 0) =>
    (await adapter.service.searchAlbums(query, { limit, offset })).items.map((album) => album.name);

  it('finds albums by free text over album and artist names, accents folded', async () => {
    expect((await names('blue')).sort()).toEqual(['Blue Lines', 'Kind of Blue']);
    expect(await names('bjork')).toEqual(['Homogenic']);
    expect(await names('kanye throne')).toEqual(['Watch the Throne']);
  });

  it('applies the artist:, album:, year: and genre: filters', async () => {
    expect(await names('artist:"Miles Davis"')).toEqual(['Kind of Blue']);
    expect(await names('album:homogenic')).toEqual(['Homogenic']);
    expect((await names('year:1990-1999')).sort()).toEqual([
      'Blue Lines',
      'Homogenic',
      'Ágætis byrjun',
    ]);
    expect(await names('year:1959')).toEqual(['Kind of Blue']);
    expect(await names('genre:"trip hop"')).toEqual(['Blue Lines']);
  });

  it('answers in Spotify’s shape with paging, total and next', async () => {
    const page = await adapter.service.searchAlbums('year:1950-2030', { limit: 2, offset: 1 });
    expect(page.total).toBe(6);
    expect(page.items).toHaveLength(2);
    expect(page.offset).toBe(1);
    expect(page.next).not.toBeNull();
    const album = page.items[0];
    expect(album?.id).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(album?.images[0]?.url).toMatch(/^https?:\/\//);
    expect(album?.external_urls.spotify).toMatch(/^https:\/\/open\.spotify\.com\//);
    const last = await adapter.service.searchAlbums('year:1950-2030', { limit: 20, offset: 0 });
    expect(last.items).toHaveLength(6);
    expect(last.next).toBeNull();
  });

  it('gives one album with every track on every disc, in order', async () => {
    const [hit] = (await adapter.service.searchAlbums('complete sessions', { limit: 1, offset: 0 }))
      .items;
    const album = await adapter.service.getAlbum(hit?.id ?? '');
    expect(album?.tracks).toHaveLength(60);
    expect(album?.tracks[35]).toMatchObject({ name: 'Outtake 1', disc_number: 2, track_number: 1 });
    expect(album?.release_date_precision).toBe('day');
    expect(album?.album_type).toBe('compilation');
  });

  it('credits every artist of an album and of a track', async () => {
    const [hit] = (await adapter.service.searchAlbums('watch the throne', { limit: 1, offset: 0 }))
      .items;
    expect(hit?.artists.map((artist) => artist.name)).toEqual(['JAY-Z', 'Kanye West']);
    const album = await adapter.service.getAlbum(hit?.id ?? '');
    expect(album?.tracks[0]?.artists.map((artist) => artist.name)).toEqual([
      'JAY-Z',
      'Kanye West',
      'Frank Ocean',
    ]);
    const artist = await adapter.service.getArtist(hit?.artists[1]?.id ?? '');
    expect(artist).toMatchObject({ name: 'Kanye West' });
    expect(artist?.images[0]?.url).toMatch(/^https?:\/\//);
  });

  it('knows nothing of an unknown album or artist', async () => {
    expect(await adapter.service.getAlbum('0000000000000000000000')).toBeUndefined();
    expect(await adapter.service.getArtist('0000000000000000000000')).toBeUndefined();
  });

  it('lists new releases for a country', async () => {
    const releases = await adapter.service.newReleases('GB', { limit: 10, offset: 0 });
    expect(releases.items.map((album) => album.name)).toContain('The Complete Sessions');
  });

  it('reads the signed-in account’s saved albums with the date each was saved', async () => {
    const saved = await adapter.service.savedAlbums(adapter.account, { limit: 5, offset: 0 });
    expect(saved.items.length).toBeGreaterThan(0);
    expect(Date.parse(saved.items[0]?.added_at ?? '')).not.toBeNaN();
  });
});
