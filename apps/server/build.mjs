// Bundles the server into dist/server.js: npm packages stay external, the workspace contract is bundled in, and the
// committed SQL migrations and docs/statistics.md are copied beside the bundle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@phjr/'));

await build({
  entryPoints: [path.join(here, 'src/server.ts')],
  outfile: path.join(here, 'dist/server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
fs.rmSync(path.join(here, 'dist/migrations'), { recursive: true, force: true });
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(here, 'dist/migrations'), { recursive: true });
// The figures' definitions (口径) are served from docs/statistics.md (modules/stats/definitions.ts reads it beside the bundle).
fs.copyFileSync(path.join(here, '../../docs/statistics.md'), path.join(here, 'dist/statistics.md'));
