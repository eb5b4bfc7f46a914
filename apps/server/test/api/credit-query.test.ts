import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { consentMaxExpiry } from '@phjr/contract/credit/credit';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { insertDemandRow, insertUser } from '../../src/seed/factories.ts';
import { createTestApp, statementsOf, type TestApp, type Tokens, signIn, signInAs } from '../helpers.ts';
import {
  dayFrom,
  get,
  giveConsent,
  logRows,
  post,
  query,
  shanghaiToday,
  testBank,
  testDistrictSupervisor,
  testEnterprise,
} from './credit-helpers.ts';

/** Credit queries with consent (docs/credit.md): the public record, the institution's query, the log and its figures. */
let t: TestApp;
let bank: Awaited<ReturnType<typeof testBank>>;
let other: Awaited<ReturnType<typeof testBank>>;
let ent: Awaited<ReturnType<typeof testEnterprise>>;
let operator: Tokens;
const GRANTED = 88.77;
/** The loan product of the granted demand, and the bank that lent under it: the full record's, never the public one's. */
let lent: { id: number; name: string; bankName: string };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  bank = await testBank(t.app, db, 'crq');
  other = await testBank(t.app, db, 'crq2');
  ent = await testEnterprise(t.app, db, 'Q');
  operator = await signInAs(t.app, 'operator');
  const [product] = (
    await db.execute<{ id: number; name: string }>(
      sql`SELECT id::int AS id, name FROM products WHERE kind = 'LOAN' ORDER BY id LIMIT 1`,
    )
  ).rows;
  lent = { ...product!, bankName: `测试银行crq城关支行` };
  // A loan granted on the platform: its amount, its lender and product, and the demand's contact phone are private.
  await insertDemandRow(db, {
    productId: lent.id,
    type: 'ORIENTATION',
    status: 'GRANTED',
    applicantUserId: ent.id,
    applicantName: ent.name,
    applicantType: 'ENTERPRISE',
    creditCode: ent.creditCode,
    regionCode: '999901',
    amount: 120,
    contactPhone: ent.phone,
    purpose: '私密的资金用途说明文字',
    targetOrgId: bank.ids.branchA,
    ownerOrgId: bank.ids.branchA,
    bankOrgId: bank.ids.branchA,
    bankId: bank.ids.head,
    grantedAmount: GRANTED,
    grantedRate: 4.35,
    grantedTerm: 12,
    grantedAt: shanghaiToday(),
  });
});
afterAll(() => t.close());

const figures = async () =>
  (await get(t.app, operator, '/finance/credit/log/figures.json')).json().data as {
    total: number;
    refused: number;
    shown: number;
    byOrg: { orgId: number; total: number; refused: number }[];
  };
const orgFigure = (f: Awaited<ReturnType<typeof figures>>, orgId: number) =>
  f.byOrg.find((o) => o.orgId === orgId) ?? { total: 0, refused: 0 };

