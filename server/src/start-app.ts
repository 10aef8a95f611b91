import { buildApp } from './app';
import { loadSecretKey } from './auth/secret-box';
import type { Config } from './config';
import { databaseTarget, openDatabase, sharedWriter } from './db/database';
import { migrateToLatest } from './db/migrate';

/** The app as it runs: its database opened and migrated, closed again with the app. */
export async function startApp(config: Config) {
  const db = openDatabase(databaseTarget(config));
  await migrateToLatest(db);
  // Started now, the writing thread is up before the first long write asks for it.
  sharedWriter(db)?.prepareWritingThread();
  const app = await buildApp({
    config,
    db,
    secretKey: loadSecretKey(config.secretKey, config.dataDir),
    logger: { level: config.logLevel },
    compileEncodersAtStart: true,
  });
  app.addHook('onClose', async () => db.destroy());
  return { app, db };
}
