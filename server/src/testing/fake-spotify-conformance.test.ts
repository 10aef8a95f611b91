import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { startFakeSpotify } from './fake-spotify';
import { fixtureStreamingService } from './fixture-catalogue';

/** Spotify's maintained OpenAPI description (2026), a copy kept with the tests. */
const DESCRIPTION = path.resolve(import.meta.dirname, 'reference/spotify-web-api.openapi.yml');

describe('the Spotify fake answers as Spotify’s OpenAPI description says', () => {
  let fake: Awaited<ReturnType<typeof startFakeSpotify>>;
  let token: string;
  const ajv = new Ajv({ strict: false, allErrors: true });

  beforeAll(async () => {
    ajv.addSchema(parse(fs.readFileSync(DESCRIPTION, 'utf8')), 'spotify');
    fake = await startFakeSpotify({ catalogue: fixtureStreamingService() });
    token = fake.userToken();
  });
  afterAll(async () => fake.close());

  const answer = async (pathAndQuery: string) => {
    const response = await fetch(`${fake.environment.SPOTIFY_API_URL}${pathAndQuery}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return response.json();
  };
  const firstHit = async (query: string) => {
    const body = z
      .object({
        albums: z.object({
          items: z.array(
            z.object({ id: z.string(), artists: z.array(z.object({ id: z.string() })) }),
          ),
        }),
      })
      .parse(await answer(`/search?q=${query}&type=album&limit=1`));
    const hit = body.albums.items[0];
    if (!hit) throw new Error(`nothing found for ${query}`);
    return hit;
  };
  const conforms = (component: string, body: unknown) => {
    const validate = ajv.getSchema(`spotify#/components/schemas/${component}`);
    if (!validate) throw new Error(`No schema ${component} in the description`);
    const valid = validate(body);
    expect(valid, JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  };

  it('answers a search with a paging object of simplified albums', async () => {
    const body = z
      .object({ albums: z.unknown() })
      .parse(await answer('/search?q=blue&type=album&limit=5'));
    conforms('PagingSimplifiedAlbumObject', body.albums);
  });

  it('answers an album with an album object, and its tracks with a paging object', async () => {
    const { id } = await firstHit('sessions');
    conforms('AlbumObject', await answer(`/albums/${id}`));
    conforms(
      'PagingSimplifiedTrackObject',
      await answer(`/albums/${id}/tracks?limit=50&offset=50`),
    );
  });

  it('answers an artist with an artist object', async () => {
    const hit = await firstHit('homogenic');
    conforms('ArtistObject', await answer(`/artists/${hit.artists[0]?.id}`));
  });

  it('answers the saved albums with a paging object of saved albums', async () => {
    conforms('PagingSavedAlbumObject', await answer('/me/albums?limit=5'));
  });

  it('answers the profile with a private user object', async () => {
    conforms('PrivateUserObject', await answer('/me'));
  });
});