describe('public search', () => {
  it('finds by exact code and by name part, with the public record and no private field (raw JSON)', async () => {
    for (const keyword of [ent.creditCode, ent.name.slice(4, 10)]) {
      const res = await get(t.app, null, `/finance/credit/portal/search.json?keyword=${encodeURIComponent(keyword)}`);
      expect(res.statusCode).toBe(200);
      const hit = res.json().data.list.find((x: { creditCode: string }) => x.creditCode === ent.creditCode);
      expect(hit).toMatchObject({
        name: ent.name,
        legalRep: '法人Q',
        registeredCapital: 500,
        onPlatform: true,
        shelter: null,
      });
      expect(res.body).not.toContain(ent.phone);
      expect(res.body).not.toContain(String(GRANTED));
      expect(res.body).not.toContain('私密的资金用途');
      expect(res.body).not.toMatch(/"(amount|grantedAmount|phone|contactPhone|contact|contactName|demands|loans)"/);
    }
  });

  it('tells no lending relationship: no lender, no product, no count of loans (issue 29 finding 8)', async () => {
    const res = await get(t.app, null, `/finance/credit/portal/search.json?keyword=${ent.creditCode}`);
    const hit = res.json().data.list.find((x: { creditCode: string }) => x.creditCode === ent.creditCode);
    expect(hit.onPlatform).toBe(true);
    expect(res.body).not.toMatch(/"(products|loansGranted|productName|orgName)"/);
    expect(res.body).not.toContain(lent.name);
    expect(res.body).not.toContain(lent.bankName);
    // A signed-in reader of the public search (another bank's user) gets the same public record.
    expect(
      (await get(t.app, other.tokens.head, `/finance/credit/portal/search.json?keyword=${ent.creditCode}`)).body,
    ).toBe(res.body);
    // The enterprise itself still reads them in its full record.
    const own = (await get(t.app, ent.tokens, '/finance/credit/mine/report.json')).json().data;
    expect(own.subject).toMatchObject({ products: [lent.name], loansGranted: 1 });
    expect(own.loans[0]).toMatchObject({ orgName: lent.bankName, productName: lent.name, amount: GRANTED });
  });

  it('refuses a one-character keyword and a page of more than 20 with a field error', async () => {
    const short = await get(t.app, null, '/finance/credit/portal/search.json?keyword=%E4%BF%A1');
    expect(short.statusCode).toBe(400);
    expect(JSON.stringify(short.json())).toContain('keyword');
    const big = await get(t.app, null, `/finance/credit/portal/search.json?keyword=${ent.creditCode}&pageSize=21`);
    expect(big.statusCode).toBe(400);
  });
});

