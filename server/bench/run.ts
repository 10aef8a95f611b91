import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { albumSort } from '@gatefold/contract/albums';
import { bulkResult, bulkUndoResult } from '@gatefold/contract/bulk';
import { folder } from '@gatefold/contract/folders';
import type autocannon from 'autocannon';
import pg from 'pg';
import { jobWhenDone, signInOverHttp } from '../src/testing/server-process';
import type { CallbackReport } from './callback-watch';
import {
  type BenchShape,
  collectionBatches,
  DECADES,
  GENRES,
  genreName,
  NAME_PREFIXES,
} from './collection';
import type { DatabaseFloor } from './database-floors';
import type { LoopReport } from './loop-watch';
import { startSpotifyWithLibrary } from './saved-library';
import { milliseconds, timedLoad } from './timed-load';

/**
 * The measurement of record (`npm run bench`): the server in a process of its own over SQLite and
 * over PostgreSQL, a collection of ALBUMS albums (50,000) brought in through the import API in ten
 * batches beside one of 50, every read of SPEC §7 driven by autocannon from this process at
 * CONNECTIONS (50) for SECONDS each, next to the floors measured in the same run; then a library
 * of ALBUMS saved albums brought in by the library import job from a loopback Spotify.
 */
const ALBUMS = Number(process.env.ALBUMS ?? 50_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 3);
const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASES = (process.env.DATABASES ?? 'sqlite,postgres').split(',');
/** The household load: this many users at once, each on a connection of their own. */
const HOUSEHOLD_USERS = 50;
const HOUSEHOLD_SECONDS = Number(process.env.HOUSEHOLD_SECONDS ?? 60);
/** `ONLY=folders,tag` runs the scenarios whose names contain one of these words. */
const ONLY = process.env.ONLY?.split(',');
/** What a browser sends with every call; the folder list is gzipped for it. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const here = path.dirname(fileURLToPath(import.meta.url));

type Server = {
  url: string;
  bareUrl: string;
  child: ChildProcess;
  ask<T>(message: object): Promise<T>;
};

async function startServer(env: Record<string, string>, port: number): Promise<Server> {
  // scripts/bench.mjs bundles serve.ts there first, as the server is built for `npm start`.
  const child = fork(path.join(here, 'dist', 'serve.js'), {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit', 'ipc'],
  });
  const ask = <T>(message: object) =>
    new Promise<T>((resolve) => {
      child.once('message', (answer) => resolve(answer as T));
      child.send(message);
    });
  const ready = await new Promise<{ bareAddress: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { bareAddress: string }));
    child.once('exit', (code) => reject(new Error(`The server stopped (${code}).`)));
  });
  return { url: `http://127.0.0.1:${port}`, bareUrl: `${ready.bareAddress}/bare`, child, ask };
}

const signIn = (server: Server, name: string) => signInOverHttp(server.url, name);

async function importCollection(server: Server, token: string, shape: BenchShape) {
  const rates: number[] = [];
  const headers = { authorization: `Bearer ${token}` };
  for (const batch of collectionBatches(shape)) {
    const start = performance.now();
    const response = await fetch(`${server.url}/api/v1/maintenance/import`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(batch),
    });
    if (response.status !== 202) throw new Error(`Import failed: ${await response.text()}`);
    // The albums go in as a job; the batch is done when the job is.
    const job = await jobWhenDone(server.url, token, await response.json());
    if (job.status !== 'finished') throw new Error(`Import failed: ${job.message}`);
    rates.push(batch.albums.length / ((performance.now() - start) / 1000));
  }
  return rates;
}

type Targets = { albumId: number; folderId: number; tag: string; genre: string; artist: string };

/** Ids that the detail scenarios open: a nested folder with albums, a tag, a genre, an artist. */
async function findTargets(server: Server, token: string): Promise<Targets> {
  const get = async <T>(url: string) =>
    (await (
      await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as T;
  const folders =
    await get<{ id: number; parent_id: number | null; album_count: number }[]>('/api/v1/folders');
  const nested = folders
    .filter((f) => f.parent_id !== null && f.album_count > 0)
    .sort((a, b) => b.album_count - a.album_count);
  const [album] = await get<{ id: number }[]>('/api/v1/albums?limit=1');
  const [tag] = await get<{ name: string }[]>('/api/v1/tags?limit=1');
  const [genre] = await get<{ name: string }[]>('/api/v1/genres');
  const [artist] = await get<{ slug: string }[]>('/api/v1/artists?limit=1');
  return {
    albumId: album?.id ?? 0,
    folderId: (nested[0] ?? folders[0])?.id ?? 0,
    tag: encodeURIComponent(tag?.name ?? ''),
    genre: encodeURIComponent(genre?.name ?? ''),
    artist: artist?.slug ?? '',
  };
}

/**
 * Paths that no kept result answers: more distinct filters (84 prefixes of the name words) than
 * the server keeps counts for (64), in every sort, asked one sort after another, so every request
 * counts its matches and reads its page afresh.
 */
const everyTextFilter = albumSort.options.flatMap((sort) =>
  NAME_PREFIXES.map(
    (prefix) => `/api/v1/albums?limit=24&sort=${sort}&q=${encodeURIComponent(prefix)}`,
  ),
);
/**
 * A word few albums have, as most searches of a real collection are: one of the numbers in the
 * names (an album's and an artist's, about ten albums), 400 of them, each asked once in turn.
 */
const everyRareWord = Array.from(
  { length: 400 },
  (_, n) => `/api/v1/albums?limit=24&sort=added-desc&q=${1_000 + n * 7}`,
);
/**
 * Queries of the query language that no kept result answers, as a listener narrowing the
 * collection: each genre in each of seven decades, 420 against 64 kept counts and 256 pages.
 */
const everyQuery = Array.from({ length: GENRES }, (_, n) => genreName(n)).flatMap((genre) =>
  DECADES.map(
    (decade) =>
      `/api/v1/albums?limit=24&sort=added-desc&q=${encodeURIComponent(`genre:"${genre}" year:${decade}..${decade + 9}`)}`,
  ),
);
/** More pages than the server keeps (256), from the top of each sort: every one is read afresh. */
const everyPage = albumSort.options.flatMap((sort) =>
  Array.from(
    { length: 40 },
    (_, offset) => `/api/v1/albums?limit=24&sort=${sort}&offset=${offset}`,
  ),
);
const everySearchPrefix = NAME_PREFIXES.map(
  (prefix) => `/api/v1/search?q=${encodeURIComponent(prefix)}`,
);

/** The query language's scenarios: a query of a genre, a range of years and a tag left out. */
type QueryTargets = Targets & { query: string; smartFolderId: number };

async function withSmartFolder(
  server: Server,
  token: string,
  targets: Targets,
): Promise<QueryTargets> {
  const query = `genre:"${decodeURIComponent(targets.genre)}" year:1970..1999 -tag:"${decodeURIComponent(targets.tag)}"`;
  const response = await fetch(`${server.url}/api/v1/folders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Seventies to nineties', query }),
  });
  if (response.status !== 201) throw new Error(`Smart folder refused: ${await response.text()}`);
  const smartFolderId = folder.parse(await response.json()).id;
  return { ...targets, query: encodeURIComponent(query), smartFolderId };
}

/**
 * Past discovery searches for the recent and popular lists: five years of the demo catalogue, the
 * first asked three times, within the ten a minute each user may make.
 */
async function makePastSearches(server: Server, token: string) {
  const years = [1991, 1992, 1993, 1994, 1995, 1991, 1991];
  for (const year of years) {
    const response = await fetch(
      `${server.url}/api/v1/search/spotify/advanced?algorithm=recommendation&year=${year}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    if (response.status !== 200) throw new Error(`Discovery refused: ${await response.text()}`);
  }
}

/** A scenario asks one path, or each of several in turn. */
type Scenario = [name: string, paths: string | string[]];

function scenarios(t: QueryTargets, albums: number): Scenario[] {
  return [
    ['auth/me', '/api/v1/auth/me'],
    ['albums, newest first', '/api/v1/albums?limit=24&sort=added-desc'],
    ['albums, a new page each time', everyPage],
    ['albums by name, middle page', `/api/v1/albums?limit=24&sort=name-asc&offset=${albums / 2}`],
    ['albums by artist', '/api/v1/albums?limit=24&sort=artist-asc'],
    ['albums by year', '/api/v1/albums?limit=24&sort=year-desc'],
    ['albums filtered by text', '/api/v1/albums?limit=24&q=velvet'],
    ['albums filtered by text, a new filter each time', everyTextFilter],
    ['albums filtered by a rare word, a new one each time', everyRareWord],
    ['albums by query', `/api/v1/albums?limit=24&q=${t.query}`],
    ['albums by query, a new one each time', everyQuery],
    ['smart folder albums', `/api/v1/folders/${t.smartFolderId}/albums?limit=24`],
    ['stats', '/api/v1/stats'],
    ['album detail', `/api/v1/albums/${t.albumId}`],
    ['folders', '/api/v1/folders'],
    ['folder detail', `/api/v1/folders/${t.folderId}`],
    ['folder albums', `/api/v1/folders/${t.folderId}/albums?limit=24`],
    ['tags', '/api/v1/tags'],
    ['tag', `/api/v1/tags/${t.tag}`],
    ['tag albums', `/api/v1/tags/${t.tag}/albums?limit=24`],
    ['trending tags', '/api/v1/tags/popular/trending'],
    ['genres', '/api/v1/genres'],
    ['genres matching a search', '/api/v1/genres?search=electro'],
    ['genre', `/api/v1/genres/${t.genre}`],
    ['genre albums', `/api/v1/genres/${t.genre}/albums?limit=24`],
    ['artists', '/api/v1/artists?limit=20'],
    ['artists by latest album', '/api/v1/artists?limit=20&sort=added-desc'],
    ['artist', `/api/v1/artists/${t.artist}`],
    ['artist albums', `/api/v1/artists/${t.artist}/albums?limit=24`],
    ['collection search', '/api/v1/search?q=velv'],
    ['collection search, a new prefix each time', everySearchPrefix],
    ['search suggestions', '/api/v1/search/suggestions?q=vel'],
    ['recent discovery searches', '/api/v1/search/recent'],
    ['popular discovery searches', '/api/v1/search/popular'],
    ['health', '/api/health'],
  ];
}

type Load = { rps: number; p50: number; p99: number; failed: number; requests: number };

/** The largest delay, and in brackets the largest part of a delay the loop spent running. */
const delayCell = (report: Pick<LoopReport, 'maxMs' | 'runningMs'>) =>
  `${report.maxMs.toFixed(1)} (${report.runningMs?.toFixed(1) ?? 'n/a'})`;
const callbackCell = ({ longestMs, kind }: CallbackReport) => `${longestMs.toFixed(1)} (${kind})`;
const collectionCells = (report: LoopReport) =>
  `${report.gcLongestMs.toFixed(1)} | ${Math.round(report.gcShare * 100)} %`;

/**
 * PostgreSQL's time on the cores, in ms: every process of the server on this machine, running
 * (its backends and its own workers) or ended (counted by the postmaster, which waits for them),
 * from /proc, in Linux's clock ticks of 10 ms; undefined where none runs here (a remote server).
 */
function postgresCpuMs(): number | undefined {
  const processes = new Map<number, { parent: number; ticks: number; endedTicks: number }>();
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // The process ended meanwhile.
    }
    const nameEnd = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, nameEnd) !== 'postgres') continue;
    // From the 3rd field on: ppid is the 4th, utime and stime the 14th and 15th, and the
    // children's that were waited for, cutime and cstime, the 16th and 17th.
    const field = (n: number) => Number(stat.slice(nameEnd + 2).split(' ')[n - 3]);
    processes.set(Number(pid), {
      parent: field(4),
      ticks: field(14) + field(15),
      endedTicks: field(16) + field(17),
    });
  }
  if (processes.size === 0) return undefined;
  let ticks = 0;
  for (const { parent, ticks: own, endedTicks } of processes.values()) {
    ticks += own;
    if (!processes.has(parent)) ticks += endedTicks; // The postmaster.
  }
  return ticks * 10;
}

