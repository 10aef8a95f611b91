import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { loadConfig } from '../src/config';
import { startApp } from '../src/start-app';
import { CallbackWatch } from './callback-watch';
import { type DatabaseFloor, databaseFloors } from './database-floors';
import { LoopWatch } from './loop-watch';

/**
 * The server under test, started by run.ts in a process of its own, as main.ts starts it. It also
 * serves a bare Fastify route (the HTTP floor) and watches its event loop (loop-watch.ts). When the
 * bench asks over IPC, it watches its longest callbacks (callback-watch.ts) and times a page's SQL
 * in-process (the database floor).
 */
const config = loadConfig(process.env);
const { app, db } = await startApp(config);
await app.listen({ port: config.port, host: config.host });

const bare = Fastify();
bare.get('/bare', async () => ({ status: 'ok' }));
const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

const loop = new LoopWatch();
const callbacks = new CallbackWatch();

type Request =
  | { kind: 'loop-delay' }
  | { kind: 'watch-callbacks' }
  | { kind: 'callbacks-watched' }
  | { kind: 'database-floor'; floor: DatabaseFloor; userId: number; runs: number }
  | { kind: 'stop' };

process.on('message', async (request: Request) => {
  if (request.kind === 'loop-delay') {
    process.send?.(loop.report());
  } else if (request.kind === 'watch-callbacks') {
    callbacks.start();
    process.send?.({ watching: true });
  } else if (request.kind === 'callbacks-watched') {
    process.send?.(callbacks.stop());
  } else if (request.kind === 'database-floor') {
    const query = databaseFloors[request.floor];
    const times: number[] = [];
    for (let run = 0; run < request.runs; run += 1) {
      const start = performance.now();
      await query(db, request.userId, run);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    process.send?.({ p50Ms: times[Math.floor(times.length / 2)] ?? 0 });
  } else {
    await Promise.all([app.close(), bare.close()]);
    process.exit(0);
  }
});
process.send?.({ ready: true, bareAddress });