describe('institutional query', () => {
  it('refuses an institution without consent, logs the refusal and moves the figures', async () => {
    const before = await figures();
    const res = await query(t.app, bank.tokens.branchA, ent.creditCode);
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('CREDIT_NO_CONSENT');
    expect(res.body).not.toContain(ent.phone);
    expect(res.body).not.toContain(String(GRANTED));
    const rows = await logRows(t.database.db, ent.creditCode);
    expect(rows.at(-1)).toMatchObject({
      outcome: 'REFUSED',
      orgId: bank.ids.branchA,
      consentId: null,
      fieldGroups: [],
    });
    const after = await figures();
    expect(after.total - before.total).toBe(1);
    expect(after.refused - before.refused).toBe(1);
    expect(orgFigure(after, bank.ids.branchA).refused - orgFigure(before, bank.ids.branchA).refused).toBe(1);
  });

  it('with a live consent to the head office, a branch reads the full record and the query is logged', async () => {
    const c = await giveConsent(t.app, ent.tokens, {
      orgId: bank.ids.head,
      purpose: 'LOAN_APPROVAL',
      expiresOn: dayFrom(shanghaiToday(), 90),
    });
    expect(c.state).toBe('LIVE');
    const before = await figures();
    const res = await query(t.app, bank.tokens.sub, ent.creditCode);
    expect(res.statusCode).toBe(200);
    const r = res.json().data;
    expect(r.contact.phone).toBe(ent.phone);
    expect(r.loans[0]).toMatchObject({
      amount: GRANTED,
      source: 'DEMAND',
      orgName: lent.bankName,
      productName: lent.name,
    });
    // An institution it consented to reads its lending on the platform.
    expect(r.subject).toMatchObject({ products: [lent.name], loansGranted: 1 });
    expect(r.demands).toHaveLength(1);
    expect(r.consentId).toBe(c.id);
    expect(r.fieldGroups).toEqual(expect.arrayContaining(['REGISTRY', 'CONTACT', 'DEMANDS', 'LOANS', 'CHAINS']));
    const row = (await logRows(t.database.db, ent.creditCode)).at(-1)!;
    expect(row).toMatchObject({ outcome: 'SHOWN', orgId: bank.ids.sub, consentId: c.id, purpose: 'LOAN_APPROVAL' });
    expect(row.fieldGroups).toEqual(r.fieldGroups);
    const after = await figures();
    expect(after.shown - before.shown).toBe(1);
    // The enterprise is told of the query; the head office's users were told of the consent.
    const news = async (title: string) =>
      (
        await t.database.db.execute<{ userId: number; content: string }>(
          sql`SELECT user_id::int AS "userId", content FROM messages WHERE title = ${title} ORDER BY id`,
        )
      ).rows;
    expect((await news('信用信息查询提醒')).filter((m) => m.userId === ent.id).length).toBe(2);
    expect((await news('收到信用查询授权')).some((m) => m.content.startsWith(ent.name))).toBe(true);
    // The messages name the purpose in words (the enum catalog's label), never its code.
    const told = [...(await news('信用信息查询提醒')), ...(await news('收到信用查询授权'))]
      .map((m) => m.content)
      .join('\n');
    expect(told).toContain('“贷款审批”');
    expect(told).not.toContain('LOAN_APPROVAL');

    // The enterprise reads who queried it.
    const mine = (await get(t.app, ent.tokens, '/finance/credit/mine/queries.json')).json().data;
    expect(mine.list[0]).toMatchObject({ id: r.queryId, orgId: bank.ids.sub, outcome: 'SHOWN', consentId: c.id });
    // The bank reads the consent it holds and its queries; the other bank neither.
    const held = (await get(t.app, bank.tokens.branchA, '/finance/credit/institution/consents.json')).json().data;
    expect(held.list.map((x: { id: number }) => x.id)).toContain(c.id);
    const otherHeld = (await get(t.app, other.tokens.head, '/finance/credit/institution/consents.json')).json().data;
    expect(otherHeld.list.map((x: { id: number }) => x.id)).not.toContain(c.id);
    const mineQ = (await get(t.app, bank.tokens.head, '/finance/credit/institution/queries.json')).json().data;
    expect(mineQ.list.map((x: { id: number }) => x.id)).toContain(r.queryId);
  });

  it('shows the farmer-data entity whose credit code is the subject’s, and logs the FARMER group', async () => {
    const e = await testEnterprise(t.app, t.database.db, 'F');
    const [v] = (
      await t.database.db.execute<{ code: string; townshipCode: string; districtCode: string }>(sql`
      SELECT code, township_code AS "townshipCode", district_code AS "districtCode" FROM farmer_villages ORDER BY code LIMIT 1`)
    ).rows;
    await t.database.db.execute(sql`
      INSERT INTO farmers (kind, name, id_number, district_code, township_code, village_code, rating, source)
      VALUES ('COOPERATIVE', ${e.name}, ${e.creditCode}, ${v!.districtCode}, ${v!.townshipCode}, ${v!.code}, 'AA', 'IMPORT')`);
    await giveConsent(t.app, e.tokens, {
      orgId: bank.ids.head,
      purpose: 'CREDIT_LIMIT',
      expiresOn: dayFrom(shanghaiToday(), 3),
    });
    const r = (await query(t.app, bank.tokens.head, e.creditCode, 'CREDIT_LIMIT')).json().data;
    expect(r.farmer).toMatchObject({ entityType: 'COOPERATIVE', rating: 'AA' });
    expect(r.fieldGroups).toContain('FARMER');
    expect((await logRows(t.database.db, e.creditCode)).at(-1)!.fieldGroups).toContain('FARMER');
  });

  it('a consent covers only its purpose and its institution line', async () => {
    const wrongPurpose = await query(t.app, bank.tokens.branchA, ent.creditCode, 'POST_LOAN');
    expect(wrongPurpose.statusCode).toBe(403);
    const otherBank = await query(t.app, other.tokens.head, ent.creditCode);
    expect(otherBank.statusCode).toBe(403);
    expect(otherBank.json().errorCode).toBe('CREDIT_NO_CONSENT');
    // A consent to a branch does not cover its head office.
    const e2 = await testEnterprise(t.app, t.database.db, 'Q2');
    await giveConsent(t.app, e2.tokens, {
      orgId: bank.ids.branchB,
      purpose: 'CREDIT_LIMIT',
      expiresOn: dayFrom(shanghaiToday(), 10),
    });
    expect((await query(t.app, bank.tokens.branchB, e2.creditCode, 'CREDIT_LIMIT')).statusCode).toBe(200);
    expect((await query(t.app, bank.tokens.head, e2.creditCode, 'CREDIT_LIMIT')).statusCode).toBe(403);
  });

  it('revoked → refused; expired → refused', async () => {
    const e = await testEnterprise(t.app, t.database.db, 'Q3');
    const c = await giveConsent(t.app, e.tokens, {
      orgId: other.ids.head,
      purpose: 'POST_LOAN',
      expiresOn: dayFrom(shanghaiToday(), 30),
    });
    expect((await query(t.app, other.tokens.head, e.creditCode, 'POST_LOAN')).statusCode).toBe(200);
    const rev = await post(t.app, e.tokens, '/finance/credit/consent/revoke.json', { id: c.id });
    expect(rev.json().data).toMatchObject({ state: 'REVOKED', actions: [] });
    const after = await query(t.app, other.tokens.head, e.creditCode, 'POST_LOAN');
    expect(after.statusCode).toBe(403);
    expect((await post(t.app, e.tokens, '/finance/credit/consent/revoke.json', { id: c.id })).json().errorCode).toBe(
      'CREDIT_CONSENT_REVOKED',
    );

    const c2 = await giveConsent(t.app, e.tokens, {
      orgId: other.ids.head,
      purpose: 'GUARANTEE',
      expiresOn: shanghaiToday(),
    });
    expect((await query(t.app, other.tokens.head, e.creditCode, 'GUARANTEE')).statusCode).toBe(200);
    await t.database.db.execute(
      sql`UPDATE credit_consents SET given_on = given_on - 10, expires_on = ${dayFrom(shanghaiToday(), -1)}::date WHERE id = ${c2.id}`,
    );
    expect((await query(t.app, other.tokens.head, e.creditCode, 'GUARANTEE')).statusCode).toBe(403);
    const list = (await get(t.app, e.tokens, '/finance/credit/mine/consents.json')).json().data.list as {
      id: number;
      state: string;
      actions: string[];
    }[];
    expect(list.find((x) => x.id === c2.id)).toMatchObject({ state: 'EXPIRED', actions: [] });
    expect(list.find((x) => x.id === c.id)).toMatchObject({ state: 'REVOKED' });
    const rows = await logRows(t.database.db, e.creditCode);
    expect(rows.map((r) => r.outcome)).toEqual(['SHOWN', 'REFUSED', 'SHOWN', 'REFUSED']);
  });

  it('the operator and a supervisor are not institutions: no record for them', async () => {
    expect((await query(t.app, operator, ent.creditCode)).statusCode).toBe(403);
  });
});

