import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { LibraryState } from '../db/library-results';
import type { Database } from '../db/schema';
import { unauthorized } from '../http/errors';
import { findSessionUser } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by the session hook on every route that needs sign-in. */
    userId: number;
    sessionToken: string;
    /** The user's library as the session check read it, as the request began. */
    library: LibraryState;
  }
}

/** Who is signed in and their library as the request began: what user-scoped reads start from. */
export type SignedIn = Pick<FastifyRequest, 'userId' | 'library'>;

/** The bearer token of a request, if it carries one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer ([A-Za-z0-9._~+/=-]{1,512})$/.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** An onRequest hook that admits only requests with a live session. */
export function requireSession(db: Kysely<Database>) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    const user = token ? await findSessionUser(db, token) : undefined;
    if (!token || user === undefined)
      throw unauthorized('Your session is missing or has ended. Please sign in.');
    request.userId = user.userId;
    request.library = user.library;
    request.sessionToken = token;
  };
}
