import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../src/lib/net.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';

/**
 * The real server as a child process, on the embedded PostgreSQL with its data in a temporary directory: what
 * `npm start` runs, for the tests of what happens to the process (signals, SIGKILL, restarts). The child is node
 * itself running the source through tsx's loader (no wrapper process in between), so a signal sent to it reaches
 * the server.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const serverEntry = path.join(root, 'apps/server/src/server.ts');

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface ServerHome {
  dataDir: string;
  port: number;
  pgPort: number;
  /** Every child started here, to be killed in afterAll whatever happened. */
  children: ChildProcess[];
}

export async function newServerHome(prefix: string): Promise<ServerHome> {
  return {
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), prefix)),
    port: await freePort(),
    pgPort: await freePort(),
    children: [],
  };
}

export function startServer(home: ServerHome): ServerProcess {
  const base = `http://localhost:${home.port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(home.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: home.dataDir,
      EMBEDDED_PG_PORT: String(home.pgPort),
      DATABASE_URL: '',
      DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  home.children.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, base, output: () => out, exited };
}

/** Waits for `text` in the server's output; a loaded 2-core machine may need a while for initdb and the demo data. */
export async function waitFor(s: ServerProcess, text: string, ms = 120_000) {
  const until = Date.now() + ms;
  while (!s.output().includes(text)) {
    if (s.child.exitCode !== null || s.child.signalCode !== null)
      throw new Error(`The server exited before "${text}":\n${s.output()}`);
    if (Date.now() > until) throw new Error(`did not see "${text}" in:\n${s.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Kills what is left of a home's processes (and its PostgreSQL) and removes its directory. */
export function cleanUp(home: ServerHome) {
  for (const c of home.children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  const pid = postmasterPid(home.dataDir);
  if (pid !== null && alive(pid)) process.kill(pid, 'SIGKILL');
  fs.rmSync(home.dataDir, { recursive: true, force: true });
}

/** The pid in the cluster's postmaster.pid, if the file is there. */
export function postmasterPid(dataDir: string): number | null {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!fs.existsSync(file)) return null;
  const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function waitUntilDead(pid: number, ms = 15_000) {
  const until = Date.now() + ms;
  while (alive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  return !alive(pid);
}

/**
 * Signs in through the real SSO calls over HTTP: the login page's doLogin, then the client's ticket exchange. The
 * client sends `client` as satoken, and `server` on /ssoserver paths.
 */
export async function signIn(base: string, username: string): Promise<{ client: string; server: string }> {
  const redirect = `${base}/home`;
  const res = await fetch(`${base}/ssoserver/doLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD, redirect }),
  });
  const login = (await res.json()) as { data?: { redirectUrl: string } };
  if (!login.data) throw new Error(`doLogin of ${username} failed: ${JSON.stringify(login)}`);
  const ticket = new URL(login.data.redirectUrl).searchParams.get('ticket')!;
  const ex = await fetch(`${base}/doLoginByTicket`, {
    method: 'POST',
    body: new URLSearchParams({ ticket, clientLoginUrl: redirect }),
  });
  const exchanged = (await ex.json()) as { data?: { satokenClient: string; satokenServer: string } };
  if (!exchanged.data) throw new Error(`doLoginByTicket of ${username} failed: ${JSON.stringify(exchanged)}`);
  return { client: exchanged.data.satokenClient, server: exchanged.data.satokenServer };
}

/** A public financing demand whose purpose names it: the value a write leaves behind, to be read back. */
export function demandBody(purpose: string) {
  return {
    type: 'PUBLIC',
    amount: 12,
    term: 12,
    purpose,
    guaranteeMethod: 'CREDIT',
    regionCode: '999901',
    industry: 'AGRICULTURE',
    contactName: '压测联系人',
    contactPhone: '13911112222',
    attachmentIds: [],
    creditConsent: true,
  };
}

export interface Answer {
  /** Which write, for the caller's bookkeeping. */
  n: number;
  /** The HTTP status, or null when no answer came (connection refused or reset). */
  status: number | null;
  /** The connection error's code when no answer came. */
  error?: string;
  body?: string;
  /** When the request was sent and answered (ms, Date.now()). */
  sentAt: number;
  answeredAt: number;
}

/**
 * `workers` loops, each sending one write after another (`send(n)` makes write number n) until stop(); every answer
 * (or connection error) is recorded. Connection errors are followed by a short pause, not a tight loop.
 */
export function writeLoad(workers: number, send: (n: number) => Promise<Response>) {
  const answers: Answer[] = [];
  let next = 0;
  let stopped = false;
  const loop = async () => {
    while (!stopped) {
      const n = next++;
      const sentAt = Date.now();
      try {
        const res = await send(n);
        const body = await res.text();
        answers.push({ n, status: res.status, body, sentAt, answeredAt: Date.now() });
      } catch (e) {
        const cause = (e as { cause?: { code?: string } }).cause;
        answers.push({ n, status: null, error: cause?.code ?? String(e), sentAt, answeredAt: Date.now() });
        await new Promise((r) => setTimeout(r, 25));
      }
    }
  };
  const loops = Array.from({ length: workers }, loop);
  return {
    answers,
    /** Resolves once `count` answers are 2xx. */
    async untilAcknowledged(count: number, ms = 60_000) {
      const until = Date.now() + ms;
      while (answers.filter((a) => a.status !== null && a.status < 300).length < count) {
        if (Date.now() > until)
          throw new Error(`only ${answers.length} answers after ${ms} ms: ${JSON.stringify(answers.slice(-3))}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** Counts answers by status (or connection error code). */
export function tally(answers: Answer[]) {
  const t: Record<string, number> = {};
  for (const a of answers) {
    const k = a.status === null ? (a.error ?? 'error') : String(a.status);
    t[k] = (t[k] ?? 0) + 1;
  }
  return t;
}
