import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { startApp } from './start-app';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const config = loadConfig(process.env, path.resolve(here, '../../web/dist'));
  const { app } = await startApp(config);

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
