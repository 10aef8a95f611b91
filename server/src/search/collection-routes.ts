import {
  collectionSearchQuery,
  collectionSearchResults,
  SEARCH_RESULTS_PER_KIND,
  SUGGESTION_LIMIT,
  suggestions,
} from '@gatefold/contract/collection-search';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { searchCollection, toSuggestions } from './collection-search';

export function collectionSearchRoutes(db: Kysely<Database>) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/',
      {
        schema: {
          summary: 'Search the collection: albums, artists, tags, folders, genres',
          querystring: collectionSearchQuery,
          response: { 200: collectionSearchResults },
        },
      },
      async (request) =>
        searchCollection(
          db,
          request.userId,
          request.query.q,
          SEARCH_RESULTS_PER_KIND,
          request.library,
        ),
    );

    routes.get(
      '/suggestions',
      {
        schema: {
          summary: 'Typeahead suggestions from the collection',
          querystring: collectionSearchQuery,
          response: { 200: suggestions },
        },
      },
      async (request) => {
        const results = await searchCollection(
          db,
          request.userId,
          request.query.q,
          SUGGESTION_LIMIT,
          request.library,
        );
        return { suggestions: toSuggestions(results, SUGGESTION_LIMIT) };
      },
    );
  };
}