/**
 * A load with what the server's event loop saw while it ran, and the CPU each request took: the
 * server's, and after a plus PostgreSQL's, which runs in processes of its own.
 */
async function watched(server: Server, kind: string, run: () => Promise<Load>) {
  await server.ask({ kind: 'loop-delay' });
  const databaseBefore = kind === 'postgres' ? postgresCpuMs() : undefined;
  const done = await run();
  const loop = await server.ask<LoopReport>({ kind: 'loop-delay' });
  const databaseAfter = kind === 'postgres' ? postgresCpuMs() : undefined;
  const each = (ms: number) => (ms / Math.max(done.requests, 1)).toFixed(2);
  const database =
    databaseBefore === undefined || databaseAfter === undefined
      ? '?'
      : each(databaseAfter - databaseBefore);
  const cpu = kind === 'postgres' ? `${each(loop.cpuMs)} + ${database}` : each(loop.cpuMs);
  return { load: done, loop, cpu };
}

/** p50 at 50,000 albums over p50 at 50; a dash where either load had no success. */
const growthCell = (growth: number) => (Number.isFinite(growth) ? `${growth.toFixed(2)}×` : '–');

/** The larger delay of two reports, and the larger running part. */
const worseDelay = (a: Pick<LoopReport, 'maxMs' | 'runningMs'>, b: LoopReport) => ({
  maxMs: Math.max(a.maxMs, b.maxMs),
  runningMs:
    a.runningMs === null || b.runningMs === null ? null : Math.max(a.runningMs, b.runningMs),
});

