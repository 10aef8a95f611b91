import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

const NUL_REFUSED = 'Text may not hold the NUL character (U+0000).';

/**
 * PostgreSQL cannot store U+0000 in text and fails the whole statement; SQLite stores it and
 * compares by it. Neither is what a user means, so it is refused at the door on both: in the
 * address (path and query) and anywhere in a JSON body.
 */
export function refuseNulCharacters(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url)) throw badRequest(NUL_REFUSED);
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const body = raw.toString();
    parseJson(request, body, (error, value) => {
      // The escape must appear in the text for a NUL to be in the value: most bodies skip the walk.
      if (!error && body.includes('\\u0000') && holdsNul(value)) {
        return done(badRequest(NUL_REFUSED), undefined);
      }
      return done(error, value);
    });
  });
}

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item));
  return false;
}
