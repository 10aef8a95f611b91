import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAlbum, buildFolder, tagAlbum } from '../testing/factories';
import { startFakeMusicBrainz } from '../testing/fake-musicbrainz';
import { bearer, createTestApp, signIn, type TestApp, uniqueName } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';

type Named = { name: string };
const names = (items: Named[]) => items.map((item) => item.name).sort();

describe.each(testDatabaseKinds)('a library that tidies itself on %s', (kind) => {
  let musicBrainz: Awaited<ReturnType<typeof startFakeMusicBrainz>>;
  let testApp: TestApp;
  beforeAll(async () => {
    musicBrainz = await startFakeMusicBrainz([
      { name: 'Modal Jazz', count: 7 },
      { name: 'Jazz', count: 12 },
    ]);
    // The embedded demo streaming service answers the refreshes; MusicBrainz is a loopback fake.
    testApp = await createTestApp(kind, { MUSICBRAINZ_URL: musicBrainz.url });
  });
  afterAll(async () => {
    await testApp.destroy();
    await musicBrainz.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    testApp.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
  const addFromService = async (token: string, name: string): Promise<number> => {
    const search = await call(
      'GET',
      `/albums/spotify/search?query=${encodeURIComponent(name)}`,
      token,
    );
    const hit = search.json().albums.items.find((item: Named) => item.name === name);
    const response = await call('POST', '/albums', token, { spotify_id: hit?.id });
    expect(response.statusCode).toBe(201);
    return response.json().id;
  };
  const album = async (token: string, albumId: number) =>
    (await call('GET', `/albums/${albumId}`, token)).json();
  async function finished(token: string, jobId: number) {
    for (let attempt = 0; attempt < 400; attempt += 1) {
      const job = (await call('GET', `/maintenance/jobs/${jobId}`, token)).json();
      if (job.status !== 'running') return job;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the job never finished');
  }
  /** What an album looks like after the service's data has moved on since it was added. */
  async function makeStale(albumId: number) {
    const { db } = testApp;
    await db
      .updateTable('albums')
      .set({ image_url: 'https://old.example/cover.jpg', total_tracks: 1 })
      .where('id', '=', albumId)
      .execute();
    await db.deleteFrom('tracks').where('album_id', '=', albumId).execute();
    await db
      .deleteFrom('album_genres')
      .where('album_id', '=', albumId)
      .where('source', '!=', 'user')
      .execute();
  }

  it("refreshes an album's cover, tracks and genres, and keeps its corrections, tags, folders and own genres", async () => {
    const token = await signIn(testApp.app, uniqueName('Listener'));
    const albumId = await addFromService(token, 'Kind of Blue');
    const original = await album(token, albumId);
    const folder = await buildFolder(testApp.app, token, { name: uniqueName('Shelf') });
    await call('POST', `/albums/${albumId}/folders/${folder.id}`, token);
    await tagAlbum(testApp.app, token, albumId, 'Keeper');
    await call('POST', `/albums/${albumId}/genres/Late%20Night`, token);
    expect(
      (await call('PUT', `/albums/${albumId}`, token, { name: 'Kind of Blue (my pressing)' }))
        .statusCode,
    ).toBe(200);
    await makeStale(albumId);

    const refreshed = await call('POST', `/albums/${albumId}/refresh`, token);
    expect(refreshed.statusCode).toBe(200);
    const body = refreshed.json();
    expect(body.name).toBe('Kind of Blue (my pressing)');
    expect(body.image_url).toBe(original.image_url);
    expect(body.total_tracks).toBe(original.total_tracks);
    expect(body.tracks.map((track: Named) => track.name)).toEqual(
      original.tracks.map((track: Named) => track.name),
    );
    expect(names(body.genres)).toEqual(['Late Night', ...names(original.genres)].sort());
    expect(names(body.tags)).toEqual(['Keeper']);
    expect(body.folders.map((entry: { id: number }) => entry.id)).toEqual([folder.id]);
  });

  it("answers 404 for another user's album and for one the service no longer has, changing nothing", async () => {
    const token = await signIn(testApp.app, uniqueName('Listener'));
    const other = await signIn(testApp.app, uniqueName('Other'));
    const albumId = await addFromService(token, 'Homogenic');
    await makeStale(albumId);
    const stranger = await call('POST', `/albums/${albumId}/refresh`, other);
    expect(stranger.statusCode).toBe(404);
    expect((await album(token, albumId)).image_url).toBe('https://old.example/cover.jpg');

    const madeUp = await buildAlbum(testApp.app, token, { name: 'Demo Tape', artist: 'Nobody' });
    const gone = await call('POST', `/albums/${madeUp.id}/refresh`, token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().detail).toBe('The streaming service no longer has this album.');
    expect((await album(token, madeUp.id)).name).toBe('Demo Tape');
  });

  it('refreshes the whole collection as a job with progress, counting the albums the service cannot give', async () => {
    const token = await signIn(testApp.app, uniqueName('Listener'));
    const blue = await addFromService(token, 'Kind of Blue');
    const brew = await addFromService(token, 'Bitches Brew');
    const before = await album(token, brew);
    await makeStale(blue);
    await makeStale(brew);
    await call('PUT', `/albums/${brew}`, token, { image_url: null });
    await buildAlbum(testApp.app, token, { name: 'Demo Tape', artist: 'Nobody' });

    const started = await call('POST', '/maintenance/refresh', token);
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ kind: 'metadata-refresh', status: 'running', total: 3 });
    const job = await finished(token, started.json().id);
    expect(job).toMatchObject({ status: 'finished', done: 3, total: 3 });
    expect(job.message).toBe('Refreshed 2 albums; 1 the streaming service could not give.');
    expect((await album(token, blue)).image_url).not.toBe('https://old.example/cover.jpg');
    const refreshedBrew = await album(token, brew);
    expect(refreshedBrew.tracks).toHaveLength(before.tracks.length);
    // The cover the user removed stays removed.
    expect(refreshedBrew.image_url).toBeNull();
  });

  it('merges duplicates into the first one collected, with the tags and folders of both', async () => {
    const token = await signIn(testApp.app, uniqueName('Merge'));
    const first = await buildAlbum(testApp.app, token, { name: 'Blue', artist: 'Joni Mitchell' });
    const second = await buildAlbum(testApp.app, token, { name: 'BLUE', artist: 'joni mitchell' });
    const single = await buildAlbum(testApp.app, token, {
      name: 'Hejira',
      artist: 'Joni Mitchell',
    });
    await tagAlbum(testApp.app, token, first.id, 'Vinyl');
    await tagAlbum(testApp.app, token, second.id, 'Remaster');
    await tagAlbum(testApp.app, token, second.id, 'Vinyl');
    const shelf = await buildFolder(testApp.app, token, { name: 'Shelf' });
    const car = await buildFolder(testApp.app, token, { name: 'Car' });
    await call('POST', `/albums/${first.id}/folders/${shelf.id}`, token);
    await call('POST', `/albums/${second.id}/folders/${car.id}`, token);

    const merged = await call('POST', '/maintenance/fixes/merge-duplicates', token);
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toEqual({ affected: 1 });
    const kept = await album(token, first.id);
    expect(names(kept.tags)).toEqual(['Remaster', 'Vinyl']);
    expect(names(kept.folders)).toEqual(['Car', 'Shelf']);
    expect((await call('GET', `/albums/${second.id}`, token)).statusCode).toBe(404);
    expect((await call('GET', `/albums/${single.id}`, token)).statusCode).toBe(200);
    expect((await call('GET', '/maintenance/report', token)).json().duplicates).toEqual([]);
  });

  it('deletes the empty plain folders and the unused tags of this user only', async () => {
    const token = await signIn(testApp.app, uniqueName('Sweep'));
    const other = await signIn(testApp.app, uniqueName('Bystander'));
    const held = await buildAlbum(testApp.app, token, { name: 'Held', artist: 'Someone' });
    const full = await buildFolder(testApp.app, token, { name: 'Full' });
    await call('POST', `/albums/${held.id}/folders/${full.id}`, token);
    const parent = await buildFolder(testApp.app, token, { name: 'Parent' });
    await buildFolder(testApp.app, token, { name: 'Empty child', parent_id: parent.id });
    await buildFolder(testApp.app, token, { name: 'Empty' });
    const smart = await call('POST', '/folders', token, {
      name: 'Fifties',
      query: 'year:1950..1959',
    });
    expect(smart.statusCode).toBe(201);
    await buildFolder(testApp.app, other, { name: 'Theirs' });
    await tagAlbum(testApp.app, token, held.id, 'Used');
    await call('POST', '/tags', token, { name: 'Unused' });
    await call('POST', '/tags', other, { name: 'Theirs too' });

    const report = (await call('GET', '/maintenance/report', token)).json();
    expect(names(report.empty_folders)).toEqual(['Empty', 'Empty child']);
    const folders = await call('POST', '/maintenance/fixes/delete-empty-folders', token);
    expect(folders.json()).toEqual({ affected: 2 });
    const left: Named[] = (await call('GET', '/folders', token)).json();
    expect(names(left)).toEqual(['Fifties', 'Full', 'Parent']);

    const tags = await call('POST', '/maintenance/fixes/delete-unused-tags', token);
    expect(tags.json()).toEqual({ affected: 1 });
    expect(names((await call('GET', '/tags', token)).json())).toEqual(['Used']);

    expect(names((await call('GET', '/folders', other)).json())).toEqual(['Theirs']);
    expect(names((await call('GET', '/tags', other)).json())).toEqual(['Theirs too']);
  });

  it("looks up genres for albums without any: their artists' first, then MusicBrainz's", async () => {
    const token = await signIn(testApp.app, uniqueName('Genres'));
    await addFromService(token, 'Kind of Blue');
    const sketches = await buildAlbum(testApp.app, token, {
      name: 'Sketches of Spain',
      artist: 'Miles Davis',
    });
    const unknown = await buildAlbum(testApp.app, token, { name: 'Demo Tape', artist: 'Nobody' });
    const started = await call('POST', '/maintenance/fixes/look-up-genres', token);
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ kind: 'genre-lookup', total: 2 });
    const job = await finished(token, started.json().id);
    expect(job).toMatchObject({ status: 'finished', done: 2, added: 2 });
    expect(job.message).toBe('Found genres for 2 albums.');
    // Miles Davis came with genres from the service; Nobody has only MusicBrainz's tags.
    expect(names((await album(token, sketches.id)).genres)).toEqual([
      'cool jazz',
      'hard bop',
      'jazz',
      'modal jazz',
    ]);
    expect(names((await album(token, unknown.id)).genres)).toEqual(['jazz', 'modal jazz']);
    expect(musicBrainz.queries.at(-1)).toBe('releasegroup:"Demo Tape" AND artist:"Nobody"');
    const report = (await call('GET', '/maintenance/report', token)).json();
    expect(report.albums_without_genres.count).toBe(0);
  });

  it('refuses a fix it does not know, and a second job while one runs', async () => {
    const token = await signIn(testApp.app, uniqueName('Refused'));
    const unknown = await call('POST', '/maintenance/fixes/everything', token);
    expect(unknown.statusCode).toBe(422);
    const me = (await call('GET', '/auth/me', token)).json();
    await testApp.db
      .insertInto('jobs')
      .values({
        user_id: me.id,
        kind: 'metadata-refresh',
        status: 'running',
        total: 10,
        started_at: new Date().toISOString(),
        heartbeat_at: new Date().toISOString(),
        finished_at: null,
      })
      .execute();
    const second = await call('POST', '/maintenance/fixes/look-up-genres', token);
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe('A refresh of your albums is already running.');
  });
});
