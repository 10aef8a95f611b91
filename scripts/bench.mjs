// The measurement of record: every read at 50 and 50,000 albums on SQLite and PostgreSQL (server/bench/).
import { spawnSync } from 'node:child_process';

// The server under test is bundled as `npm start` bundles it (worker threads start as they do there).
const built = spawnSync('node', ['scripts/build.mjs', '--bench'], {
  cwd: 'server',
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);
const result = spawnSync('npx', ['tsx', 'bench/run.ts'], { cwd: 'server', stdio: 'inherit' });
process.exit(result.status ?? 1);
