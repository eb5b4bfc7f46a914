// The server's bundles (esbuild): npm packages stay external, the workspace contract is bundled in, and
// docs/statistics.md is copied beside them (modules/stats/definitions.ts reads it there). Used by build.mjs for
// production and by the benchmark (bench/run.ts), so that the benchmark measures the code production runs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@phjr/'));

/**
 * Bundles `entries` (output name -> source path, relative to apps/server) into `outdir`, a folder directly inside
 * apps/server (the code finds the repository from there: config.ts).
 */
export async function bundle(entries, outdir) {
  const out = path.join(here, outdir);
  await build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, src]) => [name, path.join(here, src)])),
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    logLevel: 'warning',
  });
  fs.copyFileSync(path.join(here, '../../docs/statistics.md'), path.join(out, 'statistics.md'));
  return out;
}
