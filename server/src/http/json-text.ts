import type { FastifyReply } from 'fastify';

declare const jsonOf: unique symbol;

/**
 * Text that is the JSON of a `T`: written by the database in the contract's shape (a page of
 * albums) or encoded here, sent as it is and never parsed on the way.
 */
export type JsonText<T> = string & { readonly [jsonOf]: T };

/** Where a text becomes a `JsonText`: each caller has just made it the JSON of its `T`. */
const asJsonOf = <T>(text: string) => text as JsonText<T>;

/** A value encoded here, for an answer whose other parts are JSON already. */
export const jsonTextOf = <T>(value: T): JsonText<T> => asJsonOf(JSON.stringify(value));

/** An object whose members are JSON texts, as one. */
export function jsonObjectText<T extends object>(
  members: {
    [Key in keyof T]: JsonText<T[Key]>;
  },
): JsonText<T> {
  const encoded = Object.entries<string>(members).map(
    ([key, json]) => `${JSON.stringify(key)}:${json}`,
  );
  return asJsonOf(`{${encoded.join(',')}}`);
}

/** Answers with JSON made beforehand: Fastify sends a string of a JSON type unchanged. */
export function sendJson(reply: FastifyReply, json: JsonText<unknown>): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
