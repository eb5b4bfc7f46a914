import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { freePort } from '../apps/server/src/lib/net.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The e2e server's embedded database, for specs that read what a person would read elsewhere (SMS, captcha). */
    databaseUrl: string;
    /** The e2e server's SERVER_SECRET: the specs find a captcha's answer from its keyed hash (fixtures.ts captchaAnswer). */
    serverSecret: string;
  }
}

const root = path.resolve(import.meta.dirname, '..');
let server: ChildProcess | null = null;
let dataDir = '';

/**
 * Starts the built product (apps/server/dist with apps/web/dist, as `npm start` runs it) on a fresh embedded
 * database with the demo data, for the browser tests.
 */
export async function setup(project: TestProject) {
  const entry = path.join(root, 'apps/server/dist/server.js');
  if (!fs.existsSync(entry) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build first: npm run build (npm test does it)');
  }
  dataDir = path.join(root, `.tmp/e2e-data-${process.pid}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const pgPort = await freePort();
  const serverSecret = randomBytes(32).toString('base64url');
  server = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      DATABASE_URL: '',
      SERVER_SECRET: serverSecret,
      LOG_LEVEL: 'warn',
      VALIDATE_RESPONSES: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  server.stdout!.on('data', (d) => (out += d));
  server.stderr!.on('data', (d) => (out += d));
  const until = Date.now() + 240_000;
  while (!out.includes('is running at')) {
    if (server.exitCode !== null || Date.now() > until) throw new Error(`The server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('serverSecret', serverSecret);
  // The embedded cluster's superuser password is random per data directory, kept beside it (db/embedded.ts).
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  project.provide('databaseUrl', `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/phjr`);
}

export async function teardown() {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.on('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
