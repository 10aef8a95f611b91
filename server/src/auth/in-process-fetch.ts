import type { FastifyInstance } from 'fastify';

/** The OAuth client only ever GETs (profile) and POSTs (token exchange). */
type FetchOptions = { method: string; headers: Record<string, string>; body?: unknown };

/**
 * Answers a request with this same app, without a network hop. The demo sign-in service lives in
 * this server, and PUBLIC_URL may be an address the server itself cannot reach (behind a proxy).
 */
export function inProcessFetch(app: FastifyInstance) {
  return async (url: string, options: FetchOptions): Promise<Response> => {
    const { pathname, search } = new URL(url);
    const answer = await app.inject({
      method: options.method === 'POST' ? 'POST' : 'GET',
      url: pathname + search,
      headers: options.headers,
      ...(options.body === undefined ? {} : { payload: String(options.body) }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined)
        headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(answer.rawPayload, { status: answer.statusCode, headers });
  };
}
