import {
  advancedSearchQuery,
  advancedSearchResults,
  pastSearches,
} from '@gatefold/contract/discovery';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perUserLimit } from '../http/per-user-limit';
import { type DiscoveryDependencies, discover } from './discover';
import { pastDiscoverySearches } from './past-searches';

/** The longest a discovery works for one request; what it found by then is not kept. */
export const DISCOVERY_DEADLINE_MS = 20_000;
/** Each discovery may make a dozen calls to outside services: a few a minute per user. */
const DISCOVERIES_PER_MINUTE = 10;

/** Ends at the deadline, or as soon as the client stops waiting for the answer. */
function requestSignal(reply: FastifyReply, deadlineMs: number): AbortSignal {
  const left = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) left.abort(new Error('The client left.'));
  });
  return AbortSignal.any([left.signal, AbortSignal.timeout(deadlineMs)]);
}

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
        config: perUserLimit('discovery', DISCOVERIES_PER_MINUTE),
      },
      async (request, reply) =>
        discover(deps, request.userId, request.query, requestSignal(reply, DISCOVERY_DEADLINE_MS)),
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