describe('the log for supervisors', () => {
  it('a district supervisor sees only its district’s subjects; the city all; export is audited', async () => {
    const district = await testDistrictSupervisor(t.app, t.database.db, 'crq', '999903');
    const gov = await signInAs(t.app, 'gov');
    const url = `/finance/credit/log/page.json?keyword=${ent.creditCode}`;
    expect((await get(t.app, gov, url)).json().data.total).toBeGreaterThan(0);
    expect((await get(t.app, district.tokens, url)).json().data.total).toBe(0);
    const e3 = await testEnterprise(t.app, t.database.db, 'Q4', { region: '999903' });
    await query(t.app, bank.tokens.head, e3.creditCode);
    let d3 = { list: [] as Record<string, unknown>[] };
    // The supervisor's region level comes with the session: the log reads no region of its own (issue 17).
    const texts = await statementsOf(t, async () => {
      d3 = (await get(t.app, district.tokens, `/finance/credit/log/page.json?keyword=${e3.creditCode}`)).json().data;
    });
    expect(texts.filter((x) => /FROM regions WHERE code/.test(x))).toEqual([]);
    expect(d3.list).toHaveLength(1);
    expect(d3.list[0]).toMatchObject({ outcome: 'REFUSED', subjectCreditCode: e3.creditCode });
    const districtOrgs = (await get(t.app, district.tokens, '/finance/credit/log/figures.json'))
      .json()
      .data.byOrg.map((o: { orgId: number }) => o.orgId);
    expect(districtOrgs).toContain(bank.ids.head);
    // The sub-branch queried only a subject of 城关区.
    expect(districtOrgs).not.toContain(bank.ids.sub);

    const ex = await get(t.app, operator, `/finance/credit/log/export.json?keyword=${ent.creditCode}`);
    expect(ex.statusCode).toBe(200);
    expect(ex.headers['content-type']).toContain('spreadsheetml');
    const audit = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'export' AND target = 'credit:log'`,
    );
    expect(audit.rows[0]!.n).toBeGreaterThan(0);
  });
});

describe('consents', () => {
  it('an expiry over one year is refused on expiresOn and nothing is written', async () => {
    const today = shanghaiToday();
    const count = async () =>
      (
        await t.database.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM credit_consents WHERE subject_credit_code = ${ent.creditCode}`,
        )
      ).rows[0]!.n;
    const n = await count();
    const res = await post(t.app, ent.tokens, '/finance/credit/consent/create.json', {
      orgId: bank.ids.head,
      purpose: 'LOAN_APPROVAL',
      expiresOn: dayFrom(consentMaxExpiry(today), 1),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields[0].field).toBe('expiresOn');
    const past = await post(t.app, ent.tokens, '/finance/credit/consent/create.json', {
      orgId: bank.ids.head,
      purpose: 'LOAN_APPROVAL',
      expiresOn: dayFrom(today, -1),
    });
    expect(past.statusCode).toBe(400);
    const notBank = await post(t.app, ent.tokens, '/finance/credit/consent/create.json', {
      orgId: 1,
      purpose: 'LOAN_APPROVAL',
      expiresOn: today,
    });
    expect(notBank.statusCode).toBe(400);
    expect(notBank.json().errorCode).toBe('CREDIT_INSTITUTION_INVALID');
    expect(await count()).toBe(n);
    // The picker offers banks (every level) and guarantee companies only.
    const picker = (await get(t.app, ent.tokens, '/finance/credit/consent/institutions.json')).json().data as {
      id: number;
      classifiedType: string;
    }[];
    expect(picker.map((o) => o.id)).toEqual(expect.arrayContaining([bank.ids.head, bank.ids.sub]));
    expect(new Set(picker.map((o) => o.classifiedType))).toEqual(new Set(['BANK', 'GUARANTEE']));
    // The longest allowed is accepted.
    expect(
      (
        await post(t.app, ent.tokens, '/finance/credit/consent/create.json', {
          orgId: bank.ids.head,
          purpose: 'CREDIT_LIMIT',
          expiresOn: consentMaxExpiry(today),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('another enterprise can neither read nor revoke one’s consents (404)', async () => {
    const a = await testEnterprise(t.app, t.database.db, 'A');
    const b = await testEnterprise(t.app, t.database.db, 'B');
    const c = await giveConsent(t.app, a.tokens, {
      orgId: bank.ids.head,
      purpose: 'LOAN_APPROVAL',
      expiresOn: dayFrom(shanghaiToday(), 5),
    });
    const rev = await post(t.app, b.tokens, '/finance/credit/consent/revoke.json', { id: c.id });
    expect(rev.statusCode).toBe(404);
    expect(
      (await get(t.app, b.tokens, '/finance/credit/mine/consents.json'))
        .json()
        .data.list.map((x: { id: number }) => x.id),
    ).not.toContain(c.id);
    expect((await get(t.app, b.tokens, `/finance/credit/mine/report.json?creditCode=${a.creditCode}`)).statusCode).toBe(
      404,
    );
    expect(
      (await get(t.app, b.tokens, `/finance/credit/mine/queries.json?creditCode=${a.creditCode}`)).statusCode,
    ).toBe(404);
    // Still live for its owner, who reads its own record unlogged.
    const mine = (await get(t.app, a.tokens, '/finance/credit/mine/consents.json')).json().data.list;
    expect(mine[0]).toMatchObject({ id: c.id, state: 'LIVE', actions: ['revoke'] });
    const own = await get(t.app, a.tokens, '/finance/credit/mine/report.json');
    expect(own.statusCode).toBe(200);
    expect(own.json().data.contact.phone).toBe(a.phone);
    expect(await logRows(t.database.db, a.creditCode)).toEqual([]);
  });

  it('a sub-account reads its enterprise’s consents and log but neither gives nor revokes', async () => {
    const e = await testEnterprise(t.app, t.database.db, 'S');
    const c = await giveConsent(t.app, e.tokens, {
      orgId: bank.ids.head,
      purpose: 'LOAN_APPROVAL',
      expiresOn: dayFrom(shanghaiToday(), 3),
    });
    const username = `crsub${e.creditCode.slice(-6)}`.toLowerCase();
    await insertUser(t.database.db, {
      username,
      name: '子账号',
      password: DEMO_PASSWORD,
      accountType: 'ENTERPRISE',
      parentUserId: e.id,
      roleCodes: ['ENTERPRISE_SUB'],
    });
    const sub = await signIn(t.app, username);
    expect((await get(t.app, sub, '/finance/credit/mine/subjects.json')).json().data).toMatchObject({
      kind: 'ENTERPRISE_SUB',
      canConsent: false,
      subjects: [{ creditCode: e.creditCode }],
    });
    const list = (await get(t.app, sub, '/finance/credit/mine/consents.json')).json().data.list;
    expect(list).toMatchObject([{ id: c.id, state: 'LIVE', actions: [] }]);
    expect((await post(t.app, sub, '/finance/credit/consent/revoke.json', { id: c.id })).statusCode).toBe(403);
    // A sub-account holds no credit:consent.
    expect(
      (
        await post(t.app, sub, '/finance/credit/consent/create.json', {
          orgId: bank.ids.head,
          purpose: 'POST_LOAN',
          expiresOn: shanghaiToday(),
        })
      ).statusCode,
    ).toBe(403);
    expect((await get(t.app, sub, '/finance/credit/mine/report.json')).json().data.subject.creditCode).toBe(
      e.creditCode,
    );
  });

  it('a person acting for an enterprise reads its consents and log, read only', async () => {
    const e = await testEnterprise(t.app, t.database.db, 'P');
    const c = await giveConsent(t.app, e.tokens, {
      orgId: bank.ids.head,
      purpose: 'LOAN_APPROVAL',
      expiresOn: dayFrom(shanghaiToday(), 3),
    });
    await query(t.app, bank.tokens.head, e.creditCode);
    const username = `crp${e.creditCode.slice(-6)}`.toLowerCase();
    const personId = await insertUser(t.database.db, {
      username,
      name: '关联个人',
      password: DEMO_PASSWORD,
      accountType: 'PERSON',
      roleCodes: ['PERSON'],
    });
    await t.database.db.execute(
      sql`INSERT INTO user_subjects (user_id, enterprise_user_id) VALUES (${personId}, ${e.id})`,
    );
    const person = await signIn(t.app, username);
    expect((await get(t.app, person, '/finance/credit/mine/subjects.json')).json().data).toMatchObject({
      kind: 'PERSON',
      canConsent: false,
      subjects: [{ creditCode: e.creditCode }],
    });
    expect((await get(t.app, person, '/finance/credit/mine/consents.json')).json().data.list).toMatchObject([
      { id: c.id, actions: [] },
    ]);
    expect((await get(t.app, person, '/finance/credit/mine/queries.json')).json().data.list).toMatchObject([
      { subjectCreditCode: e.creditCode, outcome: 'SHOWN' },
    ]);
    expect((await post(t.app, person, '/finance/credit/consent/revoke.json', { id: c.id })).statusCode).toBe(403);
  });

  it('a person sees an empty state unless it acts for enterprises', async () => {
    const person = await signInAs(t.app, 'person');
    const s = (await get(t.app, person, '/finance/credit/mine/subjects.json')).json().data;
    expect(s).toMatchObject({ kind: 'PERSON', canConsent: false });
    const res = await post(t.app, person, '/finance/credit/consent/create.json', {
      orgId: bank.ids.head,
      purpose: 'LOAN_APPROVAL',
      expiresOn: shanghaiToday(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('ACCOUNT_KIND_NOT_ALLOWED');
  });
});
