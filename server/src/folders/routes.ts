import { albumListQuery } from '@gatefold/contract/albums';
import {
  type FolderAlbums,
  folder,
  folderAlbums,
  folderDetail,
  folderInput,
  folderReorder,
} from '@gatefold/contract/folders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { albumPage } from '../albums/album-page';
import type { Database } from '../db/schema';
import { jsonObjectText, jsonTextOf, sendJson } from '../http/json-text';
import { withTotalCount } from '../http/paging';
import { id } from '../http/params';
import { imageUploadRoutes } from '../images/routes';
import { folderListCache } from './folder-list-cache';
import { presentFolder, presentFolderDetail } from './present';
import { folderRowsWithCounts, loadFolderFamily } from './queries';
import { reorderFolders } from './reorder';
import { savedQuery } from './smart-counts';
import { createFolder, deleteFolder, updateFolder } from './store';

/** A folder with its breadcrumb and subfolders; another user's or unknown is a 404. */
async function loadFolderDetail(
  db: Kysely<Database>,
  userId: number,
  folderId: number,
  knownVersion?: string,
) {
  const family = await loadFolderFamily(db, userId, folderId, knownVersion);
  return presentFolderDetail(family.folder, family.ancestors, family.children);
}

/** `imageQuotaBytes`: what one user's uploaded folder images may take in all. */
export function folderRoutes(db: Kysely<Database>, imageQuotaBytes: number) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const folderParams = z.object({ id });
    const folderList = folderListCache(db);

    routes.get(
      '/',
      {
        schema: {
          summary: "The user's folders, flat, with album counts (children derive from parent_id)",
          response: { 200: z.array(folder) },
        },
      },
      folderList,
    );

    routes.post(
      '/',
      { schema: { summary: 'Create a folder', body: folderInput, response: { 201: folder } } },
      async (request, reply) => {
        const folderId = await createFolder(db, request.userId, request.body);
        const { folder: row } = await loadFolderFamily(db, request.userId, folderId);
        return reply.status(201).send(presentFolder(row));
      },
    );

    routes.post(
      '/reorder',
      {
        schema: {
          summary: 'Move and reorder folders in one go; the answer is the whole list',
          body: folderReorder,
          response: { 200: z.array(folder) },
        },
      },
      async (request, reply) => {
        await reorderFolders(db, request.userId, request.body.items);
        const rows = await folderRowsWithCounts(db, request.userId);
        return withTotalCount(reply, rows.length, rows.map(presentFolder));
      },
    );

    await app.register(imageUploadRoutes(db, imageQuotaBytes));

    routes.get(
      '/:id',
      {
        schema: {
          summary: 'One folder with its breadcrumb and subfolders',
          params: folderParams,
          response: { 200: folderDetail },
        },
      },
      async ({ userId, params, library }) =>
        loadFolderDetail(db, userId, params.id, library.version),
    );

    routes.put(
      '/:id',
      {
        schema: {
          summary: 'Rename, describe or move a folder',
          params: folderParams,
          body: folderInput,
          response: { 200: folderDetail },
        },
      },
      async (request) => {
        await updateFolder(db, request.userId, request.params.id, request.body);
        // After a write the versions the session read are behind: counts are read afresh.
        return loadFolderDetail(db, request.userId, request.params.id);
      },
    );

    routes.delete(
      '/:id',
      {
        schema: {
          summary: 'Delete a folder; its subfolders move up and its albums stay in the collection',
          params: folderParams,
        },
      },
      async (request, reply) => {
        await deleteFolder(db, request.userId, request.params.id);
        return reply.status(204).send();
      },
    );

    routes.get(
      '/:id/albums',
      {
        schema: {
          summary: "A folder and a page of its albums; X-Total-Count counts all of the folder's",
          params: folderParams,
          querystring: albumListQuery,
          response: { 200: folderAlbums },
        },
      },
      async (request, reply) => {
        const { userId, params, library } = request;
        const family = await loadFolderFamily(db, userId, params.id, library.version);
        const { folder: row, ancestors, children } = family;
        const scope =
          row.query === null ? { folderId: row.id } : { smartQuery: savedQuery(row.query) };
        const scoped = { ...scope, albumCount: row.album_count };
        const albums = await albumPage(db, reply, request, request.query, scoped);
        const folder = jsonTextOf(presentFolderDetail(row, ancestors, children));
        return sendJson(reply, jsonObjectText<FolderAlbums>({ folder, albums }));
      },
    );
  };
}
