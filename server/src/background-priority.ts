import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** How far below the event loop a background thread runs, as a nice value. */
export const BACKGROUND_NICENESS = 10;

/**
 * Lowers the calling thread's priority: a long background write (an import file, a bulk change,
 * an account's deletion) then gives up a core whenever the event loop is ready to run. On two
 * cores at the same priority the event loop waited for one about 100 ms at a time while such a
 * write ran. Linux gives each thread an id of its own, which `setPriority` takes; elsewhere, or
 * where /proc cannot be read, the thread keeps its priority.
 */
export function runInBackground(): void {
  try {
    const threadId = Number(path.basename(fs.readlinkSync('/proc/thread-self')));
    os.setPriority(threadId, Math.min(19, os.getPriority(threadId) + BACKGROUND_NICENESS));
  } catch {
    // Not Linux: nothing to lower.
  }
}
