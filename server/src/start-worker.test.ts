import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const sourceDir = path.dirname(new URL(import.meta.url).pathname);

/** The modules that pass a caller's worker on to `startWorker` rather than naming one. */
const PASSING_ON = ['start-worker.ts', 'worker-thread.ts'];

/**
 * Every call that starts or names a worker module, with the name it gives when that is a literal
 * beside `import.meta.url`, as the build needs it to be.
 */
function workerCalls(): { file: string; name: string | undefined }[] {
  const calls = /(?:startWorker|workerModule|new WorkerThread)\(([^)]*)/g;
  const named = /^\s*import\.meta\.url,\s*'([\w-]+)'/;
  const files = fs.readdirSync(sourceDir, { recursive: true, encoding: 'utf8' });
  return files
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .flatMap((file) =>
      [...fs.readFileSync(path.join(sourceDir, file), 'utf8').matchAll(calls)]
        .filter((call) => !/^\s*caller: string/.test(call[1] ?? ''))
        .map((call) => ({ file, name: named.exec(call[1] ?? '')?.[1] })),
    );
}

describe('worker modules', () => {
  it('are each built as a file of their own beside the server', () => {
    const build = fs.readFileSync(path.join(sourceDir, '../scripts/build.mjs'), 'utf8');
    const names = workerCalls().flatMap(({ name }) => (name ? [name] : []));
    expect(names).toContain('writing-thread-worker');
    expect(names).toContain('folder-write');
    for (const name of names) expect(build, name).toContain(`'${name}':`);
  });

  it('are named where they are started, so that the build can be checked against them', () => {
    const unnamed = workerCalls().filter(
      ({ file, name }) => name === undefined && !PASSING_ON.includes(path.basename(file)),
    );
    expect(unnamed).toEqual([]);
    const passedOn = workerCalls().filter(({ name }) => name === undefined);
    expect(passedOn.map(({ file }) => path.basename(file)).sort()).toEqual(PASSING_ON);
  });
});
