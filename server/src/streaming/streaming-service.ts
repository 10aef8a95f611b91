import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { loadDemoCatalogue } from './demo/catalogue-data';
import { DemoCatalogue } from './demo/demo-catalogue';
import { DemoStreamingService } from './demo/demo-service';
import { spotifyPause } from './deployment/spotify-pause';
import type { StreamingService } from './port';
import { SpotifyHttp } from './spotify/spotify-http';
import { SpotifyStreamingService } from './spotify/spotify-service';

/**
 * Spotify when its credentials are configured, otherwise the embedded demo service. With `redis`
 * the instances of a deployment share Spotify's 429 pause and the answers' caches.
 */
export function createStreamingService(config: Config, redis?: Redis): StreamingService {
  if (config.streaming.kind === 'spotify') {
    const http = new SpotifyHttp({
      apiUrl: config.spotifyApiUrl,
      accountsUrl: config.spotifyAccountsUrl,
      clientId: config.streaming.clientId,
      clientSecret: config.streaming.clientSecret,
      timeoutMs: config.spotifyTimeoutMs,
      pause: spotifyPause(redis),
    });
    return new SpotifyStreamingService(http, config.spotifyMarket, redis);
  }
  return new DemoStreamingService(
    new DemoCatalogue(loadDemoCatalogue(), config.publicUrl),
    config.publicUrl,
  );
}
