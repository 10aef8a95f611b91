import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

type Cleanup = () => Promise<void> | void;

/**
 * Clean-ups that a test file's tests register as they make things (a file, a connection, a
 * thread): run after each test, the last made first, so that nothing outlives what it uses.
 */
export function cleanupsAfterEach(): (cleanup: Cleanup) => void {
  const cleanups: Cleanup[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return (cleanup) => {
    cleanups.push(cleanup);
  };
}

/** A directory of its own in the system's temporary one, removed after the test. */
export function temporaryDirectory(afterTest: (cleanup: Cleanup) => void, prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `gatefold-${prefix}-`));
  afterTest(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
