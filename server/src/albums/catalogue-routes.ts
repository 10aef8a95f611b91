import {
  catalogueAlbumDetail,
  catalogueSearchQuery,
  catalogueSearchResults,
} from '@gatefold/contract/catalogue';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { notFound } from '../http/errors';
import type { StreamingService } from '../streaming/port';
import { collectionIds } from './collection-marks';

/** The streaming catalogue, under /v1/albums/spotify (SPEC §7). */
export function catalogueRoutes(db: Kysely<Database>, streaming: StreamingService) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/search',
      {
        schema: {
          summary: "Search the streaming service's catalogue for albums",
          querystring: catalogueSearchQuery,
          response: { 200: catalogueSearchResults },
        },
      },
      async (request) => {
        const { query, limit, offset } = request.query;
        const page = await streaming.searchAlbums(query, { limit, offset });
        const owned = await collectionIds(
          db,
          request.userId,
          page.items.map((album) => album.id),
        );
        const items = page.items.map((album) => ({
          ...album,
          in_collection: owned.has(album.id),
          collection_id: owned.get(album.id) ?? null,
        }));
        return { albums: { ...page, items } };
      },
    );

    routes.get(
      '/:id',
      {
        schema: {
          summary: 'One catalogue album with every track',
          params: z.object({ id: z.string().regex(/^[A-Za-z0-9]{1,64}$/) }),
          response: { 200: catalogueAlbumDetail },
        },
      },
      async (request) => {
        const album = await streaming.getAlbum(request.params.id);
        if (!album)
          throw notFound(`The streaming service has no album with id ${request.params.id}.`);
        return album;
      },
    );
  };
}
