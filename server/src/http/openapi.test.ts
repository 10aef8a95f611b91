import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';

type Operation = {
  summary?: string;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};

describe('the OpenAPI document', () => {
  it('describes every API operation with a summary and, where it answers JSON, its shape', async () => {
    const { app, destroy } = await createTestApp('sqlite');
    const document = (await app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    await destroy();
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        key: `${method} ${path}`,
        operation,
      })),
    );
    expect(operations.length).toBeGreaterThan(30);
    for (const { key, operation } of operations) expect(operation.summary, key).toBeTruthy();
    const withoutJson = operations
      .filter(({ operation }) =>
        Object.values(operation.responses ?? {}).every(
          (response) => !response.content?.['application/json'],
        ),
      )
      .map(({ key }) => key)
      .sort();
    // Redirects, the image itself, and the calls that answer 204 No Content.
    expect(withoutJson).toEqual([
      'delete /api/v1/albums/{id}',
      'delete /api/v1/albums/{id}/folders/{folderId}',
      'delete /api/v1/albums/{id}/genres/{genreId}',
      'delete /api/v1/albums/{id}/tags/{tagId}',
      'delete /api/v1/folders/{id}',
      'delete /api/v1/maintenance/account',
      'get /api/v1/auth/callback',
      'get /api/v1/auth/login',
      'get /api/v1/images/{key}',
      'get /api/v1/maintenance/export',
      'post /api/v1/albums/{id}/folders/{folderId}',
      'post /api/v1/auth/logout',
    ]);
  });
});
