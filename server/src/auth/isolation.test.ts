import { describe, expect, it } from 'vitest';
import { buildAlbum } from '../testing/factories';
import { documentedOperations, type HttpMethod } from '../testing/openapi-document';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';

/** An operation with the names of its path parameters. */
type Operation = { method: HttpMethod; path: string; parameters: string[] };

/**
 * Path parameters that name no user's data: the random image key is itself the secret, and a
 * maintenance fix is named from a fixed list (each fix works on the caller's collection only).
 */
const PUBLIC_PARAMETERS = new Set([
  'POST /api/v1/maintenance/fixes/{fix}',
  'GET /api/v1/images/{key}',
  'GET /api/v1/albums/spotify/{id}',
  'POST /api/v1/search/spotify/add-album/{spotify_id}',
]);

/**
 * Attaching a tag or genre by a name the caller has not used creates it for them (SPEC §5), so the
 * owner's tag id on the caller's own album names a new tag of the caller's: not the owner's data.
 */
const NAMES_OR_CREATES = new Set([
  'POST /api/v1/albums/{id}/tags/{tagId}',
  'POST /api/v1/albums/{id}/genres/{genreId}',
]);

/** Bodies that pass validation, so that only ownership can refuse the call. */
const VALID_BODIES: Record<string, object> = {
  'PUT /api/v1/albums/{id}': { name: 'Taken over' },
  'PUT /api/v1/folders/{id}': { name: 'Taken over' },
  'PUT /api/v1/tags/{name}': { color: '#000000' },
};

/** One of everything a user owns, named so that no other user has the same names. */
type Owned = {
  album: number;
  folder: number;
  tag: { id: number; name: string };
  genre: { id: number; name: string };
  artist: number;
  job: number;
};

describe.each(testDatabaseKinds)('isolation between users (%s)', (kind) => {
  const current = useTestApp(kind);

  const call = async (token: string, method: HttpMethod, url: string, payload?: object) =>
    current().app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });

  async function operations(): Promise<Operation[]> {
    return (await documentedOperations(current().app)).map(({ method, path, parameters }) => ({
      method,
      path,
      parameters: parameters.filter((p) => p.in === 'path').map((p) => p.name),
    }));
  }

  async function ownEverything(token: string): Promise<Owned> {
    const suffix = uniqueName('x').split(' ')[1];
    const album = await buildAlbum(current().app, token, { artist: `Artist ${suffix}` });
    const folder = (await call(token, 'POST', '/api/v1/folders', { name: 'Shelf' })).json();
    const tag = (await call(token, 'POST', '/api/v1/tags', { name: `Tag ${suffix}` })).json();
    const genre = (await call(token, 'POST', '/api/v1/genres', { name: `Genre ${suffix}` })).json();
    await call(token, 'POST', `/api/v1/albums/${album.id}/folders/${folder.id}`);
    await call(token, 'POST', `/api/v1/albums/${album.id}/tags/${tag.id}`);
    await call(token, 'POST', `/api/v1/albums/${album.id}/genres/${genre.id}`);
    const job = (await call(token, 'POST', '/api/v1/maintenance/library-import')).json();
    const artistName = encodeURIComponent(`Artist ${suffix}`);
    const artist = (await call(token, 'GET', `/api/v1/artists/${artistName}`)).json();
    return { album: album.id, folder: folder.id, tag, genre, artist: artist.id, job: job.id };
  }

  /** The value of a path parameter in an operation, taken from `owned`. */
  function fill(operation: Operation, parameter: string, owned: Owned): string {
    const [, , , resource] = operation.path.split('/');
    const values: Record<string, string | number> = {
      'albums id': owned.album,
      'folders id': owned.folder,
      'maintenance id': owned.job,
      'albums folderId': owned.folder,
      'albums tagId': owned.tag.id,
      'albums genreId': owned.genre.id,
      'tags name': encodeURIComponent(owned.tag.name),
      'genres name': encodeURIComponent(owned.genre.name),
      'artists name': owned.artist,
    };
    const value = values[`${resource} ${parameter}`];
    if (value === undefined) {
      throw new Error(
        `${operation.method} ${operation.path}: no owned value for {${parameter}}. ` +
          'Say here which of a user’s ids it takes, or list it as public.',
      );
    }
    return String(value);
  }

  /** Every way to fill the path with at least one of the owner's values and the rest the caller's. */
  function urls(operation: Operation, owner: Owned, caller: Owned): string[] {
    const { parameters } = operation;
    const creates = NAMES_OR_CREATES.has(`${operation.method} ${operation.path}`);
    const combinations = Array.from(
      { length: 2 ** parameters.length - 1 },
      (_, mask) => mask + 1,
    ).filter((mask) => !creates || mask & 1);
    return combinations.map((mask) =>
      parameters.reduce(
        (url, parameter, index) =>
          url.replace(
            `{${parameter}}`,
            fill(operation, parameter, mask & (1 << index) ? owner : caller),
          ),
        operation.path,
      ),
    );
  }

  it("answers 404 on every route that takes an id when given another user's, and changes nothing", async () => {
    const owner = await signIn(current().app, uniqueName('Owner'));
    const intruder = await signIn(current().app, uniqueName('Intruder'));
    const owned = await ownEverything(owner);
    const theirs = await ownEverything(intruder);
    const exportOf = async (token: string) => {
      const { exported_at: _, ...rest } = (
        await call(token, 'GET', '/api/v1/maintenance/export')
      ).json();
      return rest;
    };
    const before = await exportOf(owner);

    const checked: string[] = [];
    for (const operation of await operations()) {
      const key = `${operation.method} ${operation.path}`;
      if (operation.parameters.length === 0 || PUBLIC_PARAMETERS.has(key)) continue;
      for (const url of urls(operation, owned, theirs)) {
        const response = await call(intruder, operation.method, url, VALID_BODIES[key]);
        expect(response.statusCode, `${operation.method} ${url}`).toBe(404);
        expect(response.json(), `${operation.method} ${url}`).toHaveProperty('detail');
        checked.push(key);
      }
    }

    // The matrix covers what the route table holds, not a list kept by hand.
    expect(new Set(checked).size).toBeGreaterThanOrEqual(20);
    expect(checked).toContain('DELETE /api/v1/albums/{id}/tags/{tagId}');
    expect(await exportOf(owner)).toEqual(before);
    expect((await call(owner, 'GET', `/api/v1/maintenance/jobs/${owned.job}`)).statusCode).toBe(
      200,
    );
  });
});
