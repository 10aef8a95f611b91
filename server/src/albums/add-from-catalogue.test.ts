import { describe, expect, it } from 'vitest';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';

describe.each(testDatabaseKinds)('adding from the demo catalogue on %s', (kind) => {
  const testApp = useTestApp(kind);
  const user = async () => signIn(testApp().app, uniqueName('Collector'));
  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    testApp().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const find = async (token: string, query: string) => {
    const response = await call(
      'GET',
      `/api/v1/albums/spotify/search?query=${encodeURIComponent(query)}&limit=5`,
      token,
    );
    expect(response.statusCode).toBe(200);
    return response.json().albums;
  };

  it('needs a session and a non-blank query within the limits', async () => {
    expect(
      (await testApp().app.inject({ url: '/api/v1/albums/spotify/search?query=blue' })).statusCode,
    ).toBe(401);
    const token = await user();
    expect(
      (await call('GET', '/api/v1/albums/spotify/search?query=%20%20', token)).statusCode,
    ).toBe(422);
    expect((await call('GET', '/api/v1/albums/spotify/search', token)).statusCode).toBe(422);
    expect(
      (await call('GET', '/api/v1/albums/spotify/search?query=blue&limit=51', token)).statusCode,
    ).toBe(422);
    const long = await call('GET', `/api/v1/albums/spotify/search?query=${'a'.repeat(201)}`, token);
    expect(long.statusCode).toBe(422);
    expect(long.json().detail).toMatch(/query/);
  });

  it('searches the catalogue in Spotify’s shape and marks what is collected', async () => {
    const token = await user();
    const before = await find(token, 'kind of blue');
    expect(before.total).toBeGreaterThan(0);
    const [hit] = before.items;
    expect(hit).toMatchObject({ name: 'Kind of Blue', in_collection: false, collection_id: null });
    expect(hit.artists[0].name).toBe('Miles Davis');
    expect(hit.id).toMatch(/^[A-Za-z0-9]{22}$/);
    const added = await call('POST', '/api/v1/albums', token, { spotify_id: hit.id });
    const [after] = (await find(token, 'kind of blue')).items;
    expect(after).toMatchObject({ in_collection: true, collection_id: added.json().id });
  });

  it('stores a catalogue album complete: every track, its genres, its artists with images', async () => {
    const token = await user();
    const [hit] = (await find(token, 'artist:"the beatles" album:revolver')).items;
    const response = await call('POST', '/api/v1/albums', token, { spotify_id: hit.id });
    expect(response.statusCode).toBe(201);
    const album = response.json();
    expect(album.name).toBe('Revolver');
    expect(album.tracks.length).toBe(album.total_tracks);
    expect(album.tracks.length).toBeGreaterThan(10);
    expect(album.genres.length).toBeGreaterThan(0);
    expect(album.image_url).toMatch(/\/api\/demo\/covers\/[A-Za-z0-9]{22}\.svg$/);
    const artist = (await call('GET', '/api/v1/artists/the-beatles', token)).json();
    expect(artist.image_url).toMatch(/\/api\/demo\/artists\/[A-Za-z0-9]{22}\.svg$/);
  });

  it('stores every disc of a double album', async () => {
    const token = await user();
    const [hit] = (await find(token, 'album:"songs in the key of life"')).items;
    const album = (await call('POST', '/api/v1/albums', token, { spotify_id: hit.id })).json();
    const discs = new Set(album.tracks.map((track: { disc_number: number }) => track.disc_number));
    expect(discs.size).toBeGreaterThan(1);
  });

  it('completes the add-to-folder flow’s short body the same way', async () => {
    const token = await user();
    const [hit] = (await find(token, 'kind of blue')).items;
    const response = await call('POST', '/api/v1/albums', token, {
      spotify_id: hit.id,
      name: hit.name,
      artist: 'Miles Davis',
      image_url: hit.images[0].url,
      spotify_url: hit.external_urls.spotify,
    });
    expect(response.json().tracks.length).toBe(hit.total_tracks);
  });

  it('refuses a second add with 409 and the stored album’s id', async () => {
    const token = await user();
    const [hit] = (await find(token, 'kind of blue')).items;
    const first = await call('POST', '/api/v1/albums', token, { spotify_id: hit.id });
    const second = await call('POST', `/api/v1/search/spotify/add-album/${hit.id}`, token);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ album_id: first.json().id });
  });

  it('answers 404 for an id the service does not know, and stores nothing', async () => {
    const token = await user();
    const unknown = await call('POST', '/api/v1/albums', token, {
      spotify_id: 'zzzzzzzzzzzzzzzzzzzzzz',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(
      'The streaming service has no album with id zzzzzzzzzzzzzzzzzzzzzz.',
    );
    expect((await call('GET', '/api/v1/albums', token)).json()).toEqual([]);
    expect(
      (await call('GET', '/api/v1/albums/spotify/zzzzzzzzzzzzzzzzzzzzzz', token)).statusCode,
    ).toBe(404);
  });

  it('adds through the discovery call and answers album_id and message', async () => {
    const token = await user();
    const [hit] = (await find(token, 'mezzanine')).items;
    const response = await call('POST', `/api/v1/search/spotify/add-album/${hit.id}`, token);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      album_id: expect.any(Number),
      message: `"${hit.name}" was added to your collection.`,
    });
  });

  it('gives one catalogue album with all its tracks', async () => {
    const token = await user();
    const [hit] = (await find(token, 'kind of blue')).items;
    const album = (await call('GET', `/api/v1/albums/spotify/${hit.id}`, token)).json();
    expect(album.tracks.map((track: { name: string }) => track.name)).toContain('So What');
  });

  it('lists new releases for a country, US by default, refusing an unknown code', async () => {
    const token = await user();
    const us = (await call('GET', '/api/v1/search/spotify/new-releases', token)).json();
    expect(us.albums.length).toBeGreaterThan(0);
    expect(us.total).toBeGreaterThanOrEqual(us.albums.length);
    expect(us.took_ms).toBeGreaterThanOrEqual(0);
    expect(us.albums[0]).toMatchObject({
      in_collection: false,
      collection_id: null,
      spotify_id: expect.any(String),
    });
    const added = await call(
      'POST',
      `/api/v1/search/spotify/add-album/${us.albums[0].spotify_id}`,
      token,
    );
    const again = (
      await call('GET', '/api/v1/search/spotify/new-releases?country=us', token)
    ).json();
    const marked = again.albums.find(
      (album: { spotify_id: string }) => album.spotify_id === us.albums[0].spotify_id,
    );
    expect(marked).toMatchObject({ in_collection: true, collection_id: added.json().album_id });
    const bad = await call('GET', '/api/v1/search/spotify/new-releases?country=XX', token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe('country');
  });

  it('serves the demo covers as cacheable SVG', async () => {
    const token = await user();
    const [hit] = (await find(token, 'kind of blue')).items;
    const cover = await testApp().app.inject({ url: new URL(hit.images[0].url).pathname });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toContain('image/svg+xml');
    expect(cover.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(cover.body).toContain('Kind of Blue');
    expect(
      (await testApp().app.inject({ url: '/api/demo/covers/zzzzzzzzzzzzzzzzzzzzzz.svg' }))
        .statusCode,
    ).toBe(404);
  });
});
