import { Worker } from 'node:worker_threads';

/**
 * The address of the worker module `name` beside the module at `caller` (its import.meta.url).
 * Built, every worker is a file of its own beside main.js; run from source (tests, the bench), it
 * is the TypeScript file.
 */
export function workerModule(caller: string, name: string): string {
  return new URL(`./${name}.${caller.endsWith('.ts') ? 'ts' : 'js'}`, caller).href;
}

/**
 * Starts the worker thread `name` that sits beside the module at `caller`. Run from source, the
 * thread compiles TypeScript first, as the server does.
 */
export function startWorker(caller: string, name: string, workerData?: object): Worker {
  const source = workerModule(caller, name);
  if (!source.endsWith('.ts')) return new Worker(new URL(source), { workerData });
  const start = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(start, { eval: true, workerData });
}
