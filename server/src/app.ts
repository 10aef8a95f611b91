import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { purgeExpiredChanges } from './albums/bulk/undo-record';
import { albumRoutes } from './albums/routes';
import { artistRoutes } from './artists/routes';
import { demoAuthorizationServer } from './auth/demo-authorization-server';
import { authRoutes } from './auth/routes';
import { createSecretBox } from './auth/secret-box';
import { requireSession } from './auth/session-hook';
import { purgeExpired } from './auth/sessions';
import { signInProvider } from './auth/sign-in-providers';
import { streamingAccessToken } from './auth/streaming-tokens';
import type { Config } from './config';
import type { Database } from './db/schema';
import { discoveryRoutes } from './discovery/routes';
import { folderRoutes } from './folders/routes';
import { genreRoutes } from './genres/routes';
import { healthRoutes } from './health/routes';
import { answerFrameworkError, registerErrorHandler } from './http/error-handler';
import { keptSerializers } from './http/kept-serialization';
import { registerAccessLog } from './http/log-redaction';
import { refuseNulCharacters } from './http/nul-characters';
import { registerSecurityHeaders } from './http/security-headers';
import { closeSharedRedis, openSharedRedis } from './http/shared-redis';
import { serveWebApp } from './http/web-app';
import { imageRoutes } from './images/routes';
import { purgeUnusedImages } from './images/store';
import { purgeEndedJobFiles } from './maintenance/jobs';
import { maintenanceJobs } from './maintenance/maintenance-jobs';
import { maintenanceRoutes } from './maintenance/routes';
import { collectionSearchRoutes } from './search/collection-routes';
import { streamingSearchRoutes } from './search/streaming-routes';
import { statsRoutes } from './stats/routes';
import { DemoStreamingService } from './streaming/demo/demo-service';
import { demoImageRoutes } from './streaming/demo/image-routes';
import { sharedSpacing } from './streaming/deployment/shared-spacing';
import { musicBrainzClient, requestSpacing } from './streaming/musicbrainz-client';
import { musicBrainzGenres } from './streaming/musicbrainz-genres';
import { createStreamingService } from './streaming/streaming-service';
import { tagRoutes } from './tags/routes';

export type AppOptions = {
  config: Config;
  db: Kysely<Database>;
  secretKey: Buffer;
  logger?: FastifyServerOptions['logger'];
  /** Requests a client may make per minute before 429, and the Redis key prefix of the counters. */
  rateLimit?: { perMinute: number; namespace: string };
  /**
   * Compiles every route's response encoder before the app is ready, rather than at the route's
   * first answer: the server does, so that no first answer holds the event loop for it.
   */
  compileEncodersAtStart?: boolean;
};

