import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, loginAs, type TestApp, type Tokens } from '../helpers.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { insertUser } from '../../src/seed/factories.ts';
import { writeAudit } from '../../src/modules/audit/audit.ts';

let t: TestApp;
let op: Tokens;
let username: string;
let userId: number;
const tag = Math.random().toString(36).slice(2, 8);

const search = async (query: string, tokens = op) =>
  call(t.app, tokens, { method: 'GET', url: `/finance/audit/page.json?${query}` });

beforeAll(async () => {
  t = await createTestApp();
  username = `aud${tag}`;
  userId = await insertUser(t.database.db, {
    username,
    name: '审计测试',
    password: DEMO_PASSWORD,
    accountType: 'PLATFORM',
    roleCodes: ['PLATFORM_ADMIN'],
  });
  op = await login(t.app, username, DEMO_PASSWORD, '203.0.113.7');
  const db = t.database.db;
  // Rows at known instants (Shanghai days 2031-05-01, 05-02 and 05-03) for the date filters.
  // Written with their instant (the log is append-only: migration 0034; writeAudit takes the database's clock).
  for (const [i, at] of ['2031-04-30T17:00:00Z', '2031-05-02T03:00:00Z', '2031-05-03T15:59:00Z'].entries()) {
    await t.database.pool.query(
      "INSERT INTO audit_log (user_id, action, target, detail, ip, at) VALUES ($1, 'export', $2, $3, '198.51.100.1', $4)",
      [userId, `报表-${tag}-${i}`, { i }, at],
    );
  }
  await writeAudit(db, { userId, action: 'credit.query', target: `100%_${tag}`, ip: '198.51.100.2' });
});
afterAll(() => t.close());

