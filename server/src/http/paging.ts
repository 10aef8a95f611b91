import { TOTAL_COUNT_HEADER } from '@gatefold/contract/list-query';
import type { FastifyReply } from 'fastify';

/** Lists answer an array (SPEC §7) and carry the full count beside it (DESIGN §5). */
export function withTotalCount<T>(reply: FastifyReply, total: number, items: T[]): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(total));
  return items;
}
