import {
  albumCreate,
  albumDetail,
  albumListQuery,
  albumSummary,
  albumUpdate,
} from '@gatefold/contract/albums';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { sendJson } from '../http/json-text';
import { id } from '../http/params';
import { type AlbumSources, addAlbumFromStreaming } from './add-from-streaming';
import { albumPage } from './album-page';
import { bulkRoutes } from './bulk/routes';
import { catalogueRoutes } from './catalogue-routes';
import { albumMembershipRoutes } from './membership-routes';
import { loadAlbumDetail } from './present';
import { loadOwnAlbum } from './queries';
import { refreshAlbumMetadata } from './refresh-metadata';
import { deleteAlbum, updateAlbum } from './store';

export function albumRoutes(db: Kysely<Database>, sources: AlbumSources) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const albumParams = z.object({ id });
    await app.register(catalogueRoutes(db, sources.streaming), { prefix: '/spotify' });

    routes.get(
      '/',
      {
        schema: {
          summary: "The user's albums, a page at a time",
          querystring: albumListQuery,
          response: { 200: z.array(albumSummary) },
        },
      },
      async (request, reply) => {
        return sendJson(reply, await albumPage(db, reply, request, request.query));
      },
    );

    routes.post(
      '/',
      {
        schema: {
          summary: 'Add an album by its streaming id, complete with tracks, artists and genres',
          body: albumCreate,
          response: { 201: albumDetail },
        },
      },
      async (request, reply) => {
        const albumId = await addAlbumFromStreaming(db, sources, request.userId, request.body);
        return reply.status(201).send(await loadAlbumDetail(db, request.userId, albumId));
      },
    );

    routes.get(
      '/:id',
      {
        schema: {
          summary: 'One album with tracks, tags, genres and folders',
          params: albumParams,
          response: { 200: albumDetail },
        },
      },
      async (request) => loadAlbumDetail(db, request.userId, request.params.id),
    );

    routes.put(
      '/:id',
      {
        schema: {
          summary: "Correct an album's name, artist, release date or image",
          params: albumParams,
          body: albumUpdate,
          response: { 200: albumDetail },
        },
      },
      async (request) => {
        const album = await loadOwnAlbum(db, request.userId, request.params.id);
        await updateAlbum(db, request.userId, album, request.body);
        return loadAlbumDetail(db, request.userId, request.params.id);
      },
    );

    routes.post(
      '/:id/refresh',
      {
        schema: {
          summary:
            "Refresh an album's cover, tracks, credits and genres from the streaming service, keeping corrections, tags and folders",
          params: albumParams,
          response: { 200: albumDetail },
        },
      },
      async (request) => {
        await refreshAlbumMetadata(db, sources, request.userId, request.params.id);
        return loadAlbumDetail(db, request.userId, request.params.id);
      },
    );

    routes.delete(
      '/:id',
      { schema: { summary: 'Remove an album from the collection', params: albumParams } },
      async (request, reply) => {
        await loadOwnAlbum(db, request.userId, request.params.id);
        await deleteAlbum(db, request.userId, request.params.id);
        return reply.status(204).send();
      },
    );

    await app.register(albumMembershipRoutes(db));
    await app.register(bulkRoutes(db), { prefix: '/bulk' });
  };
}
