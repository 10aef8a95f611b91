// Bundles the server and the contract it imports into dist/main.js (and its reader thread); npm packages stay external.
import { cp, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter(
  (name) => !name.startsWith('@gatefold/'),
);

await rm('dist', { recursive: true, force: true });
await build({
  // The SQLite reader threads load their own file, next to main.js.
  entryPoints: { main: 'src/main.ts', 'sqlite-reader-worker': 'src/db/sqlite-reader-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
// The demo catalogue is data the bundle reads at start-up.
await cp('src/streaming/demo/catalogue', 'dist/catalogue', { recursive: true });
