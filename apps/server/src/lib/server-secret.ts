import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writePrivateFile } from './private-file.ts';

/** The server secret's file in DATA_DIR when SERVER_SECRET is not set: made at first start, readable by its owner only. */
export const SERVER_SECRET_FILE = 'server-secret';

/** The shortest SERVER_SECRET accepted (characters): 32 random characters or more. */
export const SERVER_SECRET_MIN_LENGTH = 32;

/**
 * The key of the server's keyed hashes (the captcha answers, modules/auth/captcha.ts). It must outlive restarts and be
 * the same in every process that shares the database: SERVER_SECRET when set (required wherever processes do not share
 * one DATA_DIR), else DATA_DIR/server-secret, made with 32 random bytes the first time (mode 0600). It is never kept
 * in the database, so a reader of the database alone cannot check guesses against the hashes.
 */
export function loadServerSecret(configured: string | null, dataDir: string): Buffer {
  if (configured !== null) return Buffer.from(configured, 'utf8');
  const file = path.join(dataDir, SERVER_SECRET_FILE);
  const kept = readSecret(file);
  if (kept) return kept;
  fs.mkdirSync(dataDir, { recursive: true });
  const made = crypto.randomBytes(32).toString('base64url');
  // Linked in place: two processes starting at once both end up with whichever came first.
  writePrivateFile(file, made, { keepFirst: true });
  return readSecret(file)!;
}

function readSecret(file: string): Buffer | null {
  try {
    const text = fs.readFileSync(file, 'utf8').trim();
    return text ? Buffer.from(text, 'utf8') : null;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}
