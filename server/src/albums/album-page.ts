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
import { withTotalCount } from '../http/paging';
import type { LabelledAlbumRow } from './labelled-albums';
import type { AlbumFilter } from './matching-albums';
import { presentAlbum } from './present';
import { listAlbumRows } from './queries';

/** A query the schema has let through; the check here keeps a caller that skipped it honest. */
export function readAlbumQuery(q: string | undefined): QueryNode | null {
  if (!q) return null;
  const parsed = parseAlbumQuery(q);
  if (!parsed.ok) throw invalid('q', describeQueryError(q, parsed.error));
  return parsed.query;
}

/** One page of a user's albums within a scope (all, a folder, tag, genre or artist), as listed. */
export async function albumPage(
  db: Kysely<Database>,
  reply: FastifyReply,
  { userId, library }: SignedIn,
  { limit, offset, sort, q }: AlbumListQuery,
  scope: Omit<AlbumFilter, 'query'> = {},
): Promise<AlbumSummary[]> {
  const filter = { ...scope, query: readAlbumQuery(q) };
  const page = { limit, offset };
  const { total, rows } = await listAlbumRows(db, userId, filter, sort, page, library);
  return withTotalCount(reply, total, listedAlbums(rows));
}

const listedPages = new WeakMap<LabelledAlbumRow[], AlbumSummary[]>();

/**
 * A page's rows as listed, made once for each page: a kept page is one array sent to every
 * request that asks for it again, and one array of summaries lets the response serializer send
 * the JSON it made the first time (http/kept-serialization.ts).
 */
export function listedAlbums(rows: LabelledAlbumRow[]): AlbumSummary[] {
  const known = listedPages.get(rows);
  if (known) return known;
  const albums = rows.map(presentAlbum);
  listedPages.set(rows, albums);
  return albums;
}
