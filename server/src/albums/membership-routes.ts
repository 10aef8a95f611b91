import { genreRef } from '@gatefold/contract/genres';
import { tagRef } from '@gatefold/contract/tags';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { setAlbumInFolder } from '../folders/membership';
import { attachGenre, detachGenre } from '../genres/album-genres';
import { id, nameOrId } from '../http/params';
import { attachTag, detachTag } from '../tags/album-tags';
import { loadOwnAlbum } from './queries';

/** An album's place in folders, and its tags and genres: /v1/albums/{id}/(folders|tags|genres)/… */
export function albumMembershipRoutes(db: Kysely<Database>) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    const folderParams = z.object({ id, folderId: id });
    for (const [method, inFolder, summary] of [
      ['POST', true, 'Put an album in a folder'],
      ['DELETE', false, 'Take an album out of a folder'],
    ] as const) {
      routes.route({
        method,
        url: '/:id/folders/:folderId',
        schema: { summary, params: folderParams },
        handler: async (request, reply) => {
          await loadOwnAlbum(db, request.userId, request.params.id);
          await setAlbumInFolder(
            db,
            request.userId,
            request.params.folderId,
            request.params.id,
            inFolder,
          );
          return reply.status(204).send();
        },
      });
    }

    const tagParams = z.object({ id, tagId: nameOrId });
    routes.post(
      '/:id/tags/:tagId',
      {
        schema: {
          summary: 'Tag an album, by tag id or name (a new name creates the tag)',
          params: tagParams,
          response: { 200: tagRef },
        },
      },
      async (request) => {
        await loadOwnAlbum(db, request.userId, request.params.id);
        return attachTag(db, request.userId, request.params.id, request.params.tagId);
      },
    );
    routes.delete(
      '/:id/tags/:tagId',
      { schema: { summary: 'Remove a tag from an album', params: tagParams } },
      async (request, reply) => {
        await loadOwnAlbum(db, request.userId, request.params.id);
        await detachTag(db, request.userId, request.params.id, request.params.tagId);
        return reply.status(204).send();
      },
    );

    const genreParams = z.object({ id, genreId: nameOrId });
    routes.post(
      '/:id/genres/:genreId',
      {
        schema: {
          summary: 'Give an album a genre, by genre id or name',
          params: genreParams,
          response: { 200: genreRef },
        },
      },
      async (request) => {
        await loadOwnAlbum(db, request.userId, request.params.id);
        return attachGenre(db, request.userId, request.params.id, request.params.genreId);
      },
    );
    routes.delete(
      '/:id/genres/:genreId',
      { schema: { summary: 'Take a genre off an album', params: genreParams } },
      async (request, reply) => {
        await loadOwnAlbum(db, request.userId, request.params.id);
        await detachGenre(db, request.userId, request.params.id, request.params.genreId);
        return reply.status(204).send();
      },
    );
  };
}
