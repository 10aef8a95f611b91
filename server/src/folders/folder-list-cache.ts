import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { Folder } from '@gatefold/contract/folders';
import { TOTAL_COUNT_HEADER } from '@gatefold/contract/list-query';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { currentMinute } from '../albums/query-conditions';
import type { Database } from '../db/schema';
import { presentFolder } from './present';
import { folderRowsWithCounts } from './queries';

/** Users whose folder list is kept ready; each list of 2,000 folders is a few hundred kB. */
const USERS_KEPT = 32;

/**
 * `version` is what the list was built from: the folders' version alone, or for a user with smart
 * folders also the library's and the minute, since what their queries match moves with both.
 */
type Kept = {
  version: string;
  smart: boolean;
  body: string;
  count: number;
  gzipped?: Promise<Buffer>;
};

/**
 * The folder list is asked for on every screen and changes rarely, yet with thousands of folders
 * it is the costliest answer to build. Each user's folders carry a version that a trigger moves on
 * every change; the list is built once a version, kept as JSON (and gzipped, a tenth of the size,
 * on a thread of the pool, once a version for browsers that take it), and a browser holding it
 * already is answered 304 through its ETag.
 */
export function folderListCache(db: Kysely<Database>) {
  const kept = new Map<number, Kept>();

  return async function folderList(request: FastifyRequest, reply: FastifyReply) {
    const user = await db
      .selectFrom('users')
      .select(['folders_version', 'library_version'])
      .where('id', '=', request.userId)
      .executeTakeFirstOrThrow();
    const plainVersion = String(user.folders_version);
    const smartVersion = `${plainVersion}-${user.library_version}-${currentMinute().getTime()}`;
    let list = kept.get(request.userId);
    if (list?.version !== (list?.smart ? smartVersion : plainVersion)) {
      const rows = await folderRowsWithCounts(db, request.userId);
      const folders: Folder[] = rows.map(presentFolder);
      const smart = folders.some((folder) => folder.query !== null);
      const version = smart ? smartVersion : plainVersion;
      list = { version, smart, body: JSON.stringify(folders), count: folders.length };
    }
    const etag = `W/"folders-${request.userId}-${list.version}"`;
    reply
      .header('etag', etag)
      .header('cache-control', 'private, no-cache')
      .header('vary', 'accept-encoding');
    // Most recently used last, so the first is the one to let go.
    kept.delete(request.userId);
    kept.set(request.userId, list);
    if (kept.size > USERS_KEPT) kept.delete(kept.keys().next().value ?? -1);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    reply.header(TOTAL_COUNT_HEADER, String(list.count)).type('application/json; charset=utf-8');
    if (!acceptsGzip(request)) return reply.send(list.body);
    list.gzipped ??= gzipped(list.body);
    return reply.header('content-encoding', 'gzip').send(await list.gzipped);
  };
}

const gzipped = promisify(gzip);

const encodings = new Negotiator({ supportedValues: ['gzip', 'identity'] });

function acceptsGzip(request: FastifyRequest): boolean {
  const accepted = request.headers['accept-encoding'];
  // Content codings are case-insensitive (RFC 9110 §8.4.1); the negotiator compares as given.
  return typeof accepted === 'string' && encodings.negotiate(accepted.toLowerCase()) === 'gzip';
}
