import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentMaxExpiry } from '@phjr/contract/credit/credit';
import { createTestApp, type TestApp } from '../helpers.ts';
import {
  demandInput,
  get,
  post,
  query,
  shanghaiToday,
  testBank,
  testEnterprise,
  testGuarantee,
} from './credit-helpers.ts';

/**
 * Consents given by demands (docs/credit.md "Consents from demands"): posting an ORIENTATION demand consents to its
 * bank unit for LOAN_APPROVAL, a GUARANTEE demand to its guarantee company for GUARANTEE, in the posting transaction;
 * a bank accepting a PUBLIC demand gets one in the accept transaction. A person's demand gives none.
 */
let t: TestApp;
let bank: Awaited<ReturnType<typeof testBank>>;
let guarantee: Awaited<ReturnType<typeof testGuarantee>>;

beforeAll(async () => {
  t = await createTestApp();
  bank = await testBank(t.app, t.database.db, 'crd');
  guarantee = await testGuarantee(t.app, t.database.db, 'crd');
});
afterAll(() => t.close());

type Consent = {
  id: number;
  orgId: number;
  purpose: string;
  source: string;
  demandId: number | null;
  demandCode: string | null;
  state: string;
  expiresOn: string;
  givenOn: string;
};
const consents = async (tokens: Parameters<typeof get>[1]) =>
  (await get(t.app, tokens, '/finance/credit/mine/consents.json')).json().data.list as Consent[];

describe('consents from demands', () => {
  it('an ORIENTATION demand consents to its bank unit for loan approval, for one year', async () => {
    const e = await testEnterprise(t.app, t.database.db, 'D1');
    expect((await query(t.app, bank.tokens.branchA, e.creditCode)).statusCode).toBe(403);
    const res = await post(
      t.app,
      e.tokens,
      '/finance/demand/create.json',
      demandInput({ type: 'ORIENTATION', targetOrgId: bank.ids.head }),
    );
    expect(res.statusCode).toBe(200);
    const demandId = res.json().data.id as number;
    const [c] = await consents(e.tokens);
    const today = shanghaiToday();
    expect(c).toMatchObject({
      orgId: bank.ids.branchA,
      purpose: 'LOAN_APPROVAL',
      source: 'DEMAND',
      demandId,
      demandCode: res.json().data.code,
      state: 'LIVE',
      givenOn: today,
      expiresOn: consentMaxExpiry(today),
    });
    const q = await query(t.app, bank.tokens.branchA, e.creditCode);
    expect(q.statusCode).toBe(200);
    expect(q.json().data.consentId).toBe(c!.id);
    expect(q.json().data.demands[0].id).toBe(demandId);
  });

  it('a GUARANTEE demand consents to its guarantee company for guarantee review', async () => {
    const e = await testEnterprise(t.app, t.database.db, 'D2');
    const res = await post(
      t.app,
      e.tokens,
      '/finance/demand/create.json',
      demandInput({ type: 'GUARANTEE', targetOrgId: guarantee.orgId }),
    );
    expect(res.statusCode).toBe(200);
    expect(await consents(e.tokens)).toMatchObject([
      { orgId: guarantee.orgId, purpose: 'GUARANTEE', source: 'DEMAND' },
    ]);
    expect((await query(t.app, guarantee.tokens, e.creditCode, 'GUARANTEE')).statusCode).toBe(200);
    expect((await query(t.app, guarantee.tokens, e.creditCode, 'LOAN_APPROVAL')).statusCode).toBe(403);
  });

  it('a PUBLIC demand gives no consent until a bank accepts it; then that bank unit holds one', async () => {
    const e = await testEnterprise(t.app, t.database.db, 'D3');
    const res = await post(t.app, e.tokens, '/finance/demand/create.json', demandInput({ type: 'PUBLIC' }));
    expect(res.statusCode).toBe(200);
    expect(await consents(e.tokens)).toEqual([]);
    expect((await query(t.app, bank.tokens.branchA, e.creditCode)).statusCode).toBe(403);
    const acc = await post(t.app, bank.tokens.branchA, '/finance/demand/accept.json', { id: res.json().data.id });
    expect(acc.statusCode).toBe(200);
    expect(await consents(e.tokens)).toMatchObject([
      { orgId: bank.ids.branchA, purpose: 'LOAN_APPROVAL', source: 'DEMAND', demandId: res.json().data.id },
    ]);
    expect((await query(t.app, bank.tokens.branchA, e.creditCode)).statusCode).toBe(200);
  });

  it('a duplicate posting (same idempotency key) gives one consent', async () => {
    const e = await testEnterprise(t.app, t.database.db, 'D4');
    const body = demandInput({
      type: 'ORIENTATION',
      targetOrgId: bank.ids.head,
      idempotencyKey: 'credit-dup-key-0001',
    });
    expect((await post(t.app, e.tokens, '/finance/demand/create.json', body)).statusCode).toBe(200);
    expect((await post(t.app, e.tokens, '/finance/demand/create.json', body)).statusCode).toBe(200);
    expect(await consents(e.tokens)).toHaveLength(1);
  });
});
