// Benchmarks: the collection's reads on a large seeded collection (server/bench/).
import { spawnSync } from 'node:child_process';

const result = spawnSync('npx', ['tsx', 'bench/collection-bench.ts'], {
  cwd: 'server',
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
