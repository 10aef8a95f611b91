import type { AlbumListQuery, AlbumSummary } from '@gatefold/contract/albums';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { withTotalCount } from '../http/paging';
import { presentAlbum } from './present';
import { type AlbumFilter, listAlbumRows } from './queries';

/** One page of a user's albums within a scope (all, a folder, tag, genre or artist), as listed. */
export async function albumPage(
  db: Kysely<Database>,
  reply: FastifyReply,
  userId: number,
  { limit, offset, sort, q }: AlbumListQuery,
  scope: Omit<AlbumFilter, 'q'> = {},
): Promise<AlbumSummary[]> {
  const { total, rows } = await listAlbumRows(db, userId, { ...scope, q }, sort, { limit, offset });
  return withTotalCount(reply, total, rows.map(presentAlbum));
}
