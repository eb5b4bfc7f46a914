// `npm start`: builds what is stale, then runs the server (scripts/supervise.mjs: in its own process group, so that a
// Ctrl-C reaches the server once, through this script; the server then finishes requests in flight and stops the
// embedded PostgreSQL itself, instead of PostgreSQL being interrupted by the same Ctrl-C).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';
import { supervise } from './supervise.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildIfStale();
supervise(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/server.js')], { cwd: root });
