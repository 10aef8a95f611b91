import {
  advancedSearchQuery,
  advancedSearchResults,
  pastSearches,
} from '@gatefold/contract/discovery';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type DiscoveryDependencies, discover } from './discover';
import { pastDiscoverySearches } from './past-searches';

/** Advanced search and the user's own past searches, under /v1/search (SPEC §7). */
export function discoveryRoutes(deps: DiscoveryDependencies) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/spotify/advanced',
      {
        schema: {
          summary: 'Discover albums by country, genre and year, or by multi-source recommendation',
          querystring: advancedSearchQuery,
          response: { 200: advancedSearchResults },
        },
      },
      async (request) => discover(deps, request.userId, request.query),
    );

    for (const [path, order, summary] of [
      ['/recent', 'recent', "The user's latest discovery searches"],
      ['/popular', 'popular', "The user's most repeated discovery searches"],
    ] as const) {
      routes.get(path, { schema: { summary, response: { 200: pastSearches } } }, async (request) =>
        pastDiscoverySearches(deps.db, request.userId, order),
      );
    }
  };
}
