import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverSecret } from '../../src/config.ts';
import { loadServerSecret, SERVER_SECRET_FILE } from '../../src/lib/server-secret.ts';

/** The key of the captcha answers' hashes (lib/server-secret.ts): SERVER_SECRET, else a 0600 file in DATA_DIR. */
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('the server secret', () => {
  it('is made once per DATA_DIR (mode 0600) and read back on the next start; SERVER_SECRET wins and writes nothing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phjr-secret-'));
    dirs.push(dir);
    const first = loadServerSecret(null, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, SERVER_SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadServerSecret(null, dir).equals(first)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([SERVER_SECRET_FILE]);

    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'phjr-secret-'));
    dirs.push(other);
    expect(loadServerSecret(null, other).equals(first)).toBe(false);
    const set = 'x'.repeat(40);
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'phjr-secret-'));
    dirs.push(empty);
    expect(loadServerSecret(set, empty).toString()).toBe(set);
    expect(fs.readdirSync(empty)).toEqual([]);
  });

  it('refuses a SERVER_SECRET shorter than 32 characters', () => {
    expect(serverSecret(undefined)).toBeNull();
    expect(serverSecret('')).toBeNull();
    expect(() => serverSecret('too-short')).toThrow(/at least 32 characters/);
    expect(serverSecret(` ${'k'.repeat(32)} `)).toBe('k'.repeat(32));
  });
});
