import {
  albumCreate,
  albumDetail,
  albumListQuery,
  albumSummary,
  albumUpdate,
} from '@gatefold/contract/albums';
import { genreRef } from '@gatefold/contract/genres';
import { tagRef } from '@gatefold/contract/tags';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { addAlbumToFolder, removeAlbumFromFolder } from '../folders/membership';
import { attachGenre, detachGenre } from '../genres/album-genres';
import { notFound } from '../http/errors';
import { id, nameKey } from '../http/params';
import { attachTag, detachTag } from '../tags/album-tags';
import { type AlbumSources, addAlbumFromStreaming } from './add-from-streaming';
import { albumPage } from './album-page';
import { catalogueRoutes } from './catalogue-routes';
import { presentAlbumDetail } from './present';
import { findAlbumRow } from './queries';
import { deleteAlbum, updateAlbum } from './store';

export async function loadOwnAlbum(db: Kysely<Database>, userId: number, albumId: number) {
  const album = await findAlbumRow(db, userId, albumId);
  if (!album) throw notFound('No such album in your collection.');
  return album;
}

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
        return albumPage(db, reply, request.userId, request.query);
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
        const album = await loadOwnAlbum(db, request.userId, albumId);
        return reply.status(201).send(await presentAlbumDetail(db, album));
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
      async (request) =>
        presentAlbumDetail(db, await loadOwnAlbum(db, request.userId, request.params.id)),
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
        await loadOwnAlbum(db, request.userId, request.params.id);
        await updateAlbum(db, request.params.id, request.body);
        return presentAlbumDetail(db, await loadOwnAlbum(db, request.userId, request.params.id));
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

    const folderParams = z.object({ id, folderId: id });
    routes.post(
      '/:id/folders/:folderId',
      { schema: { summary: 'Put an album in a folder', params: folderParams } },
      async (request, reply) => {
        await loadOwnAlbum(db, request.userId, request.params.id);
        await addAlbumToFolder(db, request.userId, request.params.folderId, request.params.id);
        return reply.status(204).send();
      },
    );
    routes.delete(
      '/:id/folders/:folderId',
      { schema: { summary: 'Take an album out of a folder', params: folderParams } },
      async (request, reply) => {
        await loadOwnAlbum(db, request.userId, request.params.id);
        await removeAlbumFromFolder(db, request.userId, request.params.folderId, request.params.id);
        return reply.status(204).send();
      },
    );

    const tagParams = z.object({ id, tagId: nameKey });
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

    const genreParams = z.object({ id, genreId: nameKey });
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