export async function buildApp({
  config,
  db,
  secretKey,
  logger = false,
  rateLimit: limits = { perMinute: config.rateLimitPerMinute, namespace: 'gatefold-rate-limit-' },
  compileEncodersAtStart = false,
}: AppOptions) {
  const app = Fastify({
    routerOptions: { ignoreTrailingSlash: true },
    logger,
    // One access-log line per request instead (http/log-redaction.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    frameworkErrors: answerFrameworkError,
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  // Bodies are JSON (or an image upload's multipart): text is refused with 415, not read (DESIGN §5).
  app.removeContentTypeParser('text/plain');
  refuseNulCharacters(app);
  app.setValidatorCompiler(validatorCompiler);
  const serializers = keptSerializers();
  app.setSerializerCompiler(serializers.compiler);
  if (compileEncodersAtStart)
    app.addHook('onReady', async () => {
      serializers.compileWaiting();
    });
  registerErrorHandler(app);

  // Plugins first, in this order: headers, rate limit, API description.
  registerAccessLog(app);
  registerSecurityHeaders(app);
  // With several instances, Redis holds the counters so a client's limit is one across them all.
  const redis = config.redisUrl ? await openSharedRedis(config.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', () => closeSharedRedis(redis));
  await app.register(rateLimit, {
    max: limits.perMinute,
    timeWindow: '1 minute',
    nameSpace: limits.namespace,
    // Redis down must not take every request down with it: no limit beats no answer.
    skipOnError: true,
    // Counters go out only with a 429 (and its Retry-After): three fewer headers on every answer.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    ...(redis ? { redis } : {}),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Gatefold API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  const box = createSecretBox(secretKey);
  const provider = signInProvider(config, app);
  const streaming = createStreamingService(config, redis);
  // One client for all MusicBrainz traffic, so album adds and discovery share its rate; with
  // Redis, one for every instance.
  const spacing = requestSpacing(config.musicBrainzSpacingMs);
  const musicBrainz = musicBrainzClient(
    config.musicBrainzUrl,
    `Gatefold/1.0 ( ${config.publicUrl} )`,
    redis ? sharedSpacing(redis, 'musicbrainz', config.musicBrainzSpacingMs, spacing) : spacing,
  );
  const sources = { streaming, genres: musicBrainzGenres(musicBrainz) };
  const libraryAccount = async (userId: number) => {
    const user = await db
      .selectFrom('users')
      .select('provider_user_id')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return {
      providerUserId: user.provider_user_id,
      accessToken: () => streamingAccessToken(db, box, provider, userId),
    };
  };

  const maintenance = { db, sources, account: libraryAccount, log: app.log };
  // Jobs outlive the instance that started them: another takes over what this one leaves.
  const jobs = maintenanceJobs(maintenance);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', async () => jobs.stop());
  releaseConnectionsOnClose(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes(db, redis), { prefix: '/health' });
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      if (provider.kind === 'demo') {
        await api.register(demoAuthorizationServer(db, box, provider.redirectUri), {
          prefix: '/demo',
        });
      }
      if (streaming instanceof DemoStreamingService) {
        await api.register(demoImageRoutes(streaming.catalogue), { prefix: '/demo' });
      }
      await api.register(
        authRoutes({
          db,
          box,
          provider,
          publicUrl: config.publicUrl,
          signInsPerMinute: config.signInsPerMinute,
        }),
        {
          prefix: '/v1/auth',
        },
      );
      // Public: an <img> cannot send a bearer token, and the random key is the secret.
      await api.register(imageRoutes(db), { prefix: '/v1/images' });
      await api.register(async (signedIn) => {
        signedIn.addHook('onRequest', requireSession(db));
        await signedIn.register(albumRoutes(db, sources), { prefix: '/v1/albums' });
        await signedIn.register(folderRoutes(db, config.imageQuotaBytes), {
          prefix: '/v1/folders',
        });
        await signedIn.register(tagRoutes(db), { prefix: '/v1/tags' });
        await signedIn.register(genreRoutes(db), { prefix: '/v1/genres' });
        await signedIn.register(artistRoutes(db), { prefix: '/v1/artists' });
        await signedIn.register(collectionSearchRoutes(db), { prefix: '/v1/search' });
        await signedIn.register(statsRoutes(db), { prefix: '/v1/stats' });
        await signedIn.register(streamingSearchRoutes(db, sources), {
          prefix: '/v1/search/spotify',
        });
        await signedIn.register(discoveryRoutes({ db, streaming, musicBrainz }), {
          prefix: '/v1/search',
        });
        await signedIn.register(maintenanceRoutes({ ...maintenance, jobs }), {
          prefix: '/v1/maintenance',
        });
      });
    },
    { prefix: '/api' },
  );

  await serveWebApp(app, config.webDistDir);

  const housekeeping = setInterval(
    () =>
      void Promise.all([
        purgeExpired(db),
        purgeUnusedImages(db),
        purgeExpiredChanges(db),
        purgeEndedJobFiles(db),
      ]).catch(() => {}),
    60 * 60 * 1000,
  );
  housekeeping.unref();
  app.addHook('onClose', async () => clearInterval(housekeeping));
  return app;
}

/**
 * A keep-alive connection whose request was in flight when closing began stays open after its
 * answer and would hold `close()` for the whole keep-alive timeout (fastify#7044): each is let go
 * as soon as it idles, so a shutdown ends when the last request does.
 */
function releaseConnectionsOnClose(app: FastifyInstance) {
  let releasing: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    releasing = setInterval(() => app.server.closeIdleConnections(), 50);
    releasing.unref();
  });
  app.addHook('onClose', async () => clearInterval(releasing));
}

/** The nearest `hops` proxies are believed, as Fastify does for a number (one type for its options). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}
