import { Worker } from 'node:worker_threads';

/**
 * Starts the worker thread `name` that sits beside the module at `caller` (its import.meta.url).
 * Built, every worker is a file of its own beside main.js; run from source (tests, the bench), the
 * thread compiles TypeScript first, as the server does.
 */
export function startWorker(caller: string, name: string, workerData?: object): Worker {
  if (!caller.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, caller), { workerData });
  const source = new URL(`./${name}.ts`, caller).href;
  const start = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(start, { eval: true, workerData });
}
