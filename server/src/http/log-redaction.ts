import type { FastifyRequest } from 'fastify';

const SECRET_PARAMETERS =
  /([?&](?:token|code|state|access_token|refresh_token|code_verifier)=)[^&#]*/gi;

/** Sign-in codes and the handed-over session token travel in addresses; they never reach the log. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMETERS, '$1[redacted]');
}

/** What a request log line holds: no headers, so no Authorization. */
export function serializeRequest(request: FastifyRequest) {
  return { id: request.id, method: request.method, url: redactUrl(request.url) };
}
