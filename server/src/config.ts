import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DATABASE_CONNECTIONS } from './db/pool-size';

const port = z.coerce.number().int().min(1).max(65535);
const httpUrl = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''));
const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const DEMO_SIGN_IN_WARNING =
  'demo sign-in lets anyone in under any name: set the Spotify credentials, or ALLOW_DEMO_SIGNIN=true';

const environment = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_URL: httpUrl.optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for SQLite)')
      .optional(),
    SPOTIFY_CLIENT_ID: z.string().min(1).optional(),
    SPOTIFY_CLIENT_SECRET: z.string().min(1).optional(),
    SPOTIFY_API_URL: httpUrl.default('https://api.spotify.com/v1'),
    SPOTIFY_ACCOUNTS_URL: httpUrl.default('https://accounts.spotify.com'),
    MUSICBRAINZ_URL: httpUrl.default('https://musicbrainz.org/ws/2'),
    MUSICBRAINZ_SPACING_MS: z.coerce.number().int().min(0).max(60_000).default(1100),
    SPOTIFY_MARKET: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be a two-letter country code')
      .default('US'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    SECRET_KEY: z
      .string()
      .regex(/^[A-Za-z0-9+/_-]{43}=?$/, 'must be 32 bytes in base64 (openssl rand -base64 32)')
      .optional(),
    ALLOW_DEMO_SIGNIN: flag.default(false),
    TRUST_PROXY: z
      .string()
      .regex(
        /^(\d{1,2}|[0-9A-Fa-f:./]+(,\s*[0-9A-Fa-f:./]+)*)$/,
        'must be a number of proxy hops or a comma-separated list of proxy addresses',
      )
      .optional(),
    SQLITE_READERS: z.coerce
      .number()
      .int()
      .min(0)
      .max(16)
      .default(Math.min(4, availableParallelism())),
    DATABASE_CONNECTIONS: z.coerce
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(DEFAULT_DATABASE_CONNECTIONS),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
    SIGN_INS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    IMAGE_QUOTA_MB: z.coerce.number().int().min(1).max(100_000).default(100),
    SPOTIFY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    WEB_DIST_DIR: z.string().min(1).optional(),
  })
  .refine((env) => Boolean(env.SPOTIFY_CLIENT_ID) === Boolean(env.SPOTIFY_CLIENT_SECRET), {
    message:
      'set both SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET, or neither for the demo service',
    path: ['SPOTIFY_CLIENT_SECRET'],
  })
  // The demo service lets anyone sign in under any name: keep it on this machine unless told.
  .refine((env) => env.SPOTIFY_CLIENT_ID || env.ALLOW_DEMO_SIGNIN || isLoopback(env.HOST), {
    message: `is not a loopback address, and ${DEMO_SIGN_IN_WARNING}`,
    path: ['HOST'],
  })
  // Behind a reverse proxy HOST is loopback but the people reaching it are not.
  .refine(
    (env) =>
      env.SPOTIFY_CLIENT_ID ||
      env.ALLOW_DEMO_SIGNIN ||
      !env.PUBLIC_URL ||
      isLoopback(new URL(env.PUBLIC_URL).hostname.replace(/^\[|\]$/g, '')),
    { message: `is not a loopback address, and ${DEMO_SIGN_IN_WARNING}`, path: ['PUBLIC_URL'] },
  );

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Which proxies' X-Forwarded-For to believe: none unless told, so no client can forge its address. */
function trustedProxies(value: string | undefined): number | string[] | false {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((address) => address.trim());
}

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Unset means the embedded SQLite file in dataDir. */
  databaseUrl: string | undefined;
  /** Threads that run SQLite's reads off the event loop; 0 runs them on it. */
  sqliteReaders: number;
  /** The most connections to PostgreSQL this process keeps open at once. */
  databaseConnections: number;
  streaming: { kind: 'demo' } | { kind: 'spotify'; clientId: string; clientSecret: string };
  spotifyApiUrl: string;
  spotifyAccountsUrl: string;
  musicBrainzUrl: string;
  /** Time between MusicBrainz calls: its one a second, or 0 for a mirror of one's own. */
  musicBrainzSpacingMs: number;
  /** The country whose catalogue Spotify answers for. */
  spotifyMarket: string;
  /** The longest one Spotify call may take before it counts as failed (504). */
  spotifyTimeoutMs: number;
  redisUrl: string | undefined;
  /** Base64 key for encrypting stored streaming tokens; generated into dataDir when unset. */
  secretKey: string | undefined;
  allowDemoSignInOnPublicHost: boolean;
  /** Proxy hops, or proxy addresses, whose X-Forwarded-For gives the client's address. */
  trustProxy: number | string[] | false;
  logLevel: string;
  /** Bytes of uploaded images one user may keep. */
  imageQuotaBytes: number;
  /** Requests one client may make in a minute before it is answered 429. */
  rateLimitPerMinute: number;
  /** Sign-ins one address may start in a minute. */
  signInsPerMinute: number;
  /** Built web app to serve; undefined serves the API alone. */
  webDistDir: string | undefined;
};

export class ConfigError extends Error {}

/** Reads the environment; a bad value throws a ConfigError whose message is one line naming it. */
export function loadConfig(env: NodeJS.ProcessEnv, defaultWebDistDir?: string): Config {
  const parsed = environment.safeParse(withoutBlanks(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = issue?.path.join('.') || 'environment';
    throw new ConfigError(`Invalid configuration: ${variable} ${issue?.message ?? 'is invalid'}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://127.0.0.1:${e.PORT}`,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    sqliteReaders: e.SQLITE_READERS,
    databaseConnections: e.DATABASE_CONNECTIONS,
    streaming:
      e.SPOTIFY_CLIENT_ID && e.SPOTIFY_CLIENT_SECRET
        ? { kind: 'spotify', clientId: e.SPOTIFY_CLIENT_ID, clientSecret: e.SPOTIFY_CLIENT_SECRET }
        : { kind: 'demo' },
    spotifyApiUrl: e.SPOTIFY_API_URL,
    spotifyAccountsUrl: e.SPOTIFY_ACCOUNTS_URL,
    musicBrainzUrl: e.MUSICBRAINZ_URL,
    musicBrainzSpacingMs: e.MUSICBRAINZ_SPACING_MS,
    spotifyMarket: e.SPOTIFY_MARKET,
    spotifyTimeoutMs: e.SPOTIFY_TIMEOUT_MS,
    redisUrl: e.REDIS_URL,
    secretKey: e.SECRET_KEY,
    allowDemoSignInOnPublicHost: e.ALLOW_DEMO_SIGNIN,
    trustProxy: trustedProxies(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    signInsPerMinute: e.SIGN_INS_PER_MINUTE,
    imageQuotaBytes: e.IMAGE_QUOTA_MB * 1024 * 1024,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : defaultWebDistDir,
  };
}

/** An empty variable (PORT=) means "unset", as most shells and .env files intend. */
function withoutBlanks(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim())),
  );
}
