// `npm test`: typecheck, lint, build, then one Vitest run of the unit, API and browser projects. It ends with the
// plain summary line "N passed, N failed" that CI reads.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();

function step(name, cmd, args) {
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.log(`\n✖ ${name} failed`);
    console.log('0 passed, 1 failed');
    process.exit(r.status ?? 1);
  }
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
step('typecheck', 'npm', ['run', 'typecheck', '--silent']);
step('lint', 'npm', ['run', 'lint', '--silent']);
console.log('\n▶ build');
buildIfStale({ force: process.env.CI === 'true' });

const report = path.join(root, '.tmp/vitest-report.json');
fs.mkdirSync(path.dirname(report), { recursive: true });
console.log('\n▶ unit, API and browser tests');
const extra = process.argv.slice(2);
const run = spawnSync(npx, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra], {
  cwd: root,
  stdio: 'inherit',
});

let passed = 0;
let failed = 0;
let skipped = 0;
if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = r.numPassedTests;
  failed = r.numFailedTests + (r.numFailedTestSuites ?? 0);
  skipped = r.numPendingTests + (r.numTodoTests ?? 0);
}
if (run.status !== 0 && failed === 0) failed = 1;
console.log(`\nnpm test took ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
