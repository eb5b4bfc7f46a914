// Bundles the server into dist/server.js (bundle.mjs) and copies the committed SQL migrations beside the bundle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle } from './bundle.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = await bundle({ server: 'src/server.ts' }, 'dist');
fs.rmSync(path.join(out, 'migrations'), { recursive: true, force: true });
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
