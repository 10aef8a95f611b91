import { addedAlbum, newReleases, newReleasesQuery } from '@gatefold/contract/discovery';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { type AlbumSources, addAlbumFromStreaming } from '../albums/add-from-streaming';
import { collectionIds } from '../albums/collection-marks';
import type { Database } from '../db/schema';
import { toDiscoveryAlbum } from '../discovery/present';

const NEW_RELEASES_LIMIT = 50;

/** Discovery calls under /v1/search/spotify (SPEC §7). */
export function streamingSearchRoutes(db: Kysely<Database>, sources: AlbumSources) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/new-releases',
      {
        schema: {
          summary: 'New releases in a country, marked when already collected',
          querystring: newReleasesQuery,
          response: { 200: newReleases },
        },
      },
      async (request) => {
        const started = performance.now();
        const page = await sources.streaming.newReleases(request.query.country, {
          limit: NEW_RELEASES_LIMIT,
          offset: 0,
        });
        const owned = await collectionIds(
          db,
          request.userId,
          page.items.map((album) => album.id),
        );
        return {
          albums: page.items.map((album) => toDiscoveryAlbum(album, owned.get(album.id))),
          total: page.total,
          took_ms: Math.round(performance.now() - started),
        };
      },
    );

    routes.post(
      '/add-album/:spotify_id',
      {
        schema: {
          summary: 'Add a catalogue album to the collection',
          params: z.object({ spotify_id: z.string().regex(/^[A-Za-z0-9]{1,64}$/) }),
          response: { 201: addedAlbum },
        },
      },
      async (request, reply) => {
        const albumId = await addAlbumFromStreaming(db, sources, request.userId, {
          spotify_id: request.params.spotify_id,
        });
        const { name } = await db
          .selectFrom('albums')
          .select('name')
          .where('id', '=', albumId)
          .executeTakeFirstOrThrow();
        return reply
          .status(201)
          .send({ album_id: albumId, message: `"${name}" was added to your collection.` });
      },
    );
  };
}
