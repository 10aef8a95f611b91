import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { keptSerializerCompiler } from './kept-serialization';

const serializerOf = (schema: z.ZodType) =>
  keptSerializerCompiler({ schema, method: 'GET', url: '/things', httpStatus: '200' });

const serialize = serializerOf(z.object({ name: z.string(), count: z.number().int() }));

describe('the response serializer', () => {
  it('sends a kept object as it first encoded it, however often it is sent', () => {
    const kept = { name: 'Blue', count: 2 };
    expect(serialize(kept)).toBe('{"name":"Blue","count":2}');
    // Kept results are never changed; were one changed, its first JSON would still be sent.
    kept.count = 3;
    expect(serialize(kept)).toBe('{"name":"Blue","count":2}');
  });

  it('encodes each new object through its schema, leaving out what the schema does not name', () => {
    expect(serialize({ name: 'Gold', count: 1, secret: 'x' })).toBe('{"name":"Gold","count":1}');
    expect(serialize({ name: 'Gold', count: 5 })).toBe('{"name":"Gold","count":5}');
  });

  it('writes nested lists, nullable fields and text that needs escaping as JSON does', () => {
    const serializeList = serializerOf(
      z.array(
        z.object({
          name: z.string(),
          year: z.number().int().nullable(),
          tags: z.array(z.string()),
        }),
      ),
    );
    const albums = [
      { name: 'Ágætis "byrjun"\n', year: null, tags: ['Post-rock', 'Sigur Rós'], user_id: 7 },
      { name: 'Кино', year: 1988, tags: [] },
    ];
    expect(JSON.parse(serializeList(albums))).toEqual([
      { name: 'Ágætis "byrjun"\n', year: null, tags: ['Post-rock', 'Sigur Rós'] },
      { name: 'Кино', year: 1988, tags: [] },
    ]);
  });

  it('refuses an answer without a field its schema requires, every time it is sent', () => {
    const wrong = { name: 'Neon' };
    expect(() => serialize(wrong)).toThrow();
    expect(() => serialize(wrong)).toThrow();
  });

  it('encodes through Zod what JSON Schema cannot describe, and refuses what Zod refuses', () => {
    const serializeDated = serializerOf(z.object({ at: z.date() }));
    expect(serializeDated({ at: new Date(0) })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
    expect(() => serializeDated({ at: 'yesterday' })).toThrow();
  });
});
