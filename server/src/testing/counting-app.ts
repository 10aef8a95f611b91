import { randomBytes } from 'node:crypto';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { QueryCounter } from './query-counter';
import { createTestDatabase, type DatabaseKind } from './test-database';

/** The app over a fresh database that counts every statement sent through it. */
export async function countingApp(kind: DatabaseKind) {
  const database = await createTestDatabase(kind);
  const counter = new QueryCounter();
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: '/nonexistent' }),
    db: database.db.withPlugin(counter),
    secretKey: randomBytes(32),
  });
  await app.ready();
  const close = async () => {
    await app.close();
    await database.destroy();
  };
  return { app, db: database.db, counter, close };
}
