import fc from 'fast-check';

/** The subset of an OpenAPI 3.0 schema object that our generated document uses. */
export type OpenApiSchema = {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null';
  nullable?: boolean;
  enum?: unknown[];
  anyOf?: OpenApiSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  items?: OpenApiSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  additionalProperties?: boolean | OpenApiSchema;
};

/** Values that break parsers and queries: huge, negative, empty, odd scripts, escapes, injections. */
export const hostileText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e400',
    '9999999999999999999999',
    'NaN',
    'null',
    '%',
    '%00',
    '../../etc/passwd',
    "' or 1=1 --",
    '"*',
    'owner : "u1" OR text : x',
    'É',
    'ß',
    'İ',
    'ς',
    '🎵',
    '\u0000',
    'a'.repeat(5_000),
  ),
);

/** Any JSON at all, for bodies that should be refused. */
export const hostileJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })),
);

/** Values a schema accepts (or nearly: patterns and bounds are followed, formats loosely). */
export function validValue(schema: OpenApiSchema): fc.Arbitrary<unknown> {
  const value = nonNullValue(schema);
  return schema.nullable ? fc.option(value, { nil: null }) : value;
}

function nonNullValue(schema: OpenApiSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(validValue));
  switch (schema.type) {
    case 'string':
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      if (schema.format === 'uri') return fc.webUrl();
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map(iso);
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: schema.maxLength ?? 40 });
    case 'integer':
    case 'number': {
      const min = Math.max(lowerBound(schema), -1_000_000_000);
      const max = Math.min(upperBound(schema), 1_000_000_000);
      return fc.integer({ min, max: Math.max(min, max) });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [
          name,
          validValue(property),
        ]),
      );
      return fc.record(properties, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const iso = (date: Date) => date.toISOString();

function lowerBound(schema: OpenApiSchema): number {
  const minimum = schema.minimum ?? Number.MIN_SAFE_INTEGER;
  if (typeof schema.exclusiveMinimum === 'number') return Math.floor(schema.exclusiveMinimum) + 1;
  return schema.exclusiveMinimum ? Math.floor(minimum) + 1 : Math.ceil(minimum);
}

function upperBound(schema: OpenApiSchema): number {
  const maximum = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  if (typeof schema.exclusiveMaximum === 'number') return Math.ceil(schema.exclusiveMaximum) - 1;
  return schema.exclusiveMaximum ? Math.ceil(maximum) - 1 : Math.floor(maximum);
}

/**
 * The same schema in JSON Schema (draft-07) terms for a validator: OpenAPI 3.0's `nullable` and
 * boolean exclusive bounds have no meaning there.
 */
export function toJsonSchema(schema: OpenApiSchema): object {
  const { nullable, exclusiveMinimum, exclusiveMaximum, ...rest } = schema;
  const converted: Record<string, unknown> = { ...rest };
  if (exclusiveMinimum === true) {
    converted.exclusiveMinimum = schema.minimum;
    delete converted.minimum;
  }
  if (exclusiveMaximum === true) {
    converted.exclusiveMaximum = schema.maximum;
    delete converted.maximum;
  }
  if (schema.items) converted.items = toJsonSchema(schema.items);
  if (schema.anyOf) converted.anyOf = schema.anyOf.map(toJsonSchema);
  if (schema.properties) {
    converted.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, property]) => [name, toJsonSchema(property)]),
    );
  }
  if (typeof schema.additionalProperties === 'object')
    converted.additionalProperties = toJsonSchema(schema.additionalProperties);
  return nullable ? { anyOf: [converted, { type: 'null' }] } : converted;
}
