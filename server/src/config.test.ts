import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration from the environment', () => {
  it('defaults to the demo service, SQLite in ./data and 127.0.0.1:3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
    expect(config.streaming).toEqual({ kind: 'demo' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('builds the public address from PORT unless PUBLIC_URL is given', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://127.0.0.1:8080');
    expect(
      loadConfig({ PUBLIC_URL: 'https://music.example.org/', ALLOW_DEMO_SIGNIN: 'true' }).publicUrl,
    ).toBe('https://music.example.org');
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must be a postgres/],
    [{ PUBLIC_URL: 'ftp://x' }, /^Invalid configuration: PUBLIC_URL /],
    [{ SPOTIFY_CLIENT_ID: 'id' }, /^Invalid configuration: SPOTIFY_CLIENT_SECRET set both/],
    [{ SECRET_KEY: 'short' }, /^Invalid configuration: SECRET_KEY must be 32 bytes/],
    [{ HOST: '0.0.0.0' }, /^Invalid configuration: HOST is not a loopback address/],
    [
      { PUBLIC_URL: 'https://music.example.org' },
      /^Invalid configuration: PUBLIC_URL is not a loopback address, and demo sign-in/,
    ],
    [{ TRUST_PROXY: 'true' }, /^Invalid configuration: TRUST_PROXY must be a number of proxy hops/],
    [{ RATE_LIMIT_PER_MINUTE: '0' }, /^Invalid configuration: RATE_LIMIT_PER_MINUTE /],
    [{ DATABASE_CONNECTIONS: '0' }, /^Invalid configuration: DATABASE_CONNECTIONS /],
    [
      { SPOTIFY_MARKET: 'usa' },
      /^Invalid configuration: SPOTIFY_MARKET must be a two-letter country code/,
    ],
    [{ REDIS_URL: 'http://x' }, /^Invalid configuration: REDIS_URL must be a redis:\/\/ URL/],
  ])('stops on %o with one line naming the variable', (environment, message) => {
    expect(() => loadConfig(environment)).toThrow(message);
    try {
      loadConfig(environment);
    } catch (error) {
      expect(String(error instanceof Error ? error.message : error)).not.toContain('\n');
    }
  });

  it('keeps a few PostgreSQL connections a core, at most 10, unless told', () => {
    expect(loadConfig({}).databaseConnections).toBe(Math.min(10, 2 * availableParallelism() + 2));
    expect(loadConfig({ DATABASE_CONNECTIONS: '24' }).databaseConnections).toBe(24);
  });

  it('allows a public host with Spotify credentials or an explicit demo opt-in', () => {
    expect(loadConfig({ HOST: '0.0.0.0', ALLOW_DEMO_SIGNIN: 'true' }).host).toBe('0.0.0.0');
    const spotify = loadConfig({
      HOST: '0.0.0.0',
      SPOTIFY_CLIENT_ID: 'a',
      SPOTIFY_CLIENT_SECRET: 'b',
    });
    expect(spotify.streaming).toEqual({ kind: 'spotify', clientId: 'a', clientSecret: 'b' });
  });

  it('keeps the demo service behind a proxy on a loopback public address', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }).streaming).toEqual({ kind: 'demo' });
    expect(loadConfig({ PUBLIC_URL: 'http://[::1]:8080' }).streaming).toEqual({ kind: 'demo' });
  });

  it('believes X-Forwarded-For only from the proxies it is told of', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.0.1.0/24' }).trustProxy).toEqual([
      '10.0.0.2',
      '10.0.1.0/24',
    ]);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }).port).toBe(3000);
  });
});
