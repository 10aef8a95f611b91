import { collectionStats as collectionStatsSchema } from '@gatefold/contract/stats';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { collectionStats } from './queries';

export function statsRoutes(db: Kysely<Database>) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/',
      {
        schema: {
          summary: "The collection's shape: albums by genre, decade, month added, and top artists",
          response: { 200: collectionStatsSchema },
        },
      },
      async (request) => collectionStats(db, request.userId, request.library.version),
    );
  };
}
