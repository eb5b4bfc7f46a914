// After `vite build`: writes .br and .gz twins of every text asset, so the server sends compressed files straight
// from disk (no compression work per request).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const TEXT = /\.(js|css|html|svg|json|txt)$/;

function walk(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

let files = 0;
for (const file of walk(dist)) {
  if (!TEXT.test(file)) continue;
  const raw = fs.readFileSync(file);
  if (raw.length < 1024) continue;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  files += 1;
}
console.log(`Compressed ${files} assets (br, gz).`);
