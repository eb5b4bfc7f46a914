// `npm test`: lint and typecheck two at a time, build, then the unit, API, process and browser tests, one tier after
// another (the browser walk of every route beside the process tests). It ends with the plain summary line
// "N passed, N failed" that CI reads.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
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

// The four tiers run one after another: on a 2-core machine the browser tests would otherwise compete with the fuzz
// test and the kill-and-restart servers, and lose clicks. One exception: the walk of every route
// (e2e/specs/every-route.spec.ts, issue 32) clicks nothing (it navigates in the app and checks each page), so it runs
// beside the process tests, with its own server, in the CPU they leave (decision record 0037); the rest of the browser
// tests follow. Inside the unit, API and process tiers two files run at a time, each API worker on a database of its
// own; the browser tests run one file at a time (vitest.config.ts). Each run prints its time. Extra arguments (a file,
// `--project api`) go to one Vitest run of their own instead.
const WALK = 'e2e/specs/every-route.spec.ts';
const extra = process.argv.slice(2);
const groups =
  extra.length > 0
    ? [[{ name: 'selected tests', args: extra }]]
    : [
        [{ name: 'unit tests', args: ['--project', 'unit'] }],
        [{ name: 'api tests', args: ['--project', 'api'] }],
        [
          { name: 'process tests', args: ['--project', 'process'] },
          // Its output is held and printed when it ends, not mixed into the process tests'.
          { name: 'route walk', args: ['--project', 'e2e', WALK], quiet: true },
        ],
        [{ name: 'e2e tests', args: ['--project', 'e2e', '--exclude', WALK] }],
      ];

/** One Vitest run; resolves with its exit code, its output printed live or (quiet) whole at its end. */
function vitest({ name, args, quiet }, report) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(
      npx,
      ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
      { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' },
    );
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr?.on('data', (d) => (out += d));
    child.on('close', (code) => {
      if (quiet) process.stdout.write(out);
      const seconds = Math.round((Date.now() - t0) / 1000);
      times.push(`${name} ${seconds} s`);
      console.log(`${name} took ${seconds} s`);
      resolve(code);
    });
  });
}

let passed = 0;
let failed = 0;
let skipped = 0;
let index = 0;
for (const group of groups) {
  console.log(`\n▶ ${group.map((r) => r.name).join(' and ')}`);
  const runs = group.map((run) => {
    const report = path.join(root, `.tmp/vitest-report-${index++}.json`);
    fs.mkdirSync(path.dirname(report), { recursive: true });
    fs.rmSync(report, { force: true });
    return { report, done: vitest(run, report) };
  });
  for (const { report, done } of runs) {
    const status = await done;
    let runFailed = 0;
    if (fs.existsSync(report)) {
      const r = JSON.parse(fs.readFileSync(report, 'utf8'));
      passed += r.numPassedTests;
      // A failed test counts once; a file that failed with no failed test (it did not load, a hook threw) counts once
      // too. (numFailedTestSuites counts every describe block around a failed test, so it is not added.)
      const filesFailedOutsideTests = (r.testResults ?? []).filter(
        (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
      ).length;
      runFailed = r.numFailedTests + filesFailedOutsideTests;
      skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    }
    if (status !== 0 && runFailed === 0) runFailed = 1;
    failed += runFailed;
  }
}
console.log(`\nnpm test took ${Math.round((Date.now() - started) / 1000)} s (${times.join(', ')})`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 ? 0 : 1);
