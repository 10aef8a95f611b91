import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const sourceDir = path.dirname(new URL(import.meta.url).pathname);

/** Every module a worker thread loads, named as `startWorker` and `workerModule` take them. */
function workerNames(): string[] {
  const files = fs.readdirSync(sourceDir, { recursive: true, encoding: 'utf8' });
  const named =
    /(?:startWorker|workerModule|new WorkerThread)\(\s*import\.meta\.url,\s*'([\w-]+)'/g;
  return files
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .flatMap((file) =>
      [...fs.readFileSync(path.join(sourceDir, file), 'utf8').matchAll(named)].map(
        (match) => match[1] ?? '',
      ),
    );
}

describe('worker modules', () => {
  it('are each built as a file of their own beside the server', () => {
    const build = fs.readFileSync(path.join(sourceDir, '../scripts/build.mjs'), 'utf8');
    const names = workerNames();
    expect(names).toContain('writing-thread-worker');
    expect(names).toContain('folder-write');
    for (const name of names) expect(build, name).toContain(`'${name}':`);
  });
});
