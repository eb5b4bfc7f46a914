import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_ACTION_CODES, isAuditAction } from '@phjr/contract/audit/audit-actions';
import { catalogEntries } from '@phjr/contract/system/enum-catalog';
import type { AuditRow } from '../../src/modules/audit/audit.repo.ts';

/**
 * Issue 30, item 3: every audited action is named in both languages from one catalogue in the contract. The type of an
 * audit row's action is the catalogue's key (an unnamed action does not compile: the @ts-expect-error below is checked
 * by `tsc -p apps/server`); this test also reads the server's source for the actions it writes.
 */
const SRC = join(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sourceFiles(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}
const sources = sourceFiles(SRC).map((p) => ({ p, text: readFileSync(p, 'utf8') }));

/** The literal actions of writeAudit(db, { … action: '…' }), withAuditLimit(db, { … action: '…' }) and guard answers. */
function writtenActions() {
  const found = new Map<string, string>();
  const re =
    /(?:writeAudit\(\s*\w+,\s*\{|insertAudit\(\s*\w+,\s*\{|withAuditLimit\(\s*\w+,\s*\{|audit:\s*\{)[^}]*?\baction:\s*'([^']+)'/gs;
  for (const { p, text } of sources) for (const m of text.matchAll(re)) found.set(m[1], p);
  return found;
}

const CJK = /[\u4e00-\u9fff]/;

describe('the audit action catalogue', () => {
  it('names every action in Chinese and in English', () => {
    for (const [code, [zh, en]] of Object.entries(AUDIT_ACTIONS)) {
      expect(zh.trim(), code).not.toBe('');
      expect(CJK.test(zh), `${code}: ${zh}`).toBe(true);
      expect(en.trim(), code).not.toBe('');
      expect(CJK.test(en), `${code}: ${en}`).toBe(false);
    }
  });

  it('gives each action its own name in each language (the filter can tell them apart)', () => {
    const zh = Object.values(AUDIT_ACTIONS).map(([z]) => z);
    const en = Object.values(AUDIT_ACTIONS).map(([, e]) => e);
    expect(zh.filter((n, i) => zh.indexOf(n) !== i)).toEqual([]);
    expect(en.filter((n, i) => en.indexOf(n) !== i)).toEqual([]);
  });

  it('names every action the server writes, among them those of the new modules', () => {
    const written = writtenActions();
    for (const code of [
      'chain.create',
      'chain.loan.create',
      'farmer.sensitive',
      'farmer.import',
      'account.password.failed',
      'account.sub.create',
      'sms.template.save',
      'export',
    ]) {
      expect(written.has(code), code).toBe(true);
    }
    const unnamed = [...written].filter(([code]) => !isAuditAction(code)).map(([code, p]) => `${code} (${p})`);
    expect(unnamed).toEqual([]);
  });

  it('offers no action the server never writes (every code is in the source)', () => {
    const all = sources.map((s) => s.text).join('\n');
    const never = AUDIT_ACTION_CODES.filter((code) => !all.includes(`'${code}'`));
    expect(never).toEqual([]);
  });

  it('is the AuditAction enum the audit page reads (GET getEnumBySimpleName/AuditAction)', () => {
    const entries = catalogEntries('AuditAction')!;
    expect(entries.map((e) => e.code)).toEqual(AUDIT_ACTION_CODES);
    expect(entries.find((e) => e.code === 'farmer.sensitive')).toMatchObject({
      message: '查看农户完整信息',
      extName: 'Farmer record read unmasked',
    });
  });

  it('types an audit row with a named action only', () => {
    const named: AuditRow = { userId: 1, action: 'chain.loan.create' };
    // @ts-expect-error an action without a name in the catalogue does not compile
    const unnamed: AuditRow = { userId: 1, action: 'chain.loan.nameless' };
    expect([named.action, unnamed.action]).toEqual(['chain.loan.create', 'chain.loan.nameless']);
  });
});
