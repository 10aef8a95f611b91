import { errorBody } from '@gatefold/contract/errors';
import { TOTAL_COUNT_HEADER } from '@gatefold/contract/list-query';
import type { ZodType } from 'zod';
import { ApiError } from './api-error';
import { clearSessionToken, readSessionToken } from './session-token';
import { SIGN_IN_URL } from './sign-in-url';

export const REQUEST_TIMEOUT_MS = 60_000;
export const SESSION_EXPIRED_URL = '/?session_expired=true';

/**
 * What a 401 answer leads to, after the token is removed:
 * - 'session-expired': back to the landing page with the session-expired notice (SPEC §4);
 * - 'sign-in': straight to the sign-in flow (loading the current user at startup);
 * - 'stay': nowhere (logging out with a token that is already dead).
 */
export type UnauthorizedAction = 'session-expired' | 'sign-in' | 'stay';

export interface RequestOptions<T> {
  /** Every answer is parsed: the server is trusted no more than any other input. */
  schema: ZodType<T>;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart when it is FormData. */
  body?: unknown;
  signal?: AbortSignal;
  onUnauthorized?: UnauthorizedAction;
}

/** The parts of the browser the client touches, so tests can hand in fakes. */
export interface BrowserPort {
  fetch: typeof fetch;
  currentPath: () => string;
  navigate: (url: string) => void;
  timeoutMs?: number;
}

/** SPEC §7: a path starting with /v1/ goes under the /api prefix. */
export function apiUrl(path: string): string {
  return path.startsWith('/v1/') ? `/api${path}` : path;
}

function isPublicPath(path: string): boolean {
  return path === '/' || path.startsWith('/auth');
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text === '' ? undefined : JSON.parse(text);
}

async function toApiError(response: Response): Promise<ApiError> {
  const fallback = `The server answered ${response.status} ${response.statusText}`.trim();
  try {
    const body = errorBody.safeParse(await readJson(response));
    return body.success
      ? new ApiError(response.status, body.data.detail, body.data.errors)
      : new ApiError(response.status, `${fallback}.`);
  } catch {
    return new ApiError(response.status, `${fallback}.`);
  }
}

export function createApiClient(browser: BrowserPort) {
  const timeoutMs = browser.timeoutMs ?? REQUEST_TIMEOUT_MS;

  function endSession(action: UnauthorizedAction): void {
    clearSessionToken();
    if (action === 'sign-in') {
      browser.navigate(SIGN_IN_URL);
    } else if (action === 'session-expired' && !isPublicPath(browser.currentPath())) {
      browser.navigate(SESSION_EXPIRED_URL);
    }
  }

  async function send<T>(
    path: string,
    options: RequestOptions<T>,
  ): Promise<{ data: T; headers: Headers }> {
    const headers = new Headers({ Accept: 'application/json' });
    const token = readSessionToken();
    if (token !== null) headers.set('Authorization', `Bearer ${token}`);

    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body; // the browser sets the multipart boundary itself
    } else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }

    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

    // Turns anything but an HTTP answer (no network, timeout, unreadable body) into an ApiError.
    const transferFailed = (error: unknown, status: number): unknown => {
      // A caller that cancels (a query going away) gets its own abort back, untouched.
      if (options.signal?.aborted) return error;
      if (timeout.aborted) {
        return new ApiError(
          0,
          `The server did not answer within ${timeoutMs / 1000} seconds.`,
          [],
          error,
        );
      }
      if (error instanceof SyntaxError) {
        return new ApiError(status, 'The server sent an answer that is not JSON.', [], error);
      }
      return new ApiError(0, 'Could not reach the server. Check your connection.', [], error);
    };

    let response: Response;
    try {
      response = await browser.fetch(apiUrl(path), {
        method: options.method ?? 'GET',
        headers,
        body,
        signal,
      });
    } catch (error) {
      throw transferFailed(error, 0);
    }

    if (!response.ok) {
      const error = await toApiError(response);
      if (error.status === 401) endSession(options.onUnauthorized ?? 'session-expired');
      throw error;
    }

    let data: unknown;
    try {
      data = await readJson(response);
    } catch (error) {
      throw transferFailed(error, response.status);
    }

    const parsed = options.schema.safeParse(data);
    if (!parsed.success) {
      throw new ApiError(
        response.status,
        'The server sent an unexpected answer.',
        [],
        parsed.error,
      );
    }
    return { data: parsed.data, headers: response.headers };
  }

  async function request<T>(path: string, options: RequestOptions<T>): Promise<T> {
    return (await send(path, options)).data;
  }

  /**
   * A list endpoint: one page of items and the full count the server sends beside them in
   * X-Total-Count (DESIGN §5); without the header the page is taken to be the whole list.
   */
  async function requestList<T>(
    path: string,
    options: RequestOptions<T[]>,
  ): Promise<{ items: T[]; total: number }> {
    const { data, headers } = await send(path, options);
    const total = Number.parseInt(headers.get(TOTAL_COUNT_HEADER) ?? '', 10);
    return { items: data, total: Number.isNaN(total) ? data.length : total };
  }

  return { request, requestList };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's one client. fetch is looked up per call so tests can stub window.fetch. */
export const api: ApiClient = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  currentPath: () => window.location.pathname,
  navigate: (url) => window.location.assign(url),
});
