import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../operations.ts';

/**
 * Operations as data (docs/decisions/0017-operations-as-data.md): every call is declared once in packages/contract, and no API path is
 * written anywhere else in the web or server sources.
 */
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The fixed part of a path: up to its first `:name` parameter. */
const fixedPart = (path: string) => path.split(':', 1)[0]!;

describe('operations', () => {
  it('are found in the contract, each method and path declared once', () => {
    expect(OPERATIONS.length).toBeGreaterThan(140);
    const keys = OPERATIONS.map((op) => `${op.method} ${op.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('are the only place an API path is written in the web and server sources', () => {
    const texts = ['apps/web/src', 'apps/server/src']
      .flatMap((dir) => files(join(ROOT, dir)))
      .map((file) => ({ file: relative(ROOT, file), text: readFileSync(file, 'utf8') }));
    const paths = [...new Set(OPERATIONS.map((op) => fixedPart(op.path)))];
    const hits = texts.flatMap(({ file, text }) =>
      paths
        .filter((p) => new RegExp(`['\`"]${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.-])`).test(text))
        .map((p) => `${p} in ${file}`),
    );
    expect(hits).toEqual([]);
  });

  it('are form-encoded where SPEC section 7 says so', () => {
    const spec = [
      '/doLoginByTicket',
      '/ssoserver/sms/sendSmsVerifyCode',
      '/ssoserver/sms/sendSmsVerifyCodeNoCodeValid',
    ];
    expect(spec.map((path) => OPERATIONS.find((op) => op.path === path)?.encoding)).toEqual(['form', 'form', 'form']);
  });
});
