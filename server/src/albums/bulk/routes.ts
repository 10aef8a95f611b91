import { bulkChange, bulkResult, bulkUndo, bulkUndoResult } from '@gatefold/contract/bulk';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { applyBulkChange, undoBulkChange } from './bulk-change';

/** /v1/albums/bulk: one change to many albums at once, and its undo. */
export function bulkRoutes(db: Kysely<Database>) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.post(
      '/',
      {
        schema: {
          summary:
            'Tag, untag, file, unfile or delete many albums in one transaction, by id or by query; answers a token to undo it',
          body: bulkChange,
          response: { 200: bulkResult },
        },
      },
      async (request) => applyBulkChange(db, request.userId, request.body),
    );
    routes.post(
      '/undo',
      {
        schema: {
          summary: 'Undo a bulk change, exactly, once, within 15 minutes of it',
          body: bulkUndo,
          response: { 200: bulkUndoResult },
        },
      },
      async (request) => undoBulkChange(db, request.userId, request.body.undo),
    );
  };
}
