import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { DemoStreamingService } from '../streaming/demo/demo-service';
import { type InjectedFailure, spotifyCatalogueAnswers } from './fake-spotify-catalogue';
import { listenOnLoopback } from './loopback';

export const FAKE_CLIENT_ID = 'fake-client-id';
export const FAKE_CLIENT_SECRET = 'fake-client-secret';

type Grant = { redirectUri: string; challenge: string };

/**
 * A loopback stand-in for Spotify's accounts service and Web API, answering in their shapes
 * (RFC 6749 token responses, Web API error objects), so the real client code runs against it.
 */
export async function startFakeSpotify({
  user = { id: 'spotify-ada', display_name: 'Ada Lovelace' },
  catalogue,
  librarySize,
  latencyMs = 0,
}: {
  user?: { id: string; display_name: string };
  catalogue?: DemoStreamingService;
  /** How many saved albums the user has (the catalogue's first); else the demo library. */
  librarySize?: number;
  /** How long every Web API call takes, as Spotify's do over the internet. */
  latencyMs?: number;
} = {}) {
  const grants = new Map<string, Grant>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const failures: InjectedFailure[] = [];
  const answers = catalogue && spotifyCatalogueAnswers(catalogue, librarySize);
  const seen = {
    authorize: [] as URLSearchParams[],
    refreshes: 0,
    clientTokens: 0,
    /** Every Web API call after the token check: method and path with query. */
    apiCalls: [] as string[],
    /** Each bearer token the Web API saw, in order. */
    bearers: [] as string[],
  };

  const issueTokens = (withRefresh: boolean) => {
    const access = randomBytes(16).toString('hex');
    accessTokens.add(access);
    const refresh = withRefresh ? randomBytes(16).toString('hex') : undefined;
    if (refresh) refreshTokens.add(refresh);
    return {
      access_token: access,
      token_type: 'Bearer',
      scope: 'user-read-private user-read-email user-library-read',
      expires_in: 3600,
      ...(refresh ? { refresh_token: refresh } : {}),
    };
  };

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };

    if (request.method === 'GET' && url.pathname === '/authorize') {
      const query = url.searchParams;
      seen.authorize.push(query);
      if (
        query.get('client_id') !== FAKE_CLIENT_ID ||
        query.get('code_challenge_method') !== 'S256'
      ) {
        return send(400, { error: 'invalid_request' });
      }
      const code = randomBytes(16).toString('hex');
      grants.set(code, {
        redirectUri: query.get('redirect_uri') ?? '',
        challenge: query.get('code_challenge') ?? '',
      });
      const back = new URL(query.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', query.get('state') ?? '');
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }

    if (request.method === 'POST' && url.pathname === '/api/token') {
      if (!hasClientCredentials(request.headers.authorization)) {
        return send(400, { error: 'invalid_client', error_description: 'Invalid client' });
      }
      const form = new URLSearchParams(await readBody(request));
      if (form.get('grant_type') === 'authorization_code') {
        const grant = grants.get(form.get('code') ?? '');
        grants.delete(form.get('code') ?? '');
        const challenge = createHash('sha256')
          .update(form.get('code_verifier') ?? '')
          .digest('base64url');
        if (
          !grant ||
          grant.redirectUri !== form.get('redirect_uri') ||
          grant.challenge !== challenge
        ) {
          return send(400, {
            error: 'invalid_grant',
            error_description: 'Invalid authorization code',
          });
        }
        return send(200, issueTokens(true));
      }
      if (form.get('grant_type') === 'client_credentials') {
        seen.clientTokens += 1;
        return send(200, { ...issueTokens(false), scope: undefined });
      }
      if (form.get('grant_type') === 'refresh_token') {
        if (!refreshTokens.has(form.get('refresh_token') ?? '')) {
          return send(400, { error: 'invalid_grant', error_description: 'Invalid refresh token' });
        }
        seen.refreshes += 1;
        return send(200, issueTokens(false));
      }
      return send(400, { error: 'unsupported_grant_type' });
    }

    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !accessTokens.has(token)) {
      return send(401, { error: { status: 401, message: 'Invalid access token' } });
    }
    seen.apiCalls.push(`${request.method} ${url.pathname}${url.search}`);
    seen.bearers.push(token);
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const failure = failures.shift();
    if (failure && 'delayMs' in failure)
      await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
    else if (failure && 'malformed' in failure)
      return send(200, { albums: 'not what you expected' });
    else if (failure && 'cutBody' in failure) {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
      response.write('{"albums":{"href":"https://api.spotify.com/v1/search","items":[{"id":');
      return response.socket?.destroy();
    } else if (failure && failure.status === 429) {
      return send(
        429,
        { error: { status: 429, message: 'API rate limit exceeded' } },
        { 'retry-after': String(failure.retryAfter) },
      );
    } else if (failure)
      return send(failure.status, {
        error: { status: failure.status, message: 'Injected failure' },
      });

    const catalogueAnswer =
      answers && (await answerCatalogue(answers, request.method ?? 'GET', url));
    if (catalogueAnswer) return send(catalogueAnswer.status, catalogueAnswer.body);
    if (request.method === 'GET' && url.pathname === '/v1/me') {
      return send(200, {
        id: user.id,
        display_name: user.display_name,
        type: 'user',
        uri: `spotify:user:${user.id}`,
        href: `https://api.spotify.com/v1/users/${user.id}`,
        external_urls: { spotify: `https://open.spotify.com/user/${user.id}` },
        images: [{ url: 'https://i.scdn.co/image/ab67757000003b82fake', height: 300, width: 300 }],
      });
    }
    return send(404, { error: { status: 404, message: 'Service not found' } });
  });

  const base = `http://127.0.0.1:${await listenOnLoopback(server)}`;
  return {
    /** An access token for the fake's one user, as if they had signed in. */
    userToken: () => issueTokens(true).access_token,
    /** The next Web API calls answer these, in order. */
    fail: (...next: InjectedFailure[]) => failures.push(...next),
    environment: {
      SPOTIFY_CLIENT_ID: FAKE_CLIENT_ID,
      SPOTIFY_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      SPOTIFY_ACCOUNTS_URL: base,
      SPOTIFY_API_URL: `${base}/v1`,
    },
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type CatalogueAnswers = ReturnType<typeof spotifyCatalogueAnswers>;

/** The catalogue endpoints, with Spotify's 2026 Development Mode limits on search. */
async function answerCatalogue(answers: CatalogueAnswers, method: string, url: URL) {
  if (method !== 'GET') return undefined;
  const limit = Number(url.searchParams.get('limit') ?? 20);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const notFound = { status: 404, body: { error: { status: 404, message: 'Resource not found' } } };
  if (url.pathname === '/v1/search') {
    if (url.searchParams.get('type') !== 'album')
      return { status: 400, body: { error: { status: 400, message: 'Bad search type field' } } };
    if (limit > 10 || offset > 1000)
      return { status: 400, body: { error: { status: 400, message: 'Invalid limit' } } };
    return {
      status: 200,
      body: await answers.search(url.searchParams.get('q') ?? '', limit, offset),
    };
  }
  if (url.pathname === '/v1/me/albums') {
    if (limit > 50)
      return { status: 400, body: { error: { status: 400, message: 'Invalid limit' } } };
    return { status: 200, body: await answers.savedAlbums(limit, offset) };
  }
  const albumTracks = /^\/v1\/albums\/([A-Za-z0-9]+)\/tracks$/.exec(url.pathname);
  if (albumTracks?.[1]) {
    const page = await answers.tracks(albumTracks[1], Math.min(limit, 50), offset);
    return page ? { status: 200, body: page } : notFound;
  }
  const album = /^\/v1\/albums\/([A-Za-z0-9]+)$/.exec(url.pathname);
  if (album?.[1]) {
    const body = await answers.album(album[1]);
    return body ? { status: 200, body } : notFound;
  }
  const artist = /^\/v1\/artists\/([A-Za-z0-9]+)$/.exec(url.pathname);
  if (artist?.[1]) {
    const body = await answers.artist(artist[1]);
    return body ? { status: 200, body } : notFound;
  }
  return undefined;
}

/** HTTP Basic with form-encoded id and secret (RFC 6749 §2.3.1), as Spotify accepts it. */
function hasClientCredentials(authorization: string | undefined): boolean {
  const encoded = /^Basic (.+)$/.exec(authorization ?? '')?.[1] ?? '';
  const [id = '', secret = ''] = Buffer.from(encoded, 'base64').toString('utf8').split(':');
  const decode = (part: string) => decodeURIComponent(part.replaceAll('+', ' '));
  return decode(id) === FAKE_CLIENT_ID && decode(secret) === FAKE_CLIENT_SECRET;
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
