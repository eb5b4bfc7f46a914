import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/lib/net.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';

const serverEntry = path.resolve(import.meta.dirname, '../../src/server.ts');
const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phjr-lifecycle-'));
const running: ChildProcess[] = [];

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(port: number, pgPort: number): Started {
  const child = spawn(tsx, [serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(s: Started, text: string, ms = 60_000) {
  const until = Date.now() + ms;
  while (!s.output().includes(text)) {
    if (Date.now() > until) throw new Error(`did not see "${text}" in:\n${s.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function signIn(base: string) {
  const redirect = `http://localhost:${new URL(base).port}/home`;
  const res = await fetch(`${base}/ssoserver/doLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'operator', password: DEMO_PASSWORD, redirect }),
  });
  const ticket = new URL(((await res.json()) as { data: { redirectUrl: string } }).data.redirectUrl).searchParams.get(
    'ticket',
  )!;
  const ex = await fetch(`${base}/doLoginByTicket`, {
    method: 'POST',
    body: new URLSearchParams({ ticket, clientLoginUrl: redirect }),
  });
  return ((await ex.json()) as { data: { satokenClient: string } }).data.satokenClient;
}

afterAll(() => {
  for (const c of running) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('server lifecycle on the embedded database', () => {
  it('starts, refuses a second server on the same data, stops cleanly on Ctrl-C, and keeps every write', async () => {
    const [port, port2, pgPort] = [await freePort(), await freePort(), await freePort()];
    const base = `http://127.0.0.1:${port}`;
    const first = start(port, pgPort);
    await waitFor(first, 'is running at');
    expect(first.output()).toContain('Demo accounts');
    const token = await signIn(base);

    const second = start(port2, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another PostgreSQL server/);

    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('Stopped cleanly');

    const again = start(port, pgPort);
    await waitFor(again, 'is running at');
    const me = await fetch(`${base}/zscms/user/getUserInfo.json?sysEnum=PHJR`, { headers: { satoken: token } });
    expect(((await me.json()) as { data: { username: string } }).data.username).toBe('operator');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);
});
