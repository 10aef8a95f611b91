import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './testing/loopback';
import { startServerProcess, waitForHealth } from './testing/server-process';

const running: ChildProcess[] = [];

function startServer(environment: Record<string, string>) {
  const server = startServerProcess(environment);
  running.push(server.child);
  return server;
}

afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

describe('the server process', () => {
  it('starts on a fresh data folder, migrates, answers health and stops cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatefold-main-'));
    const port = await freePort();
    const server = startServer({ PORT: String(port), DATA_DIR: dataDir });
    expect(await waitForHealth(server, port)).toEqual({ status: 'ok' });
    expect(fs.existsSync(path.join(dataDir, 'gatefold.sqlite'))).toBe(true);
    expect(fs.statSync(path.join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    fs.rmSync(dataDir, { recursive: true });
  });

  it('refuses to start on a bad variable with one line naming it', async () => {
    const server = startServer({ PORT: 'not-a-port' });
    expect(await server.exited).toBe(1);
    const lines = server.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT /);
  });
});
