import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { keptSerializers } from './kept-serialization';

const serializerOf = (schema: z.ZodType, serializers = keptSerializers()) =>
  serializers.compiler({ schema, method: 'GET', url: '/things', httpStatus: '200' });

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

  it('writes nullable numbers and objects as null or as what they are', () => {
    const serializeCounts = serializerOf(
      z.object({
        tracks: z.number().int().nullable(),
        rating: z.number().min(0).max(5).nullable(),
        parent: z.object({ id: z.number().int() }).nullable(),
        years: z.array(z.number().int()).nullable(),
      }),
    );
    expect(serializeCounts({ tracks: null, rating: 4.5, parent: null, years: [1994] })).toBe(
      '{"tracks":null,"rating":4.5,"parent":null,"years":[1994]}',
    );
    expect(
      serializeCounts({ tracks: 12, rating: null, parent: { id: 3, extra: 1 }, years: null }),
    ).toBe('{"tracks":12,"rating":null,"parent":{"id":3},"years":null}');
  });

  it('writes a nullable choice of values, a constant and a union as they are, or null', () => {
    const serializeKinds = serializerOf(
      z.array(
        z.object({
          kind: z.enum(['album', 'artist']).nullable(),
          version: z.literal(1).nullable(),
          id: z.union([z.string(), z.number()]).nullable(),
          note: z.string().nullable(),
        }),
      ),
    );
    // Each item in a list of two shapes, so a choice of schemas there checks its values.
    const serializeEither = serializerOf(
      z.union([
        z.object({ kind: z.enum(['album', 'artist']).nullable(), at: z.number().int() }),
        z.object({ name: z.string() }),
      ]),
    );
    expect(
      JSON.parse(
        serializeKinds([
          { kind: 'album', version: 1, id: 'x', note: 'n' },
          { kind: null, version: null, id: null, note: null },
          { kind: 'artist', version: 1, id: 7, note: null },
        ]),
      ),
    ).toEqual([
      { kind: 'album', version: 1, id: 'x', note: 'n' },
      { kind: null, version: null, id: null, note: null },
      { kind: 'artist', version: 1, id: 7, note: null },
    ]);
    expect(serializeEither({ kind: null, at: 3 })).toBe('{"kind":null,"at":3}');
    expect(serializeEither({ kind: 'artist', at: 4 })).toBe('{"kind":"artist","at":4}');
  });

  it('names the route whose answer cannot be encoded', () => {
    const serializers = keptSerializers();
    const serialize = serializers.compiler({
      schema: z.object({ at: z.string() }).meta({ $ref: '#/nowhere' }),
      method: 'GET',
      url: '/broken',
      httpStatus: '200',
    });
    expect(() => serialize({ at: 'x' })).toThrow(
      'The answer of GET /broken (200) cannot be encoded.',
    );
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

  it('compiles the encoders no answer has needed yet when asked, each once', () => {
    const serializers = keptSerializers();
    const thing = z.object({ name: z.string() });
    const sentAlready = serializerOf(thing, serializers);
    const notYet = serializerOf(thing, serializers);
    expect(sentAlready({ name: 'Dust' })).toBe('{"name":"Dust"}');

    expect(serializers.compileWaiting()).toBe(1);
    expect(serializers.compileWaiting()).toBe(0);
    expect(notYet({ name: 'Glass' })).toBe('{"name":"Glass"}');
  });
});
