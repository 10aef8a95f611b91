import { albumListQuery, albumSummary } from '@gatefold/contract/albums';
import { artist, artistListQuery } from '@gatefold/contract/artists';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { albumPage } from '../albums/album-page';
import type { SignedIn } from '../auth/session-hook';
import type { Database } from '../db/schema';
import { notFound } from '../http/errors';
import { sendJson } from '../http/json-text';
import { withTotalCount } from '../http/paging';
import { nameOrId } from '../http/params';
import { artistsPage, findArtist } from './queries';

const keyParams = z.object({ name: nameOrId });

export function artistRoutes(db: Kysely<Database>) {
  const loadArtist = async (request: SignedIn, key: string) => {
    const found = await findArtist(db, request.userId, key, request.library.version);
    if (!found) throw notFound(`The artist "${key}" could not be found in your collection.`);
    return found;
  };

  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/',
      {
        schema: {
          summary: 'Artists of the collection',
          querystring: artistListQuery,
          response: { 200: z.array(artist) },
        },
      },
      async (request, reply) => {
        const { total, artists } = await artistsPage(
          db,
          request.userId,
          request.query,
          request.library.version,
        );
        return withTotalCount(reply, total, artists);
      },
    );

    routes.get(
      '/:name',
      {
        schema: {
          summary: 'One artist by id, slug or name',
          params: keyParams,
          response: { 200: artist },
        },
      },
      async (request) => loadArtist(request, request.params.name),
    );

    routes.get(
      '/:name/albums',
      {
        schema: {
          summary: "An artist's albums",
          params: keyParams,
          querystring: albumListQuery,
          response: { 200: z.array(albumSummary) },
        },
      },
      async (request, reply) => {
        const found = await loadArtist(request, request.params.name);
        const scope = { artistId: found.id, albumCount: found.album_count };
        return sendJson(reply, await albumPage(db, reply, request, request.query, scope));
      },
    );
  };
}
