import { Readable } from 'node:stream';
import { MAX_FOLDER_DEPTH } from '@gatefold/contract/folders';
import { collectionExport, MAX_IMPORT_BYTES } from '@gatefold/contract/maintenance';
import { describe, expect, it } from 'vitest';
import { buildAlbum, importFile, shelfExport, tagAlbum } from '../testing/factories';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKindsWithReaders } from '../testing/test-database';
import { claimJob } from './jobs';

describe.each(testDatabaseKindsWithReaders)('library maintenance on %s', (kind) => {
  const testApp = useTestApp(kind);
  const user = async () => signIn(testApp().app, uniqueName('Tidy'));
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    testApp().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const userId = async (token: string) => (await call('GET', '/api/v1/auth/me', token)).json().id;

  async function finished(token: string, jobId: number) {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const job = (await call('GET', `/api/v1/maintenance/jobs/${jobId}`, token)).json();
      if (job.status !== 'running') return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the job never finished');
  }

  it('refuses every maintenance call without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/maintenance/report'],
      ['GET', '/api/v1/maintenance/export'],
      ['POST', '/api/v1/maintenance/import'],
      ['POST', '/api/v1/maintenance/library-import'],
      ['GET', '/api/v1/maintenance/jobs/1'],
      ['DELETE', '/api/v1/maintenance/account'],
    ] as const) {
      expect((await testApp().app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(
        401,
      );
    }
  });

  it('imports the saved albums of the streaming library, reporting progress, and skips them the second time', async () => {
    const token = await user();
    const started = await call('POST', '/api/v1/maintenance/library-import', token);
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ status: 'running', kind: 'library-import' });
    const job = await finished(token, started.json().id);
    expect(job).toMatchObject({ status: 'finished', done: 36, total: 36, added: 36 });
    expect(job.message).toBe('Added 36 albums; 0 already in your collection.');
    const albums = await call('GET', '/api/v1/albums?limit=200', token);
    expect(albums.headers['x-total-count']).toBe('36');
    // Each album keeps the date it was saved in the library.
    expect(
      albums.json().every((album: { added_at: string }) => album.added_at < '2026-01-02'),
    ).toBe(true);
    expect(albums.json()[0].tracks).toBeUndefined();

    const again = await finished(
      token,
      (await call('POST', '/api/v1/maintenance/library-import', token)).json().id,
    );
    expect(again).toMatchObject({
      added: 0,
      message: 'Added 0 albums; 36 already in your collection.',
    });
  });

  it('runs one library import at a time per user, and hides jobs from other users', async () => {
    const token = await user();
    const { db } = testApp();
    const running = await db
      .insertInto('jobs')
      .values({
        user_id: await userId(token),
        kind: 'library-import',
        status: 'running',
        total: null,
        started_at: new Date().toISOString(),
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const second = await call('POST', '/api/v1/maintenance/library-import', token);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ job_id: running.id });
    expect(
      (await call('GET', `/api/v1/maintenance/jobs/${running.id}`, await user())).statusCode,
    ).toBe(404);
  });

  const runningJob = async (token: string, ages: { startedMs: number; beatMs: number }) =>
    testApp()
      .db.insertInto('jobs')
      .values({
        user_id: await userId(token),
        kind: 'library-import',
        status: 'running',
        total: 36,
        started_at: new Date(Date.now() - ages.startedMs).toISOString(),
        heartbeat_at: new Date(Date.now() - ages.beatMs).toISOString(),
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('lets a long import that is still beating go on, however long ago it started', async () => {
    const token = await user();
    const long = await runningJob(token, { startedMs: 3 * 60 * 60_000, beatMs: 10_000 });
    const second = await call('POST', '/api/v1/maintenance/library-import', token);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ job_id: long.id });
  });

  it('starts one import when two are asked for at once', async () => {
    const token = await user();
    const userId = (await call('GET', '/api/v1/auth/me', token)).json().id;
    // The claims alone, so that no job can finish before the second is asked for.
    const claims = await Promise.allSettled([
      claimJob(testApp().db, userId, 'library-import', 'test'),
      claimJob(testApp().db, userId, 'collection-import', 'test'),
    ]);
    expect(claims.map((claim) => claim.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = claims.find((claim) => claim.status === 'rejected');
    expect(refused?.reason).toMatchObject({ statusCode: 409 });
  });

  it('reports duplicates, albums without genres, empty folders and unused tags', async () => {
    const token = await user();
    const { app } = testApp();
    await buildAlbum(app, token, { name: 'Rumours', artist: 'Fleetwood Mac', genres: ['rock'] });
    await buildAlbum(app, token, { name: 'RUMOURS', artist: 'fleetwood mac', genres: ['rock'] });
    const bare = await buildAlbum(app, token, { name: 'Untitled', artist: 'Nobody' });
    await call('POST', '/api/v1/folders', token, { name: 'Empty shelf' });
    const full = (await call('POST', '/api/v1/folders', token, { name: 'Full shelf' })).json();
    await call('POST', `/api/v1/albums/${bare.id}/folders/${full.id}`, token);
    await call('POST', '/api/v1/tags', token, { name: 'Never used' });
    await tagAlbum(app, token, bare.id, 'Used');
    const report = (await call('GET', '/api/v1/maintenance/report', token)).json();
    expect(report.duplicates).toHaveLength(1);
    expect(report.duplicates[0].albums).toHaveLength(2);
    expect(report.albums_without_genres).toMatchObject({
      count: 1,
      albums: [{ id: bare.id, name: 'Untitled' }],
    });
    expect(report.empty_folders.map((f: { name: string }) => f.name)).toEqual(['Empty shelf']);
    expect(report.unused_tags.map((t: { name: string }) => t.name)).toEqual(['Never used']);
  });

  it('lists the albums without genres by name regardless of case', async () => {
    const token = await user();
    const { app } = testApp();
    for (const name of ['beta', 'Charlie', 'Alpha']) await buildAlbum(app, token, { name });
    const report = (await call('GET', '/api/v1/maintenance/report', token)).json();
    expect(report.albums_without_genres.albums.map((a: { name: string }) => a.name)).toEqual([
      'Alpha',
      'beta',
      'Charlie',
    ]);
  });

  it('takes albums alike but for case, in any script, as duplicates, and nothing more', async () => {
    const token = await user();
    const { app } = testApp();
    const albums = [
      ['Été', 'Zaz'],
      ['ÉTÉ', 'ZAZ'],
      ['Straße', 'Band'],
      ['STRASSE', 'band'],
      ['Live', 'Band'],
      ['Live!', 'Band'],
      ['Homogenic', 'Bjork'],
      ['Homogenic', 'Björk'],
    ];
    for (const [name, artist] of albums) await buildAlbum(app, token, { name, artist });
    const report = (await call('GET', '/api/v1/maintenance/report', token)).json();
    const groups = report.duplicates.map((group: { albums: { name: string }[] }) =>
      group.albums.map((album) => album.name),
    );
    expect(groups).toEqual([
      ['Straße', 'STRASSE'],
      ['Été', 'ÉTÉ'],
    ]);
  });

  it('lists duplicates, empty folders and unused tags by name regardless of case and accents', async () => {
    const token = await user();
    const { app } = testApp();
    for (const artist of ['Zappa', 'Édith Piaf', 'Abba']) {
      for (const name of ['Live', 'LIVE']) await buildAlbum(app, token, { name, artist });
    }
    for (const name of ['Zed', 'Été', 'alpha']) {
      await call('POST', '/api/v1/folders', token, { name });
      await call('POST', '/api/v1/tags', token, { name });
    }
    const report = (await call('GET', '/api/v1/maintenance/report', token)).json();
    const names = (items: { name: string }[]) => items.map((item) => item.name);
    expect(report.duplicates.map((group: { artist: string }) => group.artist)).toEqual([
      'Abba',
      'Édith Piaf',
      'Zappa',
    ]);
    expect(names(report.empty_folders)).toEqual(['alpha', 'Été', 'Zed']);
    expect(names(report.unused_tags)).toEqual(['alpha', 'Été', 'Zed']);
  });

  it('exports the collection and imports it into another account, nested folders, tags and all', async () => {
    const { app } = testApp();
    const source = await user();
    const parent = (await call('POST', '/api/v1/folders', source, { name: 'Jazz' })).json();
    const child = (
      await call('POST', '/api/v1/folders', source, { name: 'Bebop', parent_id: parent.id })
    ).json();
    const album = await buildAlbum(app, source, {
      name: 'Bird and Diz',
      artist: 'Charlie Parker',
      release_date: '1952',
      genres: ['bebop'],
      tracks: [
        {
          name: 'Bloomdido',
          artist: 'Charlie Parker',
          track_number: 1,
          disc_number: 1,
          duration_ms: 205_000,
        },
      ],
    });
    await call('POST', `/api/v1/albums/${album.id}/folders/${child.id}`, source);
    await tagAlbum(app, source, album.id, 'Classics');
    const exported = await call('GET', '/api/v1/maintenance/export', source);
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="gatefold-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const document = exported.json();
    expect(document).toMatchObject({ format: 'gatefold-export', version: 1 });

    const target = await user();
    const imported = await importFile(testApp().app, target, document);
    expect(imported).toMatchObject({
      kind: 'collection-import',
      status: 'finished',
      done: 1,
      total: 1,
      added: 1,
      message: 'Imported 1 albums (0 already here), 1 tags and 2 folders.',
    });
    const [copy] = (await call('GET', '/api/v1/albums', target)).json();
    const detail = (await call('GET', `/api/v1/albums/${copy.id}`, target)).json();
    expect(detail).toMatchObject({
      name: 'Bird and Diz',
      release_date: '1952',
      added_at: album.added_at,
    });
    expect(detail.tags.map((t: { name: string }) => t.name)).toEqual(['Classics']);
    expect(detail.genres.map((g: { name: string }) => g.name)).toEqual(['bebop']);
    expect(detail.tracks.map((t: { name: string }) => t.name)).toEqual(['Bloomdido']);
    const folder = (await call('GET', `/api/v1/folders/${detail.folders[0].id}`, target)).json();
    expect(folder).toMatchObject({ name: 'Bebop', ancestors: [{ name: 'Jazz' }] });

    const twice = await importFile(testApp().app, target, document);
    expect(twice.message).toMatch(/^Imported 0 albums \(1 already here\), 0 tags/);
  });

  it('exports more albums than it reads at a time, each once and whole, as JSON and as CSV', async () => {
    const token = await user();
    const shelf = shelfExport('Stack', 1_050);
    expect((await importFile(testApp().app, token, shelf)).status).toBe('finished');
    const exported = await call('GET', '/api/v1/maintenance/export', token);
    const document = collectionExport.parse(exported.json());
    const [folder] = document.folders;
    expect(document.albums).toHaveLength(1_050);
    // Added at one moment, so the order is the albums' ids, which follow the file's.
    expect(document.albums.map((album) => album.spotify_id)).toEqual(
      shelf.albums.map((album) => album.spotify_id),
    );
    for (const album of document.albums) {
      expect(album).toMatchObject({
        tags: ['Stack'],
        genres: ['Stack Pop'],
        folder_keys: [folder?.key],
      });
      expect(album.tracks.map((track) => track.name)).toEqual(['Side 1', 'Side 2']);
    }
    const csv = await call('GET', '/api/v1/maintenance/export?format=csv', token);
    const rows = csv.body.split('\r\n');
    expect(rows).toHaveLength(1_052);
    expect(rows[1_050]).toMatch(/^Stack 1050,Stack Players,1999,2,.*,Stack,Stack Pop,Stack,$/);
    expect(rows.at(-1)).toBe('');
  });

  it('imports more albums than one batch holds, each with its tracks, tags, artists and folders', async () => {
    const token = await user();
    const count = 620;
    const folders = Array.from({ length: MAX_FOLDER_DEPTH }, (_, key) => ({
      key,
      // A chain: each folder inside the one before, listed deepest first.
      parent_key: key === 0 ? null : key - 1,
      name: `Level ${key}`,
      description: null,
      image_url: null,
      sort_order: 0,
    })).reverse();
    const albums = Array.from({ length: count }, (_, i) => ({
      spotify_id: `imported${i}`,
      name: `Album ${i}`,
      artist: `Artist ${i % 40}`,
      release_date: '1999',
      total_tracks: 2,
      image_url: null,
      spotify_url: null,
      added_at: new Date(Date.UTC(2020, 0, 1, 0, 0, i)).toISOString(),
      tags: [i % 2 === 0 ? 'Even' : 'Odd'],
      genres: ['Ambient'],
      folder_keys: [i % MAX_FOLDER_DEPTH],
      tracks: [1, 2].map((n) => ({
        name: `Track ${n}`,
        artist: `Artist ${i % 40}`,
        track_number: n,
        disc_number: 1,
        duration_ms: 60_000,
        spotify_url: null,
      })),
    }));
    const document = {
      format: 'gatefold-export',
      version: 1,
      exported_at: new Date().toISOString(),
      tags: [
        { name: 'Even', color: '#112233' },
        { name: 'Odd', color: '#445566' },
      ],
      folders,
      albums: [...albums, albums[0]],
    };
    const imported = await importFile(testApp().app, token, document);
    expect(imported).toMatchObject({ status: 'finished', done: count + 1, added: count });
    expect(imported.message).toBe(
      `Imported ${count} albums (1 already here), 2 tags and ${MAX_FOLDER_DEPTH} folders.`,
    );
    const listed = await call('GET', '/api/v1/albums?limit=1', token);
    expect(listed.headers['x-total-count']).toBe(String(count));
    expect((await call('GET', '/api/v1/tags/even', token)).json().album_count).toBe(count / 2);
    const artists = await call('GET', '/api/v1/artists?limit=1', token);
    expect(artists.headers['x-total-count']).toBe('40');
    const deepest = (await call('GET', '/api/v1/folders', token))
      .json()
      .find((f: { name: string }) => f.name === `Level ${MAX_FOLDER_DEPTH - 1}`);
    const detail = (await call('GET', `/api/v1/folders/${deepest.id}`, token)).json();
    expect(detail.ancestors).toHaveLength(MAX_FOLDER_DEPTH - 1);
    const top = (await call('GET', '/api/v1/folders', token))
      .json()
      .find((f: { name: string }) => f.name === 'Level 0');
    expect(top).toMatchObject({ parent_id: null, total_count: count });
    const [last] = (await call('GET', '/api/v1/albums?sort=added-desc&limit=1', token)).json();
    const lastDetail = (await call('GET', `/api/v1/albums/${last.id}`, token)).json();
    expect(lastDetail.tracks).toHaveLength(2);
    expect(lastDetail.genres.map((g: { name: string }) => g.name)).toEqual(['Ambient']);
  });

  it('takes other writes of the same user while an import adds its albums, losing none', async () => {
    const token = await user();
    const count = 1_500;
    const file = {
      ...oneAlbumExport(),
      folders: [],
      albums: Array.from({ length: count }, (_, i) => ({
        ...oneAlbumExport().albums[0],
        spotify_id: `meanwhile${i}`,
        name: `Meanwhile ${i}`,
        folder_keys: [],
      })),
    };
    const started = await call('POST', '/api/v1/maintenance/import', token, file);
    expect(started.statusCode).toBe(202);
    const album = await buildAlbum(testApp().app, token, { name: 'Kept aside' });
    const writes: number[] = [];
    let job = started.json();
    while (job.status === 'running') {
      const folder = await call('POST', '/api/v1/folders', token, {
        name: `During ${writes.length}`,
      });
      const tagged = await call(
        'POST',
        `/api/v1/albums/${album.id}/tags/${`during-${writes.length}`}`,
        token,
      );
      writes.push(folder.statusCode, tagged.statusCode);
      job = (await call('GET', `/api/v1/maintenance/jobs/${job.id}`, token)).json();
    }
    expect(job.status).toBe('finished');
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.every((status) => status === 200 || status === 201)).toBe(true);
    const albums = await call('GET', '/api/v1/albums?limit=1', token);
    expect(albums.headers['x-total-count']).toBe(String(count + 1));
    expect((await call('GET', '/api/v1/folders', token)).json()).toHaveLength(writes.length / 2);
  });

  it('runs one import at a time per user, a file and the library alike', async () => {
    const token = await user();
    const userId = (await call('GET', '/api/v1/auth/me', token)).json().id;
    const now = new Date().toISOString();
    const running = await testApp()
      .db.insertInto('jobs')
      .values({
        user_id: userId,
        kind: 'library-import',
        status: 'running',
        total: null,
        started_at: now,
        heartbeat_at: now,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await call('POST', '/api/v1/maintenance/import', token, oneAlbumExport());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'An import of your library is already running.',
      job_id: running.id,
    });
    expect((await call('GET', '/api/v1/albums', token)).json()).toEqual([]);
    await testApp()
      .db.updateTable('jobs')
      .set({ status: 'finished' })
      .where('id', '=', running.id)
      .execute();
    const file = await importFile(testApp().app, token, oneAlbumExport());
    expect(file.status).toBe('finished');
    const library = await call('POST', '/api/v1/maintenance/library-import', token);
    expect(library.statusCode).toBe(202);
  });

  it('refuses a malformed import and changes nothing', async () => {
    const token = await user();
    const bad = await call('POST', '/api/v1/maintenance/import', token, {
      format: 'gatefold-export',
      version: 2,
      albums: [],
    });
    expect(bad.statusCode).toBe(422);
    expect((await call('GET', '/api/v1/folders', token)).json()).toEqual([]);
  });

  /** An export of one album with one track and one folder, to be spoiled one field at a time. */
  const oneAlbumExport = () => ({
    format: 'gatefold-export',
    version: 1,
    exported_at: '2026-01-01T00:00:00.000Z',
    tags: [],
    folders: [
      {
        key: 1,
        parent_key: null,
        name: 'Shelf',
        description: null,
        image_url: null,
        sort_order: 0,
      },
    ],
    albums: [
      {
        spotify_id: 'bounded1',
        name: 'Bounded',
        artist: 'Limits',
        release_date: '2001',
        total_tracks: 1,
        image_url: null,
        spotify_url: 'https://open.spotify.com/album/bounded1',
        added_at: '2026-01-01T00:00:00.000Z',
        tags: [],
        genres: [],
        folder_keys: [1],
        tracks: [
          {
            name: 'One',
            artist: 'Limits',
            track_number: 1,
            disc_number: 1,
            duration_ms: 1000,
            spotify_url: null,
          },
        ],
      },
    ],
  });

  it('names every field of a refused import, as the schema check of any other call does', async () => {
    const token = await user();
    const document = oneAlbumExport();
    const track = document.albums[0]?.tracks[0];
    if (track) track.track_number = 0;
    const folder = document.folders[0];
    if (folder) folder.name = '';
    const refused = await call('POST', '/api/v1/maintenance/import', token, document);
    expect(refused.statusCode).toBe(422);
    const body = refused.json();
    expect(body.detail).toMatch(/^folders\.0\.name: /);
    expect(body.errors.map((error: { field: string }) => error.field)).toEqual([
      'folders.0.name',
      'albums.0.tracks.0.track_number',
    ]);
  });

  it.each([
    [
      'a javascript: link',
      (d: ReturnType<typeof oneAlbumExport>) => {
        const album = d.albums[0];
        if (album) album.spotify_url = 'javascript:alert(1)';
      },
    ],
    [
      'a track number past an integer',
      (d: ReturnType<typeof oneAlbumExport>) => {
        const track = d.albums[0]?.tracks[0];
        if (track) track.track_number = 3_000_000_000;
      },
    ],
    [
      'a duration past an integer',
      (d: ReturnType<typeof oneAlbumExport>) => {
        const track = d.albums[0]?.tracks[0];
        if (track) track.duration_ms = 2 ** 31;
      },
    ],
    [
      'a folder place past an integer',
      (d: ReturnType<typeof oneAlbumExport>) => {
        const folder = d.folders[0];
        if (folder) folder.sort_order = 2 ** 31;
      },
    ],
  ])('refuses an import with %s and changes nothing', async (_what, spoil) => {
    const token = await user();
    const document = oneAlbumExport();
    spoil(document);
    const refused = await call('POST', '/api/v1/maintenance/import', token, document);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ detail: expect.any(String) });
    expect((await call('GET', '/api/v1/albums', token)).json()).toEqual([]);
    expect((await call('GET', '/api/v1/folders', token)).json()).toEqual([]);

    const accepted = await importFile(testApp().app, token, oneAlbumExport());
    expect(accepted.status).toBe('finished');
  });

  it.each([
    [
      'text that is not JSON',
      '{"format": "gatefold-export",',
      'The request body is not valid JSON.',
    ],
    ['an empty body', '', 'The request body is empty.'],
    ['only spaces', '   ', 'The request body is empty.'],
  ])('refuses %s as an import with 400 and changes nothing', async (_what, payload, detail) => {
    const token = await user();
    const refused = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/maintenance/import',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail });
    expect((await call('GET', '/api/v1/folders', token)).json()).toEqual([]);
    // No job was claimed: an import can start at once.
    expect((await importFile(testApp().app, token, oneAlbumExport())).status).toBe('finished');
  });

  it.each([
    ['says so in its Content-Length', true],
    ['is sent in chunks', false],
  ])(
    'refuses an import file past the largest that %s with 413 and changes nothing',
    async (_how, declared) => {
      const token = await user();
      const piece = Buffer.alloc(1 << 20, ' ');
      const pieces = Math.floor(MAX_IMPORT_BYTES / piece.byteLength) + 1;
      const refused = await testApp().app.inject({
        method: 'POST',
        url: '/api/v1/maintenance/import',
        headers: {
          ...bearer(token),
          'content-type': 'application/json',
          ...(declared ? { 'content-length': String(pieces * piece.byteLength) } : {}),
        },
        payload: Readable.from(Array.from({ length: pieces }, () => piece)),
      });
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toEqual({ detail: 'The request body is too large.' });
      expect((await call('GET', '/api/v1/folders', token)).json()).toEqual([]);
      expect((await importFile(testApp().app, token, oneAlbumExport())).status).toBe('finished');
    },
  );

  it('exports CSV for spreadsheets, quoted and with formulas defused', async () => {
    const token = await user();
    await buildAlbum(testApp().app, token, {
      name: '=HYPERLINK("x")',
      artist: 'Crosby, Stills & Nash',
    });
    const csv = await call('GET', '/api/v1/maintenance/export?format=csv', token);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, row] = csv.body.split('\r\n');
    expect(header).toBe(
      'name,artist,release_date,total_tracks,added_at,tags,genres,folders,spotify_url',
    );
    expect(row).toMatch(/^"'=HYPERLINK\(""x""\)","Crosby, Stills & Nash",/);
  });

  it('deletes the account with everything in it', async () => {
    const token = await user();
    const { db } = testApp();
    const id = await userId(token);
    await buildAlbum(testApp().app, token);
    const deleted = await call('DELETE', '/api/v1/maintenance/account', token);
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', '/api/v1/auth/me', token)).statusCode).toBe(401);
    expect(await db.selectFrom('albums').select('id').where('user_id', '=', id).execute()).toEqual(
      [],
    );
    expect(await db.selectFrom('users').select('id').where('id', '=', id).execute()).toEqual([]);
  });

  it('deletes a large account with everything in it, and nothing of another user', async () => {
    const { app, db } = testApp();
    const [leaving, staying] = [await user(), await user()];
    const id = await userId(leaving);
    expect((await importFile(app, leaving, shelfExport('Gone', 250))).status).toBe('finished');
    expect((await importFile(app, staying, shelfExport('Kept', 3))).status).toBe('finished');
    const albumIds = (
      await db.selectFrom('albums').select('id').where('user_id', '=', id).execute()
    ).map((album) => album.id);
    expect(albumIds).toHaveLength(250);

    expect((await call('DELETE', '/api/v1/maintenance/account', leaving)).statusCode).toBe(204);
    expect((await call('GET', '/api/v1/auth/me', leaving)).statusCode).toBe(401);
    for (const table of [
      'albums',
      'artists',
      'tags',
      'genres',
      'folders',
      'album_first_adds',
      'sessions',
    ] as const) {
      const left = await db.selectFrom(table).select('user_id').where('user_id', '=', id).execute();
      expect(left, table).toEqual([]);
    }
    const tracks = await db
      .selectFrom('tracks')
      .select('id')
      .where('album_id', 'in', albumIds)
      .execute();
    expect(tracks).toEqual([]);
    expect(await db.selectFrom('users').select('id').where('id', '=', id).execute()).toEqual([]);

    expect((await call('GET', '/api/v1/albums', staying)).headers['x-total-count']).toBe('3');
    expect((await call('GET', '/api/v1/tags/Kept', staying)).json().album_count).toBe(3);
    expect((await call('GET', '/api/v1/artists/Kept%20Players', staying)).json().album_count).toBe(
      3,
    );
    const [folder] = (await call('GET', '/api/v1/folders', staying)).json();
    expect(folder).toMatchObject({ name: 'Kept', album_count: 3 });
    // The server's own writes go on once the account is gone.
    const [kept] = (await call('GET', '/api/v1/albums', staying)).json();
    await tagAlbum(app, staying, kept.id, 'Still here');
    expect((await call('GET', '/api/v1/tags/Still%20here', staying)).json().album_count).toBe(1);
  });
});
