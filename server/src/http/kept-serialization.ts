import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/** A route, method and status with the zod schema of its answer. */
type RouteDefinition = Parameters<typeof serializerCompiler>[0];

/** Fastify's own compiler of JSON Schema into fast-json-stringify serializers. */
const compileJsonSerializer = SerializerSelector()();

/**
 * Response serializers that remember the JSON of each object they encoded: a kept result (an
 * artists page, a search) is one object sent to every request that asks for it again, and each
 * of them encoded it anew. Kept results are never changed once made, so their JSON stays right;
 * an object made for one response is forgotten with it. A route's encoder is compiled when the
 * route first answers, or before, by `compileWaiting`: a test's app sends few of its routes, but
 * the server's first answer of a large schema (a folder's) compiled on the event loop for 18 ms
 * (docs/decisions.md).
 */
export function keptSerializers() {
  const waiting = new Set<() => void>();

  const compiler: FastifySerializerCompiler<RouteDefinition['schema']> = (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    const compile = () => {
      waiting.delete(compile);
      serialize ??= responseEncoder(route);
      return serialize;
    };
    // Fastify gives every GET a HEAD twin of the same schema, which hardly anyone asks.
    if (route.method !== 'HEAD') waiting.add(compile);
    const encoded = new WeakMap<object, string>();
    return (data: unknown) => {
      const encode = serialize ?? compile();
      if (typeof data !== 'object' || data === null) return encode(data);
      const known = encoded.get(data);
      if (known !== undefined) return known;
      const json = encode(data);
      encoded.set(data, json);
      return json;
    };
  };

  /** Compiles every encoder not yet compiled; answers how many that was. */
  const compileWaiting = () => {
    const count = waiting.size;
    for (const compile of [...waiting]) compile();
    return count;
  };

  return { compiler, compileWaiting };
}

/**
 * fast-json-stringify compiled from the schema's JSON Schema, as Fastify serializes its own
 * routes: it writes only the properties the schema names, in a quarter of the time Zod took to
 * check a page of albums and copy it (docs/decisions.md). A schema whose JSON is not its output
 * (a transform, a default) keeps Zod's encoder.
 */
function responseEncoder(route: RouteDefinition): (data: unknown) => string {
  try {
    return compiledEncoder(route);
  } catch (error) {
    throw new Error(
      `The answer of ${route.method} ${route.url} (${route.httpStatus}) cannot be encoded.`,
      {
        cause: error,
      },
    );
  }
}

function compiledEncoder(route: RouteDefinition): (data: unknown) => string {
  const { schema } = route;
  const zodSchema =
    schema instanceof $ZodType
      ? schema
      : 'properties' in schema && schema.properties instanceof $ZodType
        ? schema.properties
        : undefined;
  const shape = zodSchema && plainJsonSchema(zodSchema);
  return shape
    ? compileJsonSerializer({
        method: route.method,
        url: route.url,
        httpStatus: route.httpStatus ?? 'default',
        schema: shape,
      })
    : serializerCompiler(route);
}

/** The schema's JSON Schema, when what it reads and what it writes are one shape. */
function plainJsonSchema(schema: $ZodType) {
  try {
    const output = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' });
    const input = z.toJSONSchema(schema, { io: 'input', target: 'draft-7' });
    return shapeOf(output) === shapeOf(input) ? withNullableTypeLists(output) : undefined;
  } catch {
    // Not expressible in JSON Schema (a refinement's function, a date): Zod encodes it.
    return undefined;
  }
}

/** A JSON Schema as text, less what only an output schema says: that objects hold nothing else. */
const shapeOf = (schema: object) =>
  JSON.stringify(schema, (key, value) =>
    key === 'additionalProperties' && value === false ? undefined : value,
  );

const choiceOfTwo = z.strictObject({
  anyOf: z.array(z.looseObject({ type: z.string(), const: z.unknown().optional() })).length(2),
});

/**
 * The schema with each choice of a value or null written as a list of types (`"type":
 * ["integer", "null"]`), as Zod writes a nullable integer (its bounds keep it from a list of its
 * own): fast-json-stringify writes a list of types directly, where a choice takes a validator
 * that it compiles at a route's first answer (18 ms on the event loop for a folder's) and runs on
 * every value. A value's own enum or constant takes null beside it.
 */
function withNullableTypeLists(schema: object): object {
  return JSON.parse(JSON.stringify(schema), (_key, value: unknown) => {
    const choice = choiceOfTwo.safeParse(value);
    if (!choice.success) return value;
    const [first, second] = choice.data.anyOf;
    const kept = first?.type === 'null' ? second : second?.type === 'null' ? first : undefined;
    if (!kept || kept.type === 'null') return value;
    const { const: only, ...rest } = kept;
    const allowed = Array.isArray(rest.enum) ? rest.enum : 'const' in kept ? [only] : undefined;
    return {
      ...rest,
      type: [kept.type, 'null'],
      ...(allowed && { enum: [...allowed, null] }),
    };
  });
}
