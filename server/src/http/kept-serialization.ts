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
 * The route's response serializer, remembering the JSON of each object it encoded: a kept result
 * (an artists page, a search) is one object sent to every request that asks for it again, and
 * each of them encoded it anew. Kept results are never changed once made, so their JSON stays
 * right; an object made for one response is forgotten with it. The encoder is compiled when the
 * route first answers: compiling all of them added 50 ms to every app's start, and a test's app
 * sends few of its routes.
 */
export const keptSerializerCompiler: FastifySerializerCompiler<RouteDefinition['schema']> = (
  route,
) => {
  let serialize: ((data: unknown) => string) | undefined;
  const encoded = new WeakMap<object, string>();
  return (data: unknown) => {
    serialize ??= responseEncoder(route);
    if (typeof data !== 'object' || data === null) return serialize(data);
    const known = encoded.get(data);
    if (known !== undefined) return known;
    const json = serialize(data);
    encoded.set(data, json);
    return json;
  };
};

/**
 * fast-json-stringify compiled from the schema's JSON Schema, as Fastify serializes its own
 * routes: it writes only the properties the schema names, in a quarter of the time Zod took to
 * check a page of albums and copy it (docs/decisions.md). A schema whose JSON is not its output
 * (a transform, a default) keeps Zod's encoder.
 */
function responseEncoder(route: RouteDefinition): (data: unknown) => string {
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
    return shapeOf(output) === shapeOf(input) ? output : undefined;
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
