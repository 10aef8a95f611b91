import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { Folder } from '@gatefold/contract/folders';
import { TOTAL_COUNT_HEADER } from '@gatefold/contract/list-query';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { currentMinute } from '../albums/query-conditions';
import type { LibraryState } from '../db/library-results';
import type { Database } from '../db/schema';
import { presentFolder } from './present';
import { folderRowsWithCounts } from './queries';

/** Users whose folder list is kept ready; each list of 2,000 folders is a few hundred kB. */
const USERS_KEPT = 32;

/**
 * A built list. `version` is what it was built from: the folders' version alone, or for a user
 * with smart folders the library's too and the minute, since what their queries match moves
 * with both.
 */
type Built = {
  version: string;
  smart: boolean;
  body: string;
  count: number;
  gzipped?: Promise<Buffer>;
};

/** A user's list, kept once built and shared while it is being built. */
type Kept = { libraryVersion: string; building: Promise<Built>; built?: Built };

/**
 * The folder list is asked for on every screen and changes rarely, yet with thousands of folders
 * it is the costliest answer to build. Each user's folders carry a version that a trigger moves on
 * every change; the list is built once a version, kept as JSON (and gzipped, a tenth of the size,
 * on a thread of the pool, once a version for browsers that take it), and a browser holding it
 * already is answered 304 through its ETag. Requests that arrive while a version is being built
 * wait for that build rather than each starting one: with smart folders the list is rebuilt each
 * minute, and 50 requests building 2,000 folders at once held the event loop for 322 ms.
 */
export function folderListCache(db: Kysely<Database>) {
  const kept = new Map<number, Kept>();

  return async function folderList(request: FastifyRequest, reply: FastifyReply) {
    const { userId, library } = request;
    const plainVersion = library.foldersVersion;
    const smartVersion = `${plainVersion}-${library.version}-${currentMinute().getTime()}`;
    let entry = kept.get(userId);
    if (!entry || !isCurrent(entry, library.version, plainVersion, smartVersion)) {
      const building = buildList(db, userId, { plainVersion, smartVersion, library });
      const started: Kept = { libraryVersion: library.version, building };
      building.then(
        (built) => {
          started.built = built;
        },
        () => {
          if (kept.get(userId) === started) kept.delete(userId);
        },
      );
      entry = started;
    }
    // Most recently used last, so the first is the one to let go.
    kept.delete(userId);
    kept.set(userId, entry);
    if (kept.size > USERS_KEPT) kept.delete(kept.keys().next().value ?? -1);
    const list = await entry.building;
    const etag = `W/"folders-${userId}-${list.version}"`;
    reply
      .header('etag', etag)
      .header('cache-control', 'private, no-cache')
      .header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    reply.header(TOTAL_COUNT_HEADER, String(list.count)).type('application/json; charset=utf-8');
    if (!acceptsGzip(request)) return reply.send(list.body);
    list.gzipped ??= gzipped(list.body);
    return reply.header('content-encoding', 'gzip').send(await list.gzipped);
  };
}

/**
 * A built list is current for its versions (and, with smart folders, its minute); one still being
 * built, for the library and folders versions it was started at, whatever the minute.
 */
function isCurrent(kept: Kept, libraryVersion: string, plain: string, smart: string): boolean {
  const { built } = kept;
  if (!built) return kept.libraryVersion === libraryVersion;
  return built.version === (built.smart ? smart : plain);
}

async function buildList(
  db: Kysely<Database>,
  userId: number,
  versions: { plainVersion: string; smartVersion: string; library: LibraryState },
): Promise<Built> {
  const { plainVersion, smartVersion, library } = versions;
  const rows = await folderRowsWithCounts(db, userId, { knownVersion: library.version });
  const folders: Folder[] = rows.map(presentFolder);
  const smart = folders.some((folder) => folder.query !== null);
  const version = smart ? smartVersion : plainVersion;
  return { version, smart, body: JSON.stringify(folders), count: folders.length };
}

const gzipped = promisify(gzip);

const encodings = new Negotiator({ supportedValues: ['gzip', 'identity'] });

function acceptsGzip(request: FastifyRequest): boolean {
  const accepted = request.headers['accept-encoding'];
  // Content codings are case-insensitive (RFC 9110 §8.4.1); the negotiator compares as given.
  return typeof accepted === 'string' && encodings.negotiate(accepted.toLowerCase()) === 'gzip';
}
