import { AUTH_TOKEN_STORAGE_KEY } from '@gatefold/contract/browser-session';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-error';
import { apiUrl, type BrowserPort, createApiClient } from './client';

const album = z.object({ id: z.number(), name: z.string() });

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function fakeBrowser(answer: () => Response, path = '/dashboard') {
  const calls: { url: string; init: RequestInit }[] = [];
  const navigate = vi.fn<(url: string) => void>();
  const browser: BrowserPort = {
    fetch: async (input, init = {}) => {
      calls.push({ url: String(input), init });
      return answer();
    },
    currentPath: () => path,
    navigate,
  };
  return { client: createApiClient(browser), calls, navigate };
}

function headerOf(init: RequestInit | undefined, name: string): string | null {
  return new Headers(init?.headers).get(name);
}

describe('apiUrl', () => {
  it('puts paths starting with /v1/ under /api and leaves others alone', () => {
    expect(apiUrl('/v1/albums/')).toBe('/api/v1/albums/');
    expect(apiUrl('/api/health')).toBe('/api/health');
    expect(apiUrl('/v10/x')).toBe('/v10/x');
  });
});

describe('api client', () => {
  it('sends the request to the /api address with the stored bearer token', async () => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok-123');
    const { client, calls } = fakeBrowser(() => jsonResponse(200, { id: 1, name: 'Kind of Blue' }));

    const result = await client.request('/v1/albums/1', { schema: album });

    expect(result).toEqual({ id: 1, name: 'Kind of Blue' });
    expect(calls[0]?.url).toBe('/api/v1/albums/1');
    expect(headerOf(calls[0]?.init, 'Authorization')).toBe('Bearer tok-123');
    expect(calls[0]?.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends no Authorization header without a token', async () => {
    const { client, calls } = fakeBrowser(() => jsonResponse(200, { id: 1, name: 'x' }));
    await client.request('/v1/albums/1', { schema: album });
    expect(headerOf(calls[0]?.init, 'Authorization')).toBeNull();
  });

  it('sends a body as JSON and marks only requests with a body as JSON', async () => {
    const { client, calls } = fakeBrowser(() => jsonResponse(200, { id: 2, name: 'Blue' }));
    await client.request('/v1/albums/', { method: 'POST', body: { name: 'Blue' }, schema: album });
    await client.request('/v1/albums/2', { method: 'DELETE', schema: z.unknown() });

    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"name":"Blue"}');
    expect(headerOf(calls[0]?.init, 'Content-Type')).toBe('application/json');
    expect(headerOf(calls[1]?.init, 'Content-Type')).toBeNull();
  });

  it('turns an error answer into an ApiError with the status and the server detail', async () => {
    const { client } = fakeBrowser(() => jsonResponse(404, { detail: 'Album not found.' }));
    const failure = client.request('/v1/albums/9', { schema: album });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 404, detail: 'Album not found.' });
  });

  it('refuses an answer that does not match the schema', async () => {
    const { client } = fakeBrowser(() => jsonResponse(200, { id: 'one' }));
    await expect(client.request('/v1/albums/1', { schema: album })).rejects.toMatchObject({
      status: 200,
      detail: 'The server sent an unexpected answer.',
    });
  });

  it('reads a list with the full count from X-Total-Count', async () => {
    const { client, calls } = fakeBrowser(
      () =>
        new Response(JSON.stringify([{ id: 1, name: 'Blue' }]), {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'X-Total-Count': '312' },
        }),
    );
    const page = await client.requestList('/v1/albums?limit=1', { schema: z.array(album) });
    expect(page).toEqual({ items: [{ id: 1, name: 'Blue' }], total: 312 });
    expect(calls[0]?.url).toBe('/api/v1/albums?limit=1');
  });

  it('takes a list without X-Total-Count to be complete', async () => {
    const { client } = fakeBrowser(() => jsonResponse(200, [{ id: 1, name: 'Blue' }]));
    const page = await client.requestList('/v1/folders/', { schema: z.array(album) });
    expect(page.total).toBe(1);
  });

  it('gives up after the timeout with an ApiError', async () => {
    const browser: BrowserPort = {
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
      currentPath: () => '/dashboard',
      navigate: vi.fn(),
      timeoutMs: 20,
    };
    await expect(
      createApiClient(browser).request('/v1/albums/', { schema: album }),
    ).rejects.toMatchObject({
      status: 0,
      detail: 'The server did not answer within 0.02 seconds.',
    });
  });

  describe('on 401', () => {
    it('removes the token and sends the browser to /?session_expired=true', async () => {
      window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'stale');
      const { client, navigate } = fakeBrowser(() =>
        jsonResponse(401, { detail: 'Session expired.' }),
      );

      await expect(client.request('/v1/folders/', { schema: z.unknown() })).rejects.toMatchObject({
        status: 401,
      });

      expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
      expect(navigate).toHaveBeenCalledWith('/?session_expired=true');
    });

    it.each(['/', '/auth/success'])('removes the token but stays on %s', async (path) => {
      window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'stale');
      const { client, navigate } = fakeBrowser(() => jsonResponse(401, { detail: 'No.' }), path);

      await expect(client.request('/v1/folders/', { schema: z.unknown() })).rejects.toThrow('No.');

      expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
      expect(navigate).not.toHaveBeenCalled();
    });

    it('sends the browser to the sign-in endpoint when loading the current user', async () => {
      window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'stale');
      const { client, navigate } = fakeBrowser(() => jsonResponse(401, { detail: 'No.' }));

      await expect(
        client.request('/v1/auth/me', { schema: z.unknown(), onUnauthorized: 'sign-in' }),
      ).rejects.toBeInstanceOf(ApiError);

      expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
      expect(navigate).toHaveBeenCalledWith('/api/v1/auth/login');
    });

    it('leaves the token alone for other errors', async () => {
      window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'good');
      const { client, navigate } = fakeBrowser(() => jsonResponse(500, { detail: 'Boom.' }));
      await expect(client.request('/v1/folders/', { schema: z.unknown() })).rejects.toThrow();
      expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('good');
      expect(navigate).not.toHaveBeenCalled();
    });
  });
});
