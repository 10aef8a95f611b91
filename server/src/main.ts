import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadSecretKey } from './auth/secret-box';
import { ConfigError, loadConfig } from './config';
import { databaseTarget, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const config = loadConfig(process.env, path.resolve(here, '../../web/dist'));
  const db = openDatabase(databaseTarget(config.databaseUrl, config.dataDir));
  await migrateToLatest(db);
  const app = await buildApp({
    config,
    db,
    secretKey: loadSecretKey(config.secretKey, config.dataDir),
    logger: { level: config.logLevel },
  });
  app.addHook('onClose', async () => db.destroy());

  // Stop taking connections, let requests in flight finish, then close the database.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  const streaming = config.streaming.kind === 'spotify' ? 'Spotify' : 'the demo streaming service';
  app.log.info(`Gatefold is ready at ${config.publicUrl} (signing in with ${streaming})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
