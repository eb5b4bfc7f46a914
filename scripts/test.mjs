// `npm test`: typecheck and lint two at a time, build, then the unit, API, process and browser tests, one tier after
// another. It ends with the plain summary line "N passed, N failed" that CI reads.
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();

const times = [];
/** Runs `fn` as the named step and keeps its time for the closing line (every step and tier prints its own). */
function timed(name, fn) {
  console.log(`\n▶ ${name}`);
  const t0 = Date.now();
  const result = fn();
  const seconds = Math.round((Date.now() - t0) / 1000);
  times.push(`${name} ${seconds} s`);
  console.log(`${name} took ${seconds} s`);
  return result;
}

/**
 * Runs the static checks two at a time (one per core; each is one process: tsc per project, eslint, prettier), prints
 * each one's output whole when it ends, with its time, and stops the run if one failed. They are the steps of
 * `npm run typecheck` and `npm run lint` (package.json), here split so that two cores share them.
 */
async function checks(jobs, width = 2) {
  console.log(`\n▶ ${jobs.map((j) => j.name).join(', ')}: ${width} at a time`);
  const queue = [...jobs];
  const failed = [];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const { name, cmd } = job;
      const t0 = Date.now();
      const code = await new Promise((resolve) => {
        const child = spawn(npx, cmd, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('close', (c) => {
          process.stdout.write(out);
          resolve(c);
        });
      });
      const seconds = Math.round((Date.now() - t0) / 1000);
      times.push(`${name} ${seconds} s`);
      console.log(`${name} took ${seconds} s${code === 0 ? '' : ` and failed (exit ${code})`}`);
      if (code !== 0) failed.push(name);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  if (failed.length) {
    console.log(`\n✖ ${failed.join(', ')} failed`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
// The steps of `npm run lint` and `npm run typecheck`, read from package.json (one place lists them). The linters
// first: ESLint and Prettier each use one core, TypeScript 7's checker every core there is, so it fills the end.
const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
await checks(
  [scripts.lint, scripts.typecheck]
    .flatMap((line) => line.split('&&'))
    .map((part) => part.trim().split(/\s+/))
    .map((cmd) => ({ name: cmd.some((c) => c.endsWith('/tsc')) ? `tsc ${cmd.at(-1)}` : cmd[0], cmd })),
);
timed('build', () => buildIfStale({ force: process.env.CI === 'true' }));

// The four tiers run one after another, never at the same time: on a 2-core machine the browser tests would otherwise
// compete with the fuzz test and the kill-and-restart servers, and lose clicks. Inside the unit, API and process tiers
// two files run at a time, each API worker on a database of its own; the browser tests run one file at a time
// (vitest.config.ts). Each tier prints its own time. Extra arguments (a file, `--project api`) go to one Vitest run of
// their own instead.
const TIERS = ['unit', 'api', 'process', 'e2e'];
const extra = process.argv.slice(2);
const runs =
  extra.length > 0
    ? [{ name: 'selected tests', args: extra }]
    : TIERS.map((tier) => ({ name: `${tier} tests`, args: ['--project', tier] }));

let passed = 0;
let failed = 0;
let skipped = 0;
for (const [i, { name, args }] of runs.entries()) {
  const report = path.join(root, `.tmp/vitest-report-${i}.json`);
  fs.mkdirSync(path.dirname(report), { recursive: true });
  fs.rmSync(report, { force: true });
  const run = timed(name, () =>
    spawnSync(npx, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args], {
      cwd: root,
      stdio: 'inherit',
    }),
  );
  let tierFailed = 0;
  if (fs.existsSync(report)) {
    const r = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    // A failed test counts once; a file that failed with no failed test (it did not load, a hook threw) counts once
    // too. (numFailedTestSuites counts every describe block around a failed test, so it is not added.)
    const filesFailedOutsideTests = (r.testResults ?? []).filter(
      (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
    ).length;
    tierFailed = r.numFailedTests + filesFailedOutsideTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  }
  if (run.status !== 0 && tierFailed === 0) tierFailed = 1;
  failed += tierFailed;
}
console.log(`\nnpm test took ${Math.round((Date.now() - started) / 1000)} s (${times.join(', ')})`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 ? 0 : 1);
