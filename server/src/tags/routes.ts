import { albumListQuery, albumSummary } from '@gatefold/contract/albums';
import { pageQuery } from '@gatefold/contract/list-query';
import { tag, tagCreate, tagDeletion, tagUpdate, trendingTags } from '@gatefold/contract/tags';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { albumPage } from '../albums/album-page';
import type { Database } from '../db/schema';
import { conflictOnUniqueViolation } from '../db/unique-violation';
import { notFound } from '../http/errors';
import { sendJson } from '../http/json-text';
import { withTotalCount } from '../http/paging';
import { nameOrId } from '../http/params';
import {
  createTag,
  deleteTag,
  findTagByName,
  trendingTags as findTrendingTags,
  listTags,
  updateTag,
} from './queries';

const nameParams = z.object({ name: nameOrId });

export function tagRoutes(db: Kysely<Database>) {
  const loadTag = async (userId: number, name: string) => {
    const found = await findTagByName(db, userId, name);
    if (!found) throw notFound(`There is no tag "${name}".`);
    return found;
  };

  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/',
      {
        schema: {
          summary: "The user's tags with album counts",
          querystring: pageQuery.extend({ limit: pageQuery.shape.limit.default(200) }),
          response: { 200: z.array(tag) },
        },
      },
      async (request, reply) => {
        const { total, tags } = await listTags(
          db,
          request.userId,
          request.query,
          request.library.version,
        );
        return withTotalCount(reply, total, tags);
      },
    );

    routes.post(
      '/',
      { schema: { summary: 'Create a tag', body: tagCreate, response: { 201: tag } } },
      async (request, reply) => {
        const { name, color } = request.body;
        const created = await createTag(db, request.userId, name, color).catch(
          conflictOnUniqueViolation(`A tag named "${name}" already exists.`),
        );
        return reply.status(201).send(created);
      },
    );

    routes.get(
      '/popular/trending',
      { schema: { summary: 'Tags used most lately', response: { 200: trendingTags } } },
      async (request) => ({
        trending_tags: await findTrendingTags(db, request.userId, request.library.version),
      }),
    );

    routes.get(
      '/:name',
      {
        schema: {
          summary: 'One tag, by name regardless of case',
          params: nameParams,
          response: { 200: tag },
        },
      },
      async (request) => loadTag(request.userId, request.params.name),
    );

    routes.put(
      '/:name',
      {
        schema: {
          summary: 'Rename or recolour a tag',
          params: nameParams,
          body: tagUpdate,
          response: { 200: tag },
        },
      },
      async (request) => {
        const current = await loadTag(request.userId, request.params.name);
        await updateTag(db, request.userId, current.id, request.body);
        return loadTag(request.userId, request.body.name ?? current.name);
      },
    );

    routes.delete(
      '/:name',
      {
        schema: {
          summary: 'Delete a tag; one in use needs force=true (SPEC §4)',
          params: nameParams,
          querystring: z.object({ force: z.enum(['true', 'false']).default('false') }),
          response: { 200: tagDeletion },
        },
      },
      async (request) => {
        const found = await loadTag(request.userId, request.params.name);
        if (found.album_count > 0 && request.query.force !== 'true') {
          const albums = found.album_count === 1 ? '1 album' : `${found.album_count} albums`;
          return {
            can_delete: false,
            message: `Tag "${found.name}" is used by ${albums}. Remove it from all of them and delete it?`,
          };
        }
        await deleteTag(db, request.userId, found.id);
        return { can_delete: true, message: `Tag "${found.name}" was deleted.` };
      },
    );

    routes.get(
      '/:name/albums',
      {
        schema: {
          summary: 'Albums with a tag',
          params: nameParams,
          querystring: albumListQuery,
          response: { 200: z.array(albumSummary) },
        },
      },
      async (request, reply) => {
        const found = await loadTag(request.userId, request.params.name);
        const scope = { tagId: found.id, albumCount: found.album_count };
        return sendJson(reply, await albumPage(db, reply, request, request.query, scope));
      },
    );
  };
}
