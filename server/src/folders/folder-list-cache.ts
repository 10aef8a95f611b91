import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { Folder } from '@gatefold/contract/folders';
import { TOTAL_COUNT_HEADER } from '@gatefold/contract/list-query';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type KeptFolders, keptFolderRows } from './kept-folder-rows';
import { presentFolder } from './present';

/** A list as sent: its JSON, and gzipped once for browsers that take it. */
type Encoded = { body: string; count: number; gzipped?: Promise<Buffer> };

/**
 * The folder list is asked for on every screen and changes rarely, yet with thousands of folders
 * it is the costliest answer to build. It is built from the folders kept for their version
 * (`keptFolderRows`), encoded once a version as JSON (and gzipped, a tenth of the size, on a
 * thread of the pool, for browsers that take it), and a browser holding it already is answered
 * 304 through its ETag.
 */
export function folderListCache(db: Kysely<Database>) {
  const encodedLists = new WeakMap<KeptFolders, Encoded>();

  return async function folderList(request: FastifyRequest, reply: FastifyReply) {
    const { userId, library } = request;
    const folders = await keptFolderRows(db, userId, library);
    const etag = `W/"folders-${userId}-${folders.version}"`;
    reply
      .header('etag', etag)
      .header('cache-control', 'private, no-cache')
      .header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const list = encodedLists.get(folders) ?? encoded(folders);
    encodedLists.set(folders, list);
    reply.header(TOTAL_COUNT_HEADER, String(list.count)).type('application/json; charset=utf-8');
    if (!acceptsGzip(request)) return reply.send(list.body);
    list.gzipped ??= gzipped(list.body);
    return reply.header('content-encoding', 'gzip').send(await list.gzipped);
  };
}

function encoded({ rows }: KeptFolders): Encoded {
  const folders: Folder[] = rows.map(presentFolder);
  return { body: JSON.stringify(folders), count: folders.length };
}

const gzipped = promisify(gzip);

const encodings = new Negotiator({ supportedValues: ['gzip', 'identity'] });

function acceptsGzip(request: FastifyRequest): boolean {
  const accepted = request.headers['accept-encoding'];
  // Content codings are case-insensitive (RFC 9110 §8.4.1); the negotiator compares as given.
  return typeof accepted === 'string' && encodings.negotiate(accepted.toLowerCase()) === 'gzip';
}
