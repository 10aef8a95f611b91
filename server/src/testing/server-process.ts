import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { type Job, job as jobSchema } from '@gatefold/contract/maintenance';

const serverDir = path.resolve(import.meta.dirname, '../..');

export type ServerProcess = {
  child: ChildProcess;
  exited: Promise<number | null>;
  stderr: () => string;
  /** The log, one JSON line per entry. */
  stdout: () => string;
};

/** Starts src/main.ts in a process of its own, as `npm start` starts the built server. */
export function startServerProcess(environment: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...environment },
  });
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  child.stdout?.on('data', (chunk) => {
    stdout += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exited, stderr: () => stderr, stdout: () => stdout };
}

/**
 * Waits until the server on `port` answers its health check, and returns the answer. Started from
 * source, a server compiles itself first: on two cores shared with other test files' servers that
 * has taken over 20 s, hence the long wait. A server that exits or never answers fails the wait
 * with what it printed, so that the reason reaches the test's report.
 */
export async function waitForHealth(server: ServerProcess, port: number): Promise<unknown> {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  for (let attempt = 0; attempt < 450; attempt += 1) {
    if (exitCode !== undefined) {
      throw new Error(
        `The server exited (${exitCode}) before it was healthy:\n${server.stderr()}${server.stdout()}`,
      );
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return response.json();
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server never became healthy:\n${server.stderr()}${server.stdout()}`);
}

/**
 * Signs in through the demo service's redirects over real HTTP, as a browser does; `headers` go
 * with every step (a proxy's X-Forwarded-For, say).
 */
export async function signInOverHttp(
  origin: string,
  name: string,
  headers: Record<string, string> = {},
): Promise<string> {
  let location = `${origin}/api/v1/auth/login?login_hint=${encodeURIComponent(name)}`;
  // The sign-in cookie /login sets goes back with the callback, as a browser sends it.
  let cookie = '';
  while (!location.includes('/auth/success')) {
    const response = await fetch(location, { redirect: 'manual', headers: { ...headers, cookie } });
    const next = response.headers.get('location');
    if (next === null) throw new Error(`Sign-in stopped at ${location}: ${response.status}.`);
    cookie = response.headers.get('set-cookie')?.split(';')[0] ?? cookie;
    location = new URL(next, origin).toString();
  }
  const handoff = new URL(location).searchParams.get('token');
  const refreshed = await fetch(`${origin}/api/v1/auth/refresh`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${handoff}` },
  });
  return ((await refreshed.json()) as { token: string }).token;
}

/**
 * The job a start answered with (its JSON), followed over HTTP until it is no longer running;
 * `watch` sees it at every poll.
 */
export async function jobWhenDone(
  origin: string,
  token: string,
  started: unknown,
  watch: (job: Job) => void = () => {},
): Promise<Job> {
  let job = jobSchema.parse(started);
  while (job.status === 'running') {
    watch(job);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const polled = await fetch(`${origin}/api/v1/maintenance/jobs/${job.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    job = jobSchema.parse(await polled.json());
  }
  return job;
}
