// The measurement of record: every read at 50 and 50,000 albums on SQLite and PostgreSQL (server/bench/).
import { spawnSync } from 'node:child_process';

const result = spawnSync('npx', ['tsx', 'bench/run.ts'], { cwd: 'server', stdio: 'inherit' });
process.exit(result.status ?? 1);
