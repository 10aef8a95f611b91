import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * JSON answers are never rendered, so they need only what stops a browser treating them as a
 * page (GitHub's API sends the same): four headers set at once, not helmet's dozen per request.
 */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/** Paths under /api that answer pages or images of their own (the demo service's). */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/demo/');

/**
 * Security headers on every answer: pages get helmet's full set with a strict CSP (scripts,
 * styles, fonts and calls from this server only), JSON answers the few that matter to them, and
 * both no referrer. Helmet's middleware is built once here, not per request.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiAnswer(request.url)) {
      reply.headers(API_HEADERS);
      return done();
    }
    setHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
}
