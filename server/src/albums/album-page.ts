import {
  describeQueryError,
  parseAlbumQuery,
  type QueryNode,
} from '@gatefold/contract/album-query';
import type { AlbumListQuery, AlbumSummary } from '@gatefold/contract/albums';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { SignedIn } from '../auth/session-hook';
import type { Database } from '../db/schema';
import { invalid } from '../http/errors';
import type { JsonText } from '../http/json-text';
import { withTotalCount } from '../http/paging';
import type { AlbumFilter } from './matching-albums';
import { listAlbums } from './queries';

/** A query the schema has let through; the check here keeps a caller that skipped it honest. */
export function readAlbumQuery(q: string | undefined): QueryNode | null {
  if (!q) return null;
  const parsed = parseAlbumQuery(q);
  if (!parsed.ok) throw invalid('q', describeQueryError(q, parsed.error));
  return parsed.query;
}

/**
 * One page of a user's albums within a scope (all, a folder, tag, genre or artist) as the list's
 * JSON, with the count of all that match in `X-Total-Count`.
 */
export async function albumPage(
  db: Kysely<Database>,
  reply: FastifyReply,
  { userId, library }: SignedIn,
  { limit, offset, sort, q }: AlbumListQuery,
  scope: Omit<AlbumFilter, 'query'> = {},
): Promise<JsonText<AlbumSummary[]>> {
  const filter = { ...scope, query: readAlbumQuery(q) };
  const page = { limit, offset };
  const { total, albums } = await listAlbums(db, userId, filter, sort, page, library);
  return withTotalCount(reply, total, albums);
}
