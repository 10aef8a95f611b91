import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import { upstreamFailed, upstreamTimedOut } from '../../http/errors';
import { type SpotifyPause, spotifyPause } from '../deployment/spotify-pause';
import { spotifyClientToken } from './schemas';

export type SpotifyHttpOptions = {
  apiUrl: string;
  accountsUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
  /** The longest Retry-After we wait out; beyond it the call fails at once. */
  maxRetryAfterMs?: number;
  /** Where a 429's pause is kept: this process's own unless shared through Redis. */
  pause?: SpotifyPause;
};

const RETRIES = 3;

/** HTTP to Spotify's Web API: app token, Retry-After, backoff on 5xx, timeouts, parsed answers. */
export class SpotifyHttp {
  #appToken: { value: string; expiresAt: number } | undefined;
  /** Every call waits out a 429's pause, not only the refused one. */
  readonly #pause: SpotifyPause;

  constructor(readonly options: SpotifyHttpOptions) {
    this.#pause = options.pause ?? spotifyPause(undefined);
  }

  /** GET an API path; undefined for a 404. `userToken` reads the user's library instead. */
  async get<T extends z.ZodType>(
    path: string,
    query: Record<string, string | number>,
    schema: T,
    userToken?: string,
  ): Promise<z.output<T> | undefined> {
    const url = new URL(`${this.options.apiUrl}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    for (let attempt = 0; ; attempt += 1) {
      await this.#waitOutPause();
      const token = userToken ?? (await this.#clientToken());
      const response = await this.#fetch(url, { headers: { authorization: `Bearer ${token}` } });
      if (response.status === 404) return undefined;
      if (response.ok) return this.#parse(response, schema);
      if (attempt >= RETRIES) throw upstreamFailed(failureDetail(response.status));
      if (response.status === 429) {
        const waitMs = Number(response.headers.get('retry-after') ?? '1') * 1000;
        await this.#pause.extend(waitMs || 0);
        // The next turn of the loop waits out the pause, or gives up if it is too long.
      } else if (response.status === 401 && !userToken) {
        this.#appToken = undefined;
      } else if (response.status >= 500) {
        await sleep(200 * 2 ** attempt);
      } else {
        throw upstreamFailed(failureDetail(response.status));
      }
    }
  }

  async #waitOutPause(): Promise<void> {
    const waitMs = await this.#pause.remainingMs();
    if (waitMs <= 0) return;
    if (waitMs > (this.options.maxRetryAfterMs ?? 10_000)) {
      throw upstreamFailed('The streaming service is busy. Please try again in a minute.');
    }
    await sleep(waitMs);
  }

  async #clientToken(): Promise<string> {
    if (this.#appToken && this.#appToken.expiresAt > Date.now()) return this.#appToken.value;
    const { clientId, clientSecret, accountsUrl } = this.options;
    const response = await this.#fetch(new URL(`${accountsUrl}/api/token`), {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok) throw upstreamFailed('The streaming service refused our app credentials.');
    const token = await this.#parse(response, spotifyClientToken);
    // Renew a minute early so a token never runs out between our check and Spotify's.
    this.#appToken = {
      value: token.access_token,
      expiresAt: Date.now() + (token.expires_in - 60) * 1000,
    };
    return token.access_token;
  }

  async #fetch(url: URL, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, {
        ...init,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      if (
        error instanceof Error &&
        (error.name === 'TimeoutError' || error.name === 'AbortError')
      ) {
        throw upstreamTimedOut('The streaming service did not answer in time. Please try again.');
      }
      throw upstreamFailed('The streaming service could not be reached.');
    }
  }

  async #parse<T extends z.ZodType>(response: Response, schema: T): Promise<z.output<T>> {
    const body: unknown = await response.json().catch(() => undefined);
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw upstreamFailed('The streaming service sent data we could not read.');
    return parsed.data;
  }
}

function failureDetail(status: number): string {
  if (status === 429) return 'The streaming service is busy. Please try again in a minute.';
  if (status >= 500) return `The streaming service failed (status ${status}). Please try again.`;
  return `The streaming service refused the request (status ${status}).`;
}
