import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { startApp } from './start-app';

const here = path.dirname(fileURLToPath(import.meta.url));

/** An orchestrator kills a process that has not stopped 10 s after SIGTERM; stop before it does. */
const SHUTDOWN_MS = 9_000;

async function main() {
  const config = loadConfig(process.env, path.resolve(here, '../../web/dist'));
  const { app } = await startApp(config);

  // Stop taking connections, hand running jobs to another instance, let requests in flight
  // finish, then close the database; whatever is still going after SHUTDOWN_MS is cut off.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      setTimeout(() => {
        app.log.warn('requests still running at the shutdown deadline were cut off');
        process.exit(1);
      }, SHUTDOWN_MS).unref();
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
