import { albumListQuery, albumSummary } from '@gatefold/contract/albums';
import { genre, genreCreate, genreListQuery } from '@gatefold/contract/genres';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { albumPage } from '../albums/album-page';
import type { Database } from '../db/schema';
import { conflictOnUniqueViolation } from '../db/unique-violation';
import { conflict, notFound } from '../http/errors';
import { sendJson } from '../http/json-text';
import { withTotalCount } from '../http/paging';
import { nameOrId } from '../http/params';
import { findGenre, insertGenre, listGenres } from './queries';

const nameParams = z.object({ name: nameOrId });

export function genreRoutes(db: Kysely<Database>) {
  const loadGenre = async (userId: number, name: string) => {
    const found = await findGenre(db, userId, name);
    if (!found) throw notFound(`There is no genre "${name}".`);
    return found;
  };

  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/',
      {
        schema: {
          summary: 'Genres of the albums in the collection',
          querystring: genreListQuery,
          response: { 200: z.array(genre) },
        },
      },
      async (request, reply) => {
        const genres = await listGenres(db, request.userId, request.query.search);
        return withTotalCount(reply, genres.length, genres);
      },
    );

    routes.post(
      '/',
      { schema: { summary: 'Create a genre', body: genreCreate, response: { 201: genre } } },
      async (request, reply) => {
        const clash = `A genre named "${request.body.name}" already exists.`;
        if (await findGenre(db, request.userId, request.body.name)) throw conflict(clash);
        // An insert, not an upsert: of several creates at once, only one may answer 201.
        const id = await insertGenre(db, request.userId, request.body.name).catch(
          conflictOnUniqueViolation(clash),
        );
        return reply.status(201).send({ id, name: request.body.name, album_count: 0 });
      },
    );

    routes.get(
      '/:name',
      {
        schema: {
          summary: 'One genre, by name regardless of case',
          params: nameParams,
          response: { 200: genre },
        },
      },
      async (request) => {
        return loadGenre(request.userId, request.params.name);
      },
    );

    routes.get(
      '/:name/albums',
      {
        schema: {
          summary: 'Albums of a genre',
          params: nameParams,
          querystring: albumListQuery,
          response: { 200: z.array(albumSummary) },
        },
      },
      async (request, reply) => {
        const found = await loadGenre(request.userId, request.params.name);
        const scope = { genreId: found.id, albumCount: found.album_count };
        return sendJson(reply, await albumPage(db, reply, request, request.query, scope));
      },
    );
  };
}
