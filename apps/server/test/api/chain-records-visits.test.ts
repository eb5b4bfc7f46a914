import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import { call, createTestApp, type TestApp } from '../helpers.ts';
import {
  addMember,
  beijingDay,
  chainCast,
  loanInput,
  ok,
  op,
  visitInput,
  type ChainCast,
} from './chain-records-helpers.ts';

let t: TestApp;
let c: ChainCast;
const tag = `CV${Math.random().toString(36).slice(2, 6)}`;
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
const userId = async (username: string) =>
  (await sql('SELECT id FROM users WHERE username = $1', [username.toLowerCase()]))[0].id as number;

/** A PRIVATE picture uploaded by `uploader` (written straight to the files table). */
async function photo(uploader: number) {
  const id = randomBytes(18).toString('base64url');
  await sql(
    `INSERT INTO files (id, name, content_type, size, data, visibility, uploaded_by) VALUES ($1, 'visit.png', 'image/png', 4, '\\x89504e47', 'PRIVATE', $2)`,
    [id, uploader],
  );
  return id;
}

/** A LOAN product of `bankId` (a copy of any product, given to that bank). */
async function productOf(bankId: number, orgId: number) {
  const [row] = await sql(
    `INSERT INTO products SELECT * FROM jsonb_populate_record(NULL::products,
       (SELECT to_jsonb(p) || jsonb_build_object('id', nextval(pg_get_serial_sequence('products', 'id')), 'bank_id', $1::bigint, 'org_id', $2::bigint, 'kind', 'LOAN', 'name', $3::text) FROM products p LIMIT 1))
     RETURNING id`,
    [bankId, orgId, `链测试产品${tag}${bankId}`],
  );
  return row.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  c = await chainCast(t.app, t.database, tag);
});
afterAll(() => t.close());