/** How hard a load presses: the bench's 50 connections, or one at a time to see each request alone. */
type Pressure = { connections: number; seconds: number };
const UNDER_LOAD: Pressure = { connections: CONNECTIONS, seconds: SECONDS };
const ONE_AT_A_TIME: Pressure = { connections: 1, seconds: 1 };

async function load(
  url: string,
  token?: string,
  requests?: autocannon.Request[],
  pressure = UNDER_LOAD,
): Promise<Load> {
  const { result, p50, p99 } = await timedLoad({
    url,
    connections: pressure.connections,
    duration: pressure.seconds,
    headers: { ...BROWSER_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(requests ? { requests } : {}),
  });
  return {
    rps: Math.round(result.requests.average),
    p50,
    p99,
    failed: result.non2xx + result.errors,
    requests: result.requests.total,
  };
}

function loadScenario(
  server: Server,
  paths: string | string[],
  token: string,
  pressure = UNDER_LOAD,
): Promise<Load> {
  if (typeof paths === 'string') return load(`${server.url}${paths}`, token, undefined, pressure);
  let next = 0;
  return load(
    `${server.url}/`,
    token,
    [
      {
        method: 'GET',
        setupRequest: (request) => {
          request.path = paths[next++ % paths.length] ?? '/';
          return request;
        },
      },
    ],
    pressure,
  );
}

const pathList = (paths: string | string[]) => (typeof paths === 'string' ? [paths] : paths);
const pageLimit = (path: string) => Number(/[?&]limit=(\d+)/.exec(path)?.[1] ?? Number.NaN);

/**
 * The big collection's paths with each page as long as the small collection lists for the same
 * path (at least one album), or undefined when every small page is full: a folder of the small
 * collection holds an album or two, and a page of 24 against a page of one is not the same read.
 */
async function atSmallLengths(
  server: Server,
  token: string,
  smallPaths: string[],
  bigPaths: string[],
): Promise<string[] | undefined> {
  const lengths = await Promise.all(
    smallPaths.map(async (path) => {
      if (Number.isNaN(pageLimit(path))) return Number.NaN;
      const response = await fetch(`${server.url}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!response.ok) throw new Error(`${path} failed: ${response.status}`);
      // A folder's page comes inside its detail.
      const listed: unknown = await response.json();
      const albums =
        typeof listed === 'object' && listed !== null && 'albums' in listed
          ? listed.albums
          : listed;
      return Array.isArray(albums) ? albums.length : Number.NaN;
    }),
  );
  const short = smallPaths.some((path, i) => (lengths[i] ?? Number.NaN) < pageLimit(path));
  if (!short) return undefined;
  return bigPaths.map((path, i) => {
    const length = lengths[i] ?? Number.NaN;
    return Number.isNaN(length)
      ? path
      : path.replace(/([?&]limit=)\d+/, `$1${Math.max(1, Math.min(length, pageLimit(path)))}`);
  });
}

function median(runs: Load[]): Load {
  const middle = [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)];
  if (!middle) throw new Error('No runs to take the median of.');
  return middle;
}

/**
 * Runs `work` while another user reads their first page at 10 connections for `seconds`: what
 * `work` answered, and a sentence on how the reader fared and the largest event-loop delay.
 */
async function whileAnotherReads<T>(
  server: Server,
  readerToken: string,
  seconds: number,
  work: () => Promise<T>,
): Promise<{ result: T; meanwhile: string }> {
  await server.ask({ kind: 'loop-delay' });
  const reads = load(`${server.url}/api/v1/albums?limit=24`, readerToken, undefined, {
    connections: 10,
    seconds,
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const result = await work();
  const during = await reads;
  const loop = await server.ask<LoopReport>({ kind: 'loop-delay' });
  const meanwhile =
    `Another user's first page at 10 connections meanwhile: ${during.rps} req/s, ` +
    `p50 ${milliseconds(during.p50)} ms, p99 ${milliseconds(during.p99)} ms, ` +
    `${during.failed} failed; ` +
    `largest event-loop delay ${delayCell(loop)} ms.`;
  return { result, meanwhile };
}

/**
 * Tags every album of the big collection in one bulk change and undoes it, then deletes the
 * albums of one year and brings them back, while another user reads: how long each change takes,
 * and whether it stalls them.
 */
async function bulkChanges(server: Server, token: string, readerToken: string) {
  const post = async (url: string, body: object) => {
    const response = await fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 200) throw new Error(`${url} failed: ${await response.text()}`);
    return response.json();
  };
  const changeAndUndo = async (change: object) => {
    const start = performance.now();
    const done = bulkResult.parse(await post('/api/v1/albums/bulk', change));
    const changeMs = performance.now() - start;
    const undoStart = performance.now();
    const undone = bulkUndoResult.parse(
      await post('/api/v1/albums/bulk/undo', { undo: done.undo }),
    );
    return { done, changeMs, undone, undoMs: performance.now() - undoStart };
  };
  const tagging = await whileAnotherReads(server, readerToken, 10, () =>
    changeAndUndo({ query: '', action: 'tag', tag: 'bench-bulk' }),
  );
  const deletion = await whileAnotherReads(server, readerToken, 10, () =>
    changeAndUndo({ query: 'year:1994', action: 'delete' }),
  );
  for (const [what, { result, meanwhile }] of [
    ['tagging all', tagging],
    ["deleting 1994's", deletion],
  ] as const) {
    console.log(
      `\nBulk change: ${what} ${result.done.affected} albums took ${Math.round(result.changeMs)} ` +
        `ms, undoing it (${result.undone.affected} albums) ${Math.round(result.undoMs)} ms. ` +
        meanwhile,
    );
  }
  console.log();
}

/**
 * Deletes the big collection's account while another user reads: how long it takes, and
 * whether it stalls them. Last, as the user is then gone.
 */
async function accountDeletion(server: Server, token: string, readerToken: string) {
  const { result: deleteMs, meanwhile } = await whileAnotherReads(
    server,
    readerToken,
    10,
    async () => {
      const start = performance.now();
      const response = await fetch(`${server.url}/api/v1/maintenance/account`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.status !== 204) {
        throw new Error(`Account deletion failed: ${await response.text()}`);
      }
      return performance.now() - start;
    },
  );
  console.log(
    `\nAccount deletion: the ${ALBUMS} albums' account went in ${Math.round(deleteMs)} ms. ` +
      `${meanwhile}\n`,
  );
}

type Household = { token: string; albumIds: number[]; folderId: number }[];

/** One pass of a connection through the household's calls: one user, one album. */
class Round {
  constructor(
    readonly user: Household[number],
    readonly albumId: number,
  ) {}
}

/** HOUSEHOLD_USERS users, each with a collection of 200 albums in a few folders. */
async function household(server: Server): Promise<Household> {
  const users: Household = [];
  for (let n = 0; n < HOUSEHOLD_USERS; n += 1) {
    // Each from an address of its own behind the proxy, as a household's devices are: sign-in
    // is limited per address.
    const token = await signInOverHttp(server.url, `Household ${n}`, {
      'x-forwarded-for': `198.51.100.${n + 1}`,
    });
    await importCollection(server, token, { albums: 200, batches: 1 });
    const headers = { authorization: `Bearer ${token}` };
    const albums = (await (
      await fetch(`${server.url}/api/v1/albums?limit=200`, { headers })
    ).json()) as { id: number }[];
    const { folderId } = await findTargets(server, token);
    users.push({ token, albumIds: albums.map((album) => album.id), folderId });
  }
  return users;
}

/**
 * Every user at once for HOUSEHOLD_SECONDS: each connection runs a round of reads and writes as
 * one user on one album (tag, rename, untag), the next round the next user and album, so no two
 * rounds in flight touch the same album. Every answer must be a success.
 */
async function householdLoad(server: Server, users: Household) {
  let rounds = 0;
  const roundOf = (context: object): Round => {
    if ('round' in context && context.round instanceof Round) return context.round;
    const n = rounds++;
    const user = users[n % users.length];
    if (!user) throw new Error('No household users.');
    const round = new Round(
      user,
      user.albumIds[Math.floor(n / users.length) % user.albumIds.length] ?? 0,
    );
    Object.assign(context, { round });
    return round;
  };
  const step =
    (
      method: autocannon.Request['method'],
      path: (round: Round) => string,
      body?: (round: Round) => object,
    ) =>
    (request: autocannon.Request, context: object): autocannon.Request => {
      const round = roundOf(context);
      return {
        ...request,
        method,
        path: path(round),
        headers: {
          ...BROWSER_HEADERS,
          authorization: `Bearer ${round.user.token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body(round)) } : {}),
      };
    };
  const { result, p50, p99 } = await timedLoad({
    url: server.url,
    connections: users.length,
    duration: HOUSEHOLD_SECONDS,
    requests: [
      { setupRequest: step('GET', () => '/api/v1/albums?limit=24') },
      { setupRequest: step('POST', (r) => `/api/v1/albums/${r.albumId}/tags/household`) },
      { setupRequest: step('GET', () => '/api/v1/folders') },
      {
        setupRequest: step(
          'PUT',
          (r) => `/api/v1/albums/${r.albumId}`,
          (r) => ({ name: `Renamed ${r.albumId}` }),
        ),
      },
      { setupRequest: step('GET', () => '/api/v1/search?q=blu') },
      { setupRequest: step('DELETE', (r) => `/api/v1/albums/${r.albumId}/tags/household`) },
      { setupRequest: step('GET', (r) => `/api/v1/folders/${r.user.folderId}/albums?limit=24`) },
      { setupRequest: step('GET', () => '/api/v1/tags') },
    ],
  });
  const errors = result.non2xx + result.errors + result.timeouts;
  console.log(
    `\nHousehold: ${users.length} users for ${HOUSEHOLD_SECONDS} s of mixed reads and writes: ` +
      `${Math.round(result.requests.average)} req/s, p50 ${milliseconds(p50)} ms, ` +
      `p99 ${milliseconds(p99)} ms, ${errors} errors in ${result.requests.total} requests.\n`,
  );
  if (errors > 0) process.exitCode = 1;
}

/** A database of its own for a part of the bench, and how to drop it. */
async function freshDatabase(kind: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatefold-bench-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: '100000000',
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  };
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    const name = `gatefold_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  return {
    env,
    drop: async () => {
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function stopServer(server: Server) {
  server.child.send({ kind: 'stop' });
  await new Promise((resolve) => server.child.once('exit', resolve));
}

/**
 * The library import job over ALBUMS saved albums of a loopback Spotify, into a database of its
 * own: albums/s over the whole, and for each tenth of the library as the job reports it.
 */
async function benchLibraryImport(kind: string, port: number) {
  const spotify = await startSpotifyWithLibrary(ALBUMS);
  const database = await freshDatabase(kind);
  // MusicBrainz is left to the look-up of genres; an address that refuses shows any call.
  const server = await startServer(
    { ...database.env, ...spotify.environment, MUSICBRAINZ_URL: 'http://127.0.0.1:9/ws/2' },
    port,
  );
  try {
    const token = await signIn(server, 'Bench library');
    await server.ask({ kind: 'loop-delay' });
    const start = performance.now();
    // The job's progress at each tenth of the library it passes: when, and how far it was.
    const marks = [{ at: start, done: 0 }];
    const response = await fetch(`${server.url}/api/v1/maintenance/library-import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.status !== 202) throw new Error(`Import refused: ${await response.text()}`);
    const job = await jobWhenDone(server.url, token, await response.json(), ({ done }) => {
      if (done >= (marks.length * ALBUMS) / 10) marks.push({ at: performance.now(), done });
    });
    const end = performance.now();
    const loop = await server.ask<LoopReport>({ kind: 'loop-delay' });
    if (job.status !== 'finished' || job.added !== ALBUMS)
      throw new Error(`Library import failed: ${job.status}, ${job.added} added: ${job.message}`);
    marks.push({ at: end, done: ALBUMS });
    const rates = marks
      .slice(1)
      .map((mark, index) => {
        const before = marks[index] ?? mark;
        return (mark.done - before.done) / ((mark.at - before.at) / 1000);
      })
      .filter((rate) => rate > 0);
    const seconds = (end - start) / 1000;
    console.log(
      `Library import of ${ALBUMS} saved albums from a loopback Spotify: ${seconds.toFixed(1)} s, ` +
        `${Math.round(ALBUMS / seconds)} albums/s; by tenths ${rates.map(Math.round).join(', ')}; ` +
        `${spotify.seen.apiCalls.length} calls to Spotify; largest event-loop delay ${delayCell(loop)} ms.\n`,
    );
    await benchRefresh(server, token, spotify.seen.apiCalls);
  } finally {
    await stopServer(server);
    await database.drop();
    await spotify.close();
  }
}

/** The refresh of the whole collection the library import brought in, from the same Spotify. */
async function benchRefresh(server: Server, token: string, spotifyCalls: readonly string[]) {
  const callsBefore = spotifyCalls.length;
  await server.ask({ kind: 'loop-delay' });
  const start = performance.now();
  const response = await fetch(`${server.url}/api/v1/maintenance/refresh`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 202) throw new Error(`Refresh refused: ${await response.text()}`);
  const job = await jobWhenDone(server.url, token, await response.json());
  const seconds = (performance.now() - start) / 1000;
  const loop = await server.ask<LoopReport>({ kind: 'loop-delay' });
  if (job.status !== 'finished' || job.done !== ALBUMS)
    throw new Error(`Refresh failed: ${job.status}, ${job.done} done: ${job.message}`);
  console.log(
    `Refresh of those ${ALBUMS} albums: ${seconds.toFixed(1)} s, ` +
      `${Math.round(ALBUMS / seconds)} albums/s; ${spotifyCalls.length - callsBefore} calls to ` +
      `Spotify; largest event-loop delay ${delayCell(loop)} ms.\n`,
  );
}

async function benchDatabase(kind: string, port: number) {
  const { env, drop } = await freshDatabase(kind);
  const server = await startServer(env, port);
  try {
    const small = await signIn(server, 'Bench small');
    const big = await signIn(server, 'Bench big');
    // The small collection has the big one's folders and tags, and draws on its genres and
    // artists: its folder and tag lists are as long, so growth is what 1,000 times the albums cost.
    await importCollection(server, small, { albums: 50, batches: 10, labelledAs: ALBUMS });
    await server.ask({ kind: 'loop-delay' });
    const importStart = performance.now();
    const rates = await importCollection(server, big, { albums: ALBUMS, batches: 10 });
    const importSeconds = (performance.now() - importStart) / 1000;
    const importLoop = await server.ask<LoopReport>({ kind: 'loop-delay' });
    console.log(
      `\n## ${kind}\n\nImport of ${ALBUMS} albums in 10 batches: ${importSeconds.toFixed(1)} s, ` +
        `${Math.round(ALBUMS / importSeconds)} albums/s; per batch ${rates.map(Math.round).join(', ')}; ` +
        `largest event-loop delay ${delayCell(importLoop)} ms, longest GC pause ` +
        `${importLoop.gcLongestMs.toFixed(1)} ms.\n`,
    );

    // Taken in turns, three times each, so that both meet the machine in the same state.
    const bareRuns: Load[] = [];
    const healthRuns: Load[] = [];
    for (let turn = 0; turn < 3; turn += 1) {
      bareRuns.push(await load(server.bareUrl));
      healthRuns.push(await load(`${server.url}/api/health`));
    }
    const bare = median(bareRuns);
    const health = median(healthRuns);
    console.log(
      `HTTP floor (bare Fastify route, median of 3): ${bare.rps} req/s, p50 ${milliseconds(bare.p50)} ms. ` +
        `/api/health: ${health.rps} req/s (${Math.round((100 * health.rps) / bare.rps)} % of the floor).\n`,
    );

    const smallTargets = await withSmartFolder(server, small, await findTargets(server, small));
    const bigTargets = await withSmartFolder(server, big, await findTargets(server, big));
    await Promise.all([makePastSearches(server, small), makePastSearches(server, big)]);
    const smallScenarios = scenarios(smallTargets, 50);
    const bigScenarios = scenarios(bigTargets, ALBUMS);
    console.log(
      `| scenario | 50 albums p50 ms | ${ALBUMS} albums req/s | p50 ms | p99 ms | growth | ` +
        `CPU ms a request (server${kind === 'postgres' ? ' + PostgreSQL' : ''}) | ` +
        'event loop max ms (running) | longest GC pause ms | time in GC | ' +
        'one request at a time: event loop max ms (running) | longest callback ms (what ran it) |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
    const noDelay: Pick<LoopReport, 'maxMs' | 'runningMs'> = { maxMs: 0, runningMs: 0 };
    let worstLoop = noDelay;
    let worstAlone = noDelay;
    let longestCallback: { scenario: string; callback: CallbackReport } | undefined;
    let anyShortened = false;
    for (const [index, [name, smallPaths]] of smallScenarios.entries()) {
      if (ONLY && !ONLY.some((word) => name.includes(word))) continue;
      const bigPaths = bigScenarios[index]?.[1] ?? smallPaths;
      const before = await loadScenario(server, smallPaths, small);
      const {
        load: after,
        loop,
        cpu,
      } = await watched(server, kind, () => loadScenario(server, bigPaths, big));
      worstLoop = worseDelay(worstLoop, loop);
      // Growth compares pages of one length: the big collection's again, as short as the small's.
      const shortPaths = await atSmallLengths(
        server,
        small,
        pathList(smallPaths),
        pathList(bigPaths),
      );
      const comparable = shortPaths ? await loadScenario(server, shortPaths, big) : after;
      anyShortened ||= shortPaths !== undefined;
      await server.ask({ kind: 'loop-delay' });
      // Under 50 connections the monitor sees many requests' work in one turn of the loop; one
      // connection shows what a single request holds it for.
      const alone = await loadScenario(server, bigPaths, big, ONE_AT_A_TIME);
      const aloneLoop = await server.ask<LoopReport>({ kind: 'loop-delay' });
      worstAlone = worseDelay(worstAlone, aloneLoop);
      // Again with the callbacks watched, whose hooks would slow the pass above.
      await server.ask({ kind: 'watch-callbacks' });
      const aloneWatched = await loadScenario(server, bigPaths, big, ONE_AT_A_TIME);
      const aloneCallback = await server.ask<CallbackReport>({ kind: 'callbacks-watched' });
      if (aloneCallback.longestMs > (longestCallback?.callback.longestMs ?? -1))
        longestCallback = { scenario: name, callback: aloneCallback };
      const failedCount =
        before.failed +
        after.failed +
        alone.failed +
        aloneWatched.failed +
        (shortPaths ? comparable.failed : 0);
      const failed = failedCount > 0 ? ` (${failedCount} failed)` : '';
      console.log(
        `| ${name}${failed} | ${milliseconds(before.p50)} | ${after.rps} | ` +
          `${milliseconds(after.p50)} | ${milliseconds(after.p99)} | ` +
          `${growthCell(comparable.p50 / before.p50)}${shortPaths ? '*' : ''} | ` +
          `${cpu} | ${delayCell(loop)} | ${collectionCells(loop)} | ${delayCell(aloneLoop)} | ` +
          `${callbackCell(aloneCallback)} |`,
      );
    }

    const {
      load: mixed,
      loop: mixedLoop,
      cpu: mixedCpu,
    } = await watched(server, kind, () =>
      load(`${server.url}/`, big, [
        { method: 'GET', path: '/api/v1/albums?limit=24' },
        { method: 'POST', path: `/api/v1/albums/${bigTargets.albumId}/tags/bench-mixed` },
        { method: 'GET', path: `/api/v1/folders/${bigTargets.folderId}/albums?limit=24` },
        { method: 'DELETE', path: `/api/v1/albums/${bigTargets.albumId}/tags/bench-mixed` },
      ]),
    );
    worstLoop = worseDelay(worstLoop, mixedLoop);
    console.log(
      `| mixed reads and writes | | ${mixed.rps} | ${milliseconds(mixed.p50)} | ` +
        `${milliseconds(mixed.p99)} | | ${mixedCpu} | ` +
        `${delayCell(mixedLoop)} | ${collectionCells(mixedLoop)} | | |`,
    );
    if (anyShortened) {
      console.log(
        '\n\\* Growth from the big collection read again with pages as short as the small ' +
          "collection's (at least one album): its folders, tags, genres and artists hold few albums.",
      );
    }
    console.log(
      `\nLargest event-loop delay during the reads (in brackets the part the main thread ran): ` +
        `${delayCell(worstLoop)} ms at ${CONNECTIONS} connections, ${delayCell(worstAlone)} ms ` +
        'with one request at a time.\n',
    );
    if (longestCallback) {
      console.log(
        `Longest callback with one request at a time: ${callbackCell(longestCallback.callback)} ` +
          `ms, in ${longestCallback.scenario}.\n`,
      );
    }
    if (!ONLY || ONLY.includes('bulk')) await bulkChanges(server, big, small);
    if (HOUSEHOLD_SECONDS > 0) await householdLoad(server, await household(server));

    const userIds = await Promise.all(
      [small, big].map(async (token) => {
        const me = await fetch(`${server.url}/api/v1/auth/me`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await me.json()) as { id: number }).id;
      }),
    );
    console.log('| database floor (SQL in-process) | 50 albums p50 ms | 50,000 albums p50 ms |');
    console.log('|---|---|---|');
    const floors: DatabaseFloor[] = [
      'albums-first-page',
      'albums-text-filter',
      'albums-query',
      'folders',
      'tags',
      'trending-tags',
      'artists',
      'search',
    ];
    for (const floor of floors) {
      const timings: number[] = [];
      for (const userId of userIds) {
        const { p50Ms } = await server.ask<{ p50Ms: number }>({
          kind: 'database-floor',
          floor,
          userId,
          runs: 200,
        });
        timings.push(p50Ms);
      }
      console.log(`| ${floor} | ${timings[0]?.toFixed(2)} | ${timings[1]?.toFixed(2)} |`);
    }
    if (!ONLY || ONLY.includes('account')) await accountDeletion(server, big, small);
  } finally {
    await stopServer(server);
    await drop();
  }
  if (!ONLY || ONLY.includes('library')) await benchLibraryImport(kind, port);
}

console.log(
  `# Gatefold bench: ${ALBUMS} albums, ${CONNECTIONS} connections, ${SECONDS} s a scenario, ${os.cpus().length} cores`,
);
for (const [index, kind] of DATABASES.entries()) await benchDatabase(kind, 3900 + index);
