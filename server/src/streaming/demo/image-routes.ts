import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { albumCoverSvg, artistImageSvg } from './covers';
import type { DemoCatalogue } from './demo-catalogue';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const params = z.object({ file: z.string().regex(/^[A-Za-z0-9]{22}\.svg$/) });

/** Covers and artist images of the demo catalogue, drawn on request; the same id, the same image. */
export function demoImageRoutes(catalogue: DemoCatalogue) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const sendSvg = (svg: string | undefined, reply: FastifyReply) =>
      svg === undefined
        ? reply.status(404).send({ detail: 'No such image.' })
        : reply
            .type('image/svg+xml')
            .header('cache-control', IMMUTABLE)
            .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
            .send(svg);

    routes.get('/covers/:file', { schema: { hide: true, params } }, async (request, reply) => {
      const album = catalogue.albumsById.get(request.params.file.slice(0, 22))?.detail;
      return sendSvg(
        album && albumCoverSvg(album.id, album.name, album.artists.map((a) => a.name).join(', ')),
        reply,
      );
    });

    routes.get('/artists/:file', { schema: { hide: true, params } }, async (request, reply) => {
      const artist = catalogue.artistsById.get(request.params.file.slice(0, 22));
      return sendSvg(artist && artistImageSvg(artist.id, artist.name), reply);
    });
  };
}