describe('visits', () => {
  it('takes a day from the member joining to Beijing today, content, and a reason when no loan', async () => {
    const m = await addMember(t.app, c.operator, c.y);
    const bad = async (over: Record<string, unknown>) =>
      op(t.app, c.bank2.tokens.head, chainOps.visitSave, visitInput(m.id, over));
    const tomorrow = await bad({ visitDate: beijingDay(1) });
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json().data.fields[0].field).toBe('visitDate');
    expect((await bad({ visitDate: beijingDay(-1) })).json().data.fields[0].field).toBe('visitDate');
    expect((await bad({ result: 'NO_LOAN' })).json().data.fields[0].field).toBe('noLoanReason');
    expect((await bad({ content: '太短' })).statusCode).toBe(400);
    const v = await ok(
      t.app,
      c.bank2.tokens.head,
      chainOps.visitSave,
      visitInput(m.id, { result: 'NO_LOAN', noLoanReason: 'OTHER_BANK', intention: 'NO_NEED' }),
    );
    expect(v).toMatchObject({
      enterpriseId: m.id,
      orgId: c.bank2.ids.head,
      result: 'NO_LOAN',
      noLoanReason: 'OTHER_BANK',
      visitDate: beijingDay(),
    });
  });

  it('refuses a bank outside the member chain, government readers and the operator', async () => {
    const m = await addMember(t.app, c.operator, c.x);
    expect((await op(t.app, c.bank2.tokens.head, chainOps.visitSave, visitInput(m.id))).json().errorCode).toBe(
      'NOT_FOUND',
    );
    expect((await op(t.app, c.gov, chainOps.visitSave, visitInput(m.id))).statusCode).toBe(403);
    expect((await op(t.app, c.operator, chainOps.visitSave, visitInput(m.id))).json().errorCode).toBe('FORBIDDEN');
    expect((await op(t.app, c.bank.tokens.head, chainOps.loanSave, loanInput(m.id))).statusCode).toBe(200);
  });

  it('shows photos uploaded by the visitor to every reader of the visit, to no one else', async () => {
    const m = await addMember(t.app, c.operator, c.y);
    const bank2Head = await userId(`tb${tag}bhead`);
    const others = await photo(await userId(`tb${tag}ahead`));
    const refused = await op(t.app, c.bank2.tokens.head, chainOps.visitSave, visitInput(m.id, { photoIds: [others] }));
    expect(refused.json().data.fields[0].field).toBe('photoIds');
    const mine = await photo(bank2Head);
    const v = await ok(t.app, c.bank2.tokens.head, chainOps.visitSave, visitInput(m.id, { photoIds: [mine] }));
    expect(v.photos).toEqual([{ id: mine, name: 'visit.png', url: expect.stringContaining(chainOps.visitPhoto.path) }]);
    const url = v.photos[0].url as string;
    for (const who of [c.bank2.tokens.head, c.gov2, c.operator]) {
      const res = await call(t.app, who, { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    }
    // The file itself stays private: the government reader cannot open it by its own link.
    expect(
      (await call(t.app, c.gov2, { method: 'GET', url: `/zscms/files/view.json?id=${mine}` })).statusCode,
    ).not.toBe(200);
    // Another bank of the chain reads only its own bank's visits; a reader outside the chain nothing.
    for (const who of [c.bank.tokens.branchA, c.gov, c.bank.tokens.head])
      expect((await call(t.app, who, { method: 'GET', url })).statusCode).toBe(404);
    // A file of the visit's author not on the visit is not served through it.
    const loose = await photo(bank2Head);
    expect(
      (await call(t.app, c.operator, { method: 'GET', url: `${chainOps.visitPhoto.path}?id=${v.id}&fileId=${loose}` }))
        .statusCode,
    ).toBe(404);
  });

  it('lets a bank read its own bank records (its branches included), government and operator every record of their chains', async () => {
    const m = await addMember(t.app, c.operator, c.y);
    const byBranch = await ok(t.app, c.bank.tokens.branchA, chainOps.visitSave, visitInput(m.id));
    const bySub = await ok(t.app, c.bank.tokens.sub, chainOps.visitSave, visitInput(m.id));
    const byBank2 = await ok(t.app, c.bank2.tokens.head, chainOps.visitSave, visitInput(m.id));
    const ids = async (who: typeof c.operator) =>
      (await ok(t.app, who, chainOps.visitPage, { enterpriseId: m.id })).list.map((v: { id: number }) => v.id).sort();
    expect(await ids(c.bank.tokens.branchA)).toEqual([byBranch.id, bySub.id].sort());
    expect(await ids(c.bank.tokens.sub)).toEqual([bySub.id]);
    expect(await ids(c.bank2.tokens.head)).toEqual([byBank2.id]);
    expect(await ids(c.gov2)).toEqual([byBranch.id, bySub.id, byBank2.id].sort());
    expect(await ids(c.operator)).toEqual([byBranch.id, bySub.id, byBank2.id].sort());
    expect(await ids(c.gov)).toEqual([]);
    expect((await op(t.app, c.bank2.tokens.head, chainOps.visitDetail, { id: byBranch.id })).statusCode).toBe(404);
    expect((await ok(t.app, c.gov2, chainOps.visitDetail, { id: byBranch.id })).orgName).toBe(
      `测试银行${tag}a城关支行`,
    );
    // The member's own counts tell other banks' visits as a number.
    expect((await ok(t.app, c.bank2.tokens.head, chainOps.enterpriseDetail, { id: m.id })).visits).toBe(3);
    // Filters
    expect(
      (await ok(t.app, c.operator, chainOps.visitPage, { enterpriseId: m.id, orgId: c.bank2.ids.head })).total,
    ).toBe(1);
    expect((await ok(t.app, c.operator, chainOps.visitPage, { enterpriseId: m.id, from: beijingDay(1) })).total).toBe(
      0,
    );
  });
});

describe('the record lists', () => {
  it('list visits and loans by their day, newest first, then the newest record of a day first', async () => {
    const m = await addMember(t.app, c.operator, c.x);
    // Joined a month ago, so records may be dated back.
    await sql(`UPDATE chain_enterprises SET created_at = now() - interval '30 days' WHERE id = $1`, [m.id]);
    const by = c.bank.tokens.head;
    const v1 = await ok(t.app, by, chainOps.visitSave, visitInput(m.id, { visitDate: beijingDay(-2) }));
    const v2 = await ok(t.app, by, chainOps.visitSave, visitInput(m.id, { visitDate: beijingDay(-5) }));
    const v3 = await ok(t.app, by, chainOps.visitSave, visitInput(m.id, { visitDate: beijingDay(-2) }));
    const v4 = await ok(t.app, by, chainOps.visitSave, visitInput(m.id, { visitDate: beijingDay(-9) }));
    const visits = async (q: Record<string, unknown>) =>
      (await ok(t.app, c.operator, chainOps.visitPage, { enterpriseId: m.id, ...q })).list.map(
        (v: { id: number }) => v.id,
      );
    expect(await visits({})).toEqual([v3.id, v1.id, v2.id, v4.id]);
    // Pages continue in the same order.
    expect(await visits({ pageSize: 2, current: 2 })).toEqual([v2.id, v4.id]);
    const l1 = await ok(t.app, by, chainOps.loanSave, loanInput(m.id, { loanDate: beijingDay(-1) }));
    const l2 = await ok(t.app, by, chainOps.loanSave, loanInput(m.id, { loanDate: beijingDay(-7) }));
    const l3 = await ok(t.app, by, chainOps.loanSave, loanInput(m.id, { loanDate: beijingDay(-1) }));
    const loans = (await ok(t.app, c.gov, chainOps.loanPage, { enterpriseId: m.id })).list.map(
      (l: { id: number }) => l.id,
    );
    expect(loans).toEqual([l3.id, l1.id, l2.id]);
  });

  it('read those orders straight from an index (no sort), per chain, bank, member and over every chain', async () => {
    const client = await t.database.pool.connect();
    try {
      await client.query('BEGIN');
      // The test tables are small: without this the planner would rather read them whole.
      await client.query('SET LOCAL enable_seqscan = off');
      await client.query('SET LOCAL enable_bitmapscan = off');
      for (const [table, day] of [
        ['chain_visits', 'visit_date'],
        ['chain_loans', 'loan_date'],
      ]) {
        for (const [where, index] of [
          ['chain_id = 1', 'chain_idx'],
          ['org_id = 1', 'org_idx'],
          ['enterprise_id = 1', 'enterprise_idx'],
          ['true', 'date_idx'],
        ]) {
          const plan = (
            await client.query(
              `EXPLAIN SELECT * FROM ${table} WHERE ${where} ORDER BY ${day} DESC, id DESC LIMIT 10 OFFSET 20`,
            )
          ).rows
            .map((r) => r['QUERY PLAN'])
            .join('\n');
          expect(plan, plan).toContain(`Index Scan using ${table}_${index}`);
          expect(plan, plan).not.toMatch(/Sort/);
        }
      }
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

describe('loans', () => {
  it('takes only the bank own products (its head office tree) and a day not after today', async () => {
    const m = await addMember(t.app, c.operator, c.x);
    const own = await productOf(c.bank.ids.head, c.bank.ids.branchB);
    const foreign = await productOf(c.bank2.ids.head, c.bank2.ids.head);
    const refused = await op(t.app, c.bank.tokens.branchA, chainOps.loanSave, loanInput(m.id, { productId: foreign }));
    expect(refused.json()).toMatchObject({
      errorCode: 'CHAIN_PRODUCT_NOT_OWN',
      data: { fields: [{ field: 'productId' }] },
    });
    expect(
      (await op(t.app, c.bank.tokens.branchA, chainOps.loanSave, loanInput(m.id, { loanDate: beijingDay(1) }))).json()
        .data.fields[0].field,
    ).toBe('loanDate');
    expect((await op(t.app, c.bank.tokens.branchA, chainOps.loanSave, loanInput(m.id, { amount: 0 }))).statusCode).toBe(
      400,
    );
    const l = await ok(
      t.app,
      c.bank.tokens.branchA,
      chainOps.loanSave,
      loanInput(m.id, { productId: own, amount: 88.5 }),
    );
    expect(l).toMatchObject({ productId: own, amount: 88.5, orgId: c.bank.ids.branchA, enterpriseId: m.id });
    expect((await ok(t.app, c.bank.tokens.head, chainOps.loanDetail, { recordId: l.id })).id).toBe(l.id);
    expect((await op(t.app, c.bank2.tokens.head, chainOps.loanDetail, { recordId: l.id })).statusCode).toBe(404);
    expect((await ok(t.app, c.gov, chainOps.loanPage, { enterpriseId: m.id })).total).toBe(1);
    const member = await ok(t.app, c.operator, chainOps.enterpriseDetail, { id: m.id });
    expect(member).toMatchObject({ loans: 1, loanAmount: 88.5 });
  });
});