describe('audit log search', () => {
  it('records the login with who and from where, newest first', async () => {
    const res = await search(`username=${username}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.pageSize).toBe(10);
    expect(data.total).toBe(5);
    expect(data.list.find((r: { action: string }) => r.action === 'login')).toMatchObject({
      action: 'login',
      username,
      name: '审计测试',
      ip: '203.0.113.7',
      userId,
    });
    const ats = data.list.map((r: { at: string }) => r.at);
    expect(ats).toEqual([...ats].sort().reverse());
  });

  it('filters by action and by text in the target (LIKE characters are plain text)', async () => {
    const exports = (await search(`username=${username}&action=export`)).json().data;
    expect(exports.total).toBe(3);
    const one = (await search(`target=${encodeURIComponent(`报表-${tag}-1`)}`)).json().data;
    expect(one.list.map((r: { target: string }) => r.target)).toEqual([`报表-${tag}-1`]);
    const pct = (await search(`target=${encodeURIComponent(`0%_${tag}`)}`)).json().data;
    expect(pct.total).toBe(1);
    const wild = (await search(`target=${encodeURIComponent(`%${tag}`)}`)).json().data;
    // As a wildcard, % would match every row of this test; as plain text nothing contains "%<tag>".
    expect(wild.total).toBe(0);
  });

  it('filters by Shanghai calendar days, both ends inclusive', async () => {
    const day = async (from: string, to: string) =>
      (await search(`username=${username}&action=export&from=${from}&to=${to}`))
        .json()
        .data.list.map((r: { target: string }) => r.target);
    expect(await day('2031-05-01', '2031-05-01')).toEqual([`报表-${tag}-0`]);
    expect(await day('2031-05-02', '2031-05-03')).toEqual([`报表-${tag}-2`, `报表-${tag}-1`]);
    expect(await day('2031-05-04', '2031-05-30')).toEqual([]);
    expect((await search('from=2031-05-03&to=2031-05-01')).statusCode).toBe(400);
  });

  it('pages at 10', async () => {
    const all = (await search('')).json().data;
    expect(all.list.length).toBeLessThanOrEqual(10);
    expect(all.total).toBeGreaterThanOrEqual(5);
  });

  it('is for the operator only', async () => {
    for (const who of ['bank', 'gov', 'person'] as const) {
      const res = await search('', await loginAs(t.app, who));
      expect(res.statusCode).toBe(403);
    }
    expect((await search('', null as unknown as Tokens)).statusCode).toBe(401);
  });

  it('records a logout', async () => {
    const tokens = await login(t.app, username);
    await call(t.app, tokens, { method: 'POST', url: '/ssoserver/logout' });
    const rows = (await search(`username=${username}&action=logout`)).json().data;
    expect(rows.total).toBe(1);
  });
});

/** A user of its own per test (its rows only), signed in. */
async function freshUser(name: string) {
  const u = `${name}${Math.random().toString(36).slice(2, 8)}`;
  const id = await insertUser(t.database.db, {
    username: u,
    name: `审计${name}`,
    password: DEMO_PASSWORD,
    accountType: 'PLATFORM',
    roleCodes: ['PLATFORM_ADMIN'],
  });
  return { username: u, id, tokens: await login(t.app, u, DEMO_PASSWORD) };
}

async function exportOf(query: string, tokens: Tokens = op) {
  const res = await call(t.app, tokens, { method: 'GET', url: `/finance/audit/export.json?${query}` });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
  );
  return { res, header: rows[0], rows: rows.slice(1) };
}

describe("the new modules' actions (issue 30, item 3)", () => {
  it('filters by an action of a new module, and refuses a code the catalogue does not name', async () => {
    const u = await freshUser('flt');
    const db = t.database.db;
    await writeAudit(db, {
      userId: u.id,
      action: 'farmer.sensitive',
      target: 'farmer:1',
      detail: { reason: '贷前核实' },
      ip: '198.51.100.3',
    });
    await writeAudit(db, { userId: u.id, action: 'chain.loan.create', target: 'chainLoan:1', ip: '198.51.100.3' });
    await writeAudit(db, {
      userId: u.id,
      action: 'farmer.sensitive',
      target: 'farmer:2',
      detail: { reason: '贷后检查' },
      ip: '198.51.100.3',
    });
    const reads = (await search(`username=${u.username}&action=farmer.sensitive`)).json().data;
    expect(reads.total).toBe(2);
    expect(reads.list.map((r: { target: string }) => r.target)).toEqual(['farmer:2', 'farmer:1']);
    const loans = (await search(`username=${u.username}&action=chain.loan.create`)).json().data;
    expect(loans.list.map((r: { target: string }) => r.target)).toEqual(['chainLoan:1']);
    const unknown = await search(`username=${u.username}&action=farmer.nameless`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errorCode).toBe('VALIDATION');
  });

  it('names each action of the page in both languages (the AuditAction enum)', async () => {
    const res = await call(t.app, null, {
      method: 'GET',
      url: '/anon/finance/enumMeta/getEnumBySimpleName/AuditAction',
    });
    const raw = res.json().data;
    const entries: { code: string; message: string; extName: string }[] = Array.isArray(raw) ? raw : raw.AuditAction;
    for (const code of [
      'chain.create',
      'chain.loan.create',
      'farmer.sensitive',
      'farmer.import',
      'account.password.failed',
      'account.sub.create',
      'sms.template.save',
    ]) {
      const e = entries.find((x) => x.code === code);
      expect(e?.message, code).toMatch(/[\u4e00-\u9fff]/);
      expect(e?.extName, code).toMatch(/[A-Za-z]/);
      expect(e?.extName, code).not.toBe(code);
    }
  });
});

describe('audit log export', () => {
  it("writes the filtered rows, newest first, with the action's name, and audits the export", async () => {
    const u = await freshUser('exp');
    const db = t.database.db;
    await writeAudit(db, {
      userId: u.id,
      action: 'farmer.sensitive',
      target: 'farmer:7',
      detail: { reason: '贷前核实' },
      ip: '198.51.100.4',
    });
    await writeAudit(db, { userId: u.id, action: 'chain.create', target: '=cmd|calc', ip: '198.51.100.4' });
    await writeAudit(db, {
      userId: u.id,
      action: 'farmer.sensitive',
      target: 'farmer:8',
      detail: { reason: '贷后检查' },
      ip: '198.51.100.4',
    });

    const { res, header, rows } = await exportOf(`username=${u.username}&action=farmer.sensitive`);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(/审计日志_\d{14}\.xlsx/);
    expect(header).toEqual(['时间', '账号', '操作人', '操作', '操作代码', '对象', 'IP 地址', '详情']);
    expect(rows.map((r) => [r[1], r[2], r[3], r[4], r[5], r[6]])).toEqual([
      [u.username, '审计exp', '查看农户完整信息', 'farmer.sensitive', 'farmer:8', '198.51.100.4'],
      [u.username, '审计exp', '查看农户完整信息', 'farmer.sensitive', 'farmer:7', '198.51.100.4'],
    ]);
    expect(JSON.parse(rows[0][7])).toEqual({ reason: '贷后检查' });
    expect(rows[0][0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // Without the action filter: the three and the sign-in, a formula-like target kept as text.
    const all = await exportOf(`username=${u.username}`);
    expect(all.rows.map((r) => [r[3], r[5]])).toEqual([
      ['查看农户完整信息', 'farmer:8'],
      ['新建产业链', "'=cmd|calc"],
      ['查看农户完整信息', 'farmer:7'],
      ['登录', u.username],
    ]);

    // The export itself is in the log, with its filters, under the exporter's name.
    const audited = (await search(`username=${username}&action=export&target=audit:log`)).json().data;
    expect(audited.list[0]).toMatchObject({
      action: 'export',
      target: 'audit:log',
      detail: { list: 'auditLog', filters: { username: u.username } },
    });
    expect(audited.total).toBe(2);
  });

  it('pages through every row, also rows microseconds apart (2,500 rows, more than two batches)', async () => {
    const u = await freshUser('big');
    await t.database.pool.query(
      `INSERT INTO audit_log (user_id, action, target, ip, at)
       SELECT $1, 'chain.visit.create', 'chainVisit:' || g, '198.51.100.5', TIMESTAMPTZ '2031-07-01 10:00:00+08' + g * interval '1 microsecond'
         FROM generate_series(1, 2500) g`,
      [u.id],
    );
    const { rows } = await exportOf(`username=${u.username}&action=chain.visit.create`);
    expect(rows.length).toBe(2500);
    expect(rows.map((r) => r[5])).toEqual(Array.from({ length: 2500 }, (_, i) => `chainVisit:${2500 - i}`));
    expect(rows[0][3]).toBe('记录产业链走访');
  });

  it('refuses what the page refuses and is for the operator only', async () => {
    expect(
      (await call(t.app, op, { method: 'GET', url: '/finance/audit/export.json?from=2031-05-03&to=2031-05-01' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(t.app, op, { method: 'GET', url: '/finance/audit/export.json?action=no.such' })).statusCode,
    ).toBe(400);
    for (const who of ['bank', 'gov', 'person'] as const) {
      const res = await call(t.app, await loginAs(t.app, who), { method: 'GET', url: '/finance/audit/export.json' });
      expect(res.statusCode).toBe(403);
    }
    expect((await call(t.app, null, { method: 'GET', url: '/finance/audit/export.json' })).statusCode).toBe(401);
  });
});
