import { TOTAL_COUNT_HEADER } from '@gatefold/contract/list-query';
import type { FastifyReply } from 'fastify';

/**
 * Lists answer an array (SPEC §7), as items or as their JSON already written, and carry the full
 * count beside it (DESIGN §5).
 */
export function withTotalCount<Items>(reply: FastifyReply, total: number, items: Items): Items {
  reply.header(TOTAL_COUNT_HEADER, String(total));
  return items;
}
