import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The `npm start` wrapper (scripts/supervise.mjs) with a stand-in server that reports the signals it gets and takes a
 * moment to stop: one Ctrl-C reaches the wrapper twice (terminal and npm), the server must be told once, and the
 * wrapper must wait for it and exit with its code.
 */
const supervise = path.resolve(import.meta.dirname, '../../../../scripts/supervise.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phjr-supervise-'));
const server = path.join(dir, 'server.mjs');
const wrapper = path.join(dir, 'wrapper.mjs');
fs.writeFileSync(
  server,
  `let n = 0;
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => { n += 1; console.log(s + ' ' + n); setTimeout(() => { console.log('server stopped'); process.exit(7); }, 300); });
console.log('server ready');
setInterval(() => {}, 1000);
`,
);
fs.writeFileSync(
  wrapper,
  `import { supervise } from ${JSON.stringify(supervise)};\nsupervise(process.execPath, [${JSON.stringify(server)}]);\n`,
);

const started: ChildProcess[] = [];
afterAll(() => {
  for (const c of started) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

async function run(signal: NodeJS.Signals, times: number) {
  // The wrapper in a process group of its own, as a terminal's foreground job: the group gets the terminal's signal.
  const w = spawn(process.execPath, [wrapper], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(w);
  let out = '';
  w.stdout!.on('data', (d) => (out += d));
  w.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => w.on('exit', (code) => r(code)));
  const until = Date.now() + 20_000;
  while (!out.includes('server ready')) {
    if (Date.now() > until) throw new Error(`no start: ${out}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  for (let i = 0; i < times; i++) {
    process.kill(-w.pid!, signal);
    await new Promise((r) => setTimeout(r, 30));
  }
  const code = await exited;
  return { code, out };
}

describe('the npm start wrapper', () => {
  it('passes one Ctrl-C delivered twice to the server once, waits for it, and exits with its code', async () => {
    const { code, out } = await run('SIGINT', 2);
    expect(out.match(/SIGINT \d/g)).toEqual(['SIGINT 1']);
    expect(out).toContain('server stopped');
    expect(code).toBe(7);
  }, 30_000);

  it('passes SIGTERM on the same way', async () => {
    const { code, out } = await run('SIGTERM', 2);
    expect(out.match(/SIG\w+ \d/g)).toEqual(['SIGTERM 1']);
    expect(code).toBe(7);
  }, 30_000);
});
