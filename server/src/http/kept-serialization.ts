import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * Zod's response serializer, remembering the JSON of each object it encoded: a kept result (an
 * artists page, a search) is one object sent to every request that asks for it again, and each
 * of them encoded it through its schema anew. Kept results are never changed once made, so their
 * JSON stays right; an object made for one response is forgotten with it.
 */
export const keptSerializerCompiler: typeof serializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  const encoded = new WeakMap<object, string>();
  return (data: unknown) => {
    if (typeof data !== 'object' || data === null) return serialize(data);
    const known = encoded.get(data);
    if (known !== undefined) return known;
    const json = serialize(data);
    encoded.set(data, json);
    return json;
  };
};
