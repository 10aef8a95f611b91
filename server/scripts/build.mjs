// Bundles the server and the contract it imports into dist/main.js (and its worker threads); npm packages stay external.
// `--bench` bundles the bench's server (bench/serve.ts) into bench/dist instead, so that it runs as users run the server.
import { cp, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter(
  (name) => !name.startsWith('@gatefold/'),
);

const bench = process.argv.includes('--bench');
const outdir = bench ? 'bench/dist' : 'dist';

await rm(outdir, { recursive: true, force: true });
await build({
  // Worker threads load files of their own, next to main.js (start-worker.ts).
  entryPoints: {
    ...(bench ? { serve: 'bench/serve.ts' } : { main: 'src/main.ts' }),
    'sqlite-reader-worker': 'src/db/sqlite-reader-worker.ts',
    'sqlite-checkpoint-worker': 'src/db/sqlite-checkpoint-worker.ts',
    'import-file-worker': 'src/maintenance/import-file-worker.ts',
    'writing-thread-worker': 'src/db/writing-thread-worker.ts',
    // What the writing thread runs: modules it loads as it needs them (db/writing-thread.ts).
    'account-deletion-write': 'src/maintenance/account-deletion-write.ts',
    'bulk-change-write': 'src/albums/bulk/bulk-change-write.ts',
    'folder-write': 'src/folders/folder-write.ts',
    'tag-write': 'src/tags/tag-write.ts',
    'library-page-write': 'src/maintenance/library-page-write.ts',
    'refresh-page-write': 'src/maintenance/refresh-page-write.ts',
    'planner-statistics-write': 'src/db/planner-statistics-write.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
// The demo catalogue is data the bundle reads at start-up.
await cp('src/streaming/demo/catalogue', `${outdir}/catalogue`, { recursive: true });
