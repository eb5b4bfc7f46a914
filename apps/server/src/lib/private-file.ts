import fs from 'node:fs';
import path from 'node:path';

/**
 * Writes a small secret file whole, readable by its owner only (0600), flushed to disk: a new file first, then put in
 * place. `keepFirst`: linked in place, so of two processes writing at once both keep whichever came first (a secret
 * made once); otherwise renamed over the old one (a password replaced). Used for DATA_DIR's pg-password,
 * pg-app-password and server-secret.
 */
export function writePrivateFile(file: string, text: string, opts: { keepFirst?: boolean } = {}) {
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(tmp, 'w', 0o600);
  try {
    fs.writeSync(fd, `${text}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.chmodSync(tmp, 0o600);
  if (opts.keepFirst) {
    try {
      fs.linkSync(tmp, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  } else {
    fs.renameSync(tmp, file);
  }
  try {
    // The new name itself reaches the disk (not possible on every platform: then the file's own fsync is what there is).
    const dir = fs.openSync(path.dirname(file), 'r');
    try {
      fs.fsyncSync(dir);
    } finally {
      fs.closeSync(dir);
    }
  } catch {
    // Directories cannot be opened for fsync on Windows.
  }
}
