import { AUTH_TOKEN_STORAGE_KEY } from '@gatefold/contract/browser-session';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { completeSignIn } from './complete-sign-in';
import { takeTokenFromAddress } from './token-handoff';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('token from the address', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stores the token and strips it from the address at once, keeping the rest', () => {
    window.history.replaceState(null, '', '/auth/success?token=short-lived&from=login#top');

    expect(takeTokenFromAddress()).toBe('short-lived');

    expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('short-lived');
    expect(window.location.pathname).toBe('/auth/success');
    expect(window.location.search).toBe('?from=login');
    expect(window.location.hash).toBe('#top');
  });

  it('does nothing when the address has no token', () => {
    window.history.replaceState(null, '', '/dashboard?x=1');
    expect(takeTokenFromAddress()).toBeNull();
    expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(window.location.search).toBe('?x=1');
  });

  it('swaps the token for a long-lived one, then goes to /dashboard after 100 ms', async () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/auth/success?token=short-lived');
    const fetch = vi
      .spyOn(window, 'fetch')
      .mockImplementation(async () =>
        jsonResponse(200, { token: 'long-lived', expires_at: '2026-12-01T00:00:00Z' }),
      );
    const goTo = vi.fn<(path: string) => void>();

    takeTokenFromAddress();
    const done = completeSignIn(goTo);

    await vi.advanceTimersByTimeAsync(0);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/refresh');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer short-lived');
    expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('long-lived');

    await vi.advanceTimersByTimeAsync(99);
    expect(goTo).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(goTo).toHaveBeenCalledWith('/dashboard');
  });

  it('drops a token the server refuses and still leaves the sign-in page', async () => {
    window.history.replaceState(null, '', '/auth/success?token=expired');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(window, 'fetch').mockImplementation(async () =>
      jsonResponse(401, { detail: 'The sign-in link has expired.' }),
    );
    const goTo = vi.fn<(path: string) => void>();

    takeTokenFromAddress();
    await completeSignIn(goTo);

    expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(goTo).toHaveBeenCalledWith('/dashboard');
  });
});
