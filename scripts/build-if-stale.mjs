// Builds the web app and the server bundle when a source file is newer than the build output, so `npm start`
// after a fresh clone builds once and a restart starts at once.
import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(dir) {
  let t = 0;
  if (!fs.existsSync(dir)) return t;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

function mtime(file) {
  return fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
}

export function buildIfStale({ force = false } = {}) {
  const contract = newest(path.join(root, 'packages/contract'));
  const web = Math.max(contract, newest(path.join(root, 'apps/web')));
  const server = Math.max(contract, newest(path.join(root, 'apps/server/src')));
  if (force || mtime(path.join(root, 'apps/web/dist/index.html')) < web) {
    console.log('Building the web app...');
    execSync('npm run build -w @phjr/web', { cwd: root, stdio: 'inherit' });
  }
  if (force || mtime(path.join(root, 'apps/server/dist/server.js')) < server) {
    console.log('Building the server...');
    execSync('npm run build -w @phjr/server', { cwd: root, stdio: 'inherit' });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale({ force: process.argv.includes('--force') });
