import type { FastifyReply } from 'fastify';

declare const jsonOf: unique symbol;

/** Text that is the JSON of a `T`, written by the database: sent as it is, never parsed here. */
export type JsonText<T> = string & { readonly [jsonOf]: T };

/** Answers with JSON written beforehand: Fastify sends a string of a JSON type unchanged. */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
