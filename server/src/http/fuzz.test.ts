import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildAlbum, buildFolder } from '../testing/factories';
import { hostileJson, hostileText, toJsonSchema, validValue } from '../testing/openapi-arbitraries';
import {
  documentedOperations,
  type HttpMethod,
  type Operation,
  type Parameter,
} from '../testing/openapi-document';
import { bearer, signIn, uniqueName, useTestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';

/** Requests per database; `FUZZ_RUNS` and `FUZZ_SEED` widen a run or replay a failure. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 8_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/** Calls that end the session the run signs in with; their own tests cover them. */
const ENDS_THE_SESSION = new Set([
  'POST /api/v1/auth/logout',
  'POST /api/v1/auth/refresh',
  'DELETE /api/v1/maintenance/account',
]);

/** A value for a parameter: one the schema allows, one of the user's own, or anything at all. */
function parameterValue(parameter: Parameter, known: string[]): fc.Arbitrary<string> {
  const value = fc.oneof(
    validValue(parameter.schema).map(String),
    fc.constantFrom(...known),
    hostileText,
  );
  // An empty or dot segment addresses another route (/tags/ and /tags/. are the list).
  return parameter.in === 'path' ? value.filter((text) => !['', '.', '..'].includes(text)) : value;
}

type Call = {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** Kept out of the counterexample that a failure prints: the call alone says enough. */
  operation: () => Operation;
};

/** One request to one operation: its path filled, some of its query, a body of any sort. */
function callTo(operation: Operation, token: string, known: string[]): fc.Arbitrary<Call> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  const body = operation.body
    ? fc.oneof(
        { weight: 3, arbitrary: validValue(operation.body).map((value) => JSON.stringify(value)) },
        { weight: 1, arbitrary: hostileJson.map((value) => JSON.stringify(value)) },
        { weight: 1, arbitrary: hostileText },
      )
    : fc.option(hostileText, { nil: undefined });
  return fc
    .record({
      path: fc.tuple(...pathParameters.map((p) => parameterValue(p, known))),
      query: fc.tuple(
        ...queryParameters.map((p) => fc.option(parameterValue(p, known), { nil: undefined })),
      ),
      payload: body,
      contentType: fc.oneof(
        { weight: 6, arbitrary: fc.constant('application/json') },
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/octet-stream',
          'garbage',
        ),
      ),
      authorization: fc.oneof(
        { weight: 8, arbitrary: fc.constant(bearer(token).authorization) },
        { weight: 1, arbitrary: hostileText.map((text) => `Bearer ${text}`) },
      ),
    })
    .map(({ path, query, payload, contentType, authorization }) => {
      let url = operation.path;
      pathParameters.forEach((parameter, index) => {
        url = url.replace(`{${parameter.name}}`, encodeURIComponent(path[index] ?? ''));
      });
      const search = new URLSearchParams();
      queryParameters.forEach((parameter, index) => {
        const value = query[index];
        if (value !== undefined) search.set(parameter.name, value);
      });
      const queryString = search.toString();
      return {
        method: operation.method,
        url: queryString ? `${url}?${queryString}` : url,
        headers: {
          authorization: authorization.replace(/[^\t\x20-\x7e]/g, ''),
          ...(payload !== undefined ? { 'content-type': contentType } : {}),
        },
        ...(payload !== undefined ? { payload } : {}),
        operation: () => operation,
      };
    });
}

describe.each(testDatabaseKinds)('the API under generated input (%s)', (kind) => {
  // The limit would answer most calls 429 long before the run ends; its own tests cover it.
  const current = useTestApp(kind, { RATE_LIMIT_PER_MINUTE: '1000000' });

  it('never answers 5xx, refuses with a detail, and answers 2xx in the documented shape', async () => {
    const { app } = current();
    const token = await signIn(app, uniqueName('Fuzzed'));
    // Something of the user's for generated calls to find: ids and names that exist.
    const album = await buildAlbum(app, token, { name: 'Ágætis byrjun', artist: 'Sigur Rós' });
    const folder = await buildFolder(app, token, { name: 'Shelf' });
    await app.inject({
      method: 'POST',
      url: `/api/v1/albums/${album.id}/tags/Été`,
      headers: bearer(token),
    });
    const known = [String(album.id), String(folder.id), 'Été', 'sigur-ros', 'Sigur Rós'];

    const operations = (await documentedOperations(app)).filter(
      (operation) => !ENDS_THE_SESSION.has(`${operation.method} ${operation.path}`),
    );
    const ajv = new Ajv({ strict: false });
    addFormats.default(ajv);
    const validators = new Map<string, ValidateFunction>();
    const responseValidator = (operation: Operation, status: number) => {
      const key = `${operation.method} ${operation.path} ${status}`;
      const schema = operation.responses[String(status)]?.content?.['application/json']?.schema;
      if (!schema) return undefined;
      if (!validators.has(key)) validators.set(key, ajv.compile(toJsonSchema(schema)));
      return validators.get(key);
    };

    const calls = fc
      .constantFrom(...operations)
      .chain((operation) => callTo(operation, token, known));
    await fc.assert(
      fc.asyncProperty(calls, async (call) => {
        const response = await app.inject({
          method: call.method,
          url: call.url,
          headers: call.headers,
          ...(call.payload !== undefined ? { payload: call.payload } : {}),
        });
        const what = `${call.method} ${call.url} → ${response.statusCode} ${response.body.slice(0, 300)}`;
        expect(response.statusCode, what).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(response.json(), what).toMatchObject({ detail: expect.any(String) });
          return;
        }
        const validate = responseValidator(call.operation(), response.statusCode);
        if (validate && !validate(response.json()))
          expect.fail(`${what}\n${JSON.stringify(validate.errors)}`);
      }),
      { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
    );
  }, 120_000);
});
