import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { keptSerializerCompiler } from './kept-serialization';

const serialize = keptSerializerCompiler({
  schema: z.object({ name: z.string(), count: z.number().int() }),
  method: 'GET',
  url: '/things',
  httpStatus: '200',
});

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

  it('refuses an answer its schema does not allow, every time it is sent', () => {
    const wrong = { name: 'Neon', count: 1.5 };
    expect(() => serialize(wrong)).toThrow();
    expect(() => serialize(wrong)).toThrow();
  });
});
