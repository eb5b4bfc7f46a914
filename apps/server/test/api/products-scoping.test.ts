import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { createProduct, get, manageDetail, must, post, productInput, q, testBank } from './products-helpers.ts';

let t: TestApp;
let op: Tokens;
let guarantee: Tokens;
let A: Awaited<ReturnType<typeof testBank>>;
let B: Awaited<ReturnType<typeof testBank>>;
const tag = `S${Math.random().toString(36).slice(2, 7)}`;
let seq = 0;
const name = (s: string) => `${s}${tag}${++seq}`;

/** One product at every unit of bank A (created by that unit's admin) and one at bank B's head office, named `…own`. */
const own = {} as Record<'head' | 'branchA' | 'branchB' | 'sub' | 'other', number>;

const page = async (tokens: Tokens, params: Record<string, string | number | undefined> = {}) =>
  (
    await get(
      t.app,
      tokens,
      `/finance/product/manage/page.json?${q({ keyword: `${tag}own`, pageSize: 100, ...params })}`,
    )
  )
    .json()
    .data.list.map((p: { id: number }) => p.id)
    .sort();

beforeAll(async () => {
  t = await createTestApp();
  [op, guarantee] = await Promise.all([signInAs(t.app, 'operator'), signInAs(t.app, 'guarantee')]);
  A = await testBank(t.app, t.database.db, `${tag}a`);
  B = await testBank(t.app, t.database.db, `${tag}b`);
  for (const unit of ['head', 'branchA', 'branchB', 'sub'] as const)
    own[unit] = await createProduct(t.app, A.tokens[unit], productInput(`${unit}${tag}own`));
  own.other = await createProduct(t.app, B.tokens.head, productInput(`other${tag}own`));
});
afterAll(() => t.close());

/** Can `tokens` read, edit and submit the product? A product outside its reach answers like a missing one. */
async function reach(tokens: Tokens, id: number) {
  const detail = await manageDetail(t.app, tokens, id);
  if (detail.statusCode === 404) {
    expect(detail.json().errorCode).toBe('PRODUCT_NOT_FOUND');
    const before = (await manageDetail(t.app, op, id)).json().data;
    const edit = await post(t.app, tokens, '/finance/product/manage/save.json', productInput(name('越权'), { id }));
    const submit = await post(t.app, tokens, '/finance/product/manage/submit.json', { id });
    const remove = await post(t.app, tokens, '/finance/product/manage/remove.json', { id });
    for (const res of [edit, submit, remove])
      expect(res.json()).toMatchObject({ success: false, errorCode: 'PRODUCT_NOT_FOUND' });
    expect((await manageDetail(t.app, op, id)).json().data).toEqual(before);
    return false;
  }
  expect(detail.statusCode).toBe(200);
  return true;
}

describe('bank scoping', () => {
  it('the head office manages its whole tree and nothing of another bank', async () => {
    expect(await page(A.tokens.head)).toEqual([own.head, own.branchA, own.branchB, own.sub].sort());
    for (const unit of ['head', 'branchA', 'branchB', 'sub'] as const)
      expect(await reach(A.tokens.head, own[unit]), unit).toBe(true);
    expect(await reach(A.tokens.head, own.other)).toBe(false);
    // Bank B's head office sees none of bank A's.
    expect(await page(B.tokens.head)).toEqual([own.other]);
    expect(await reach(B.tokens.head, own.head)).toBe(false);
  });

  it('a branch manages its own and its sub-branch’s products, not its parent’s or a sibling’s', async () => {
    expect(await page(A.tokens.branchA)).toEqual([own.branchA, own.sub].sort());
    expect(await reach(A.tokens.branchA, own.branchA)).toBe(true);
    expect(await reach(A.tokens.branchA, own.sub)).toBe(true);
    expect(await reach(A.tokens.branchA, own.head)).toBe(false);
    expect(await reach(A.tokens.branchA, own.branchB)).toBe(false);
    expect(await reach(A.tokens.sub, own.branchA)).toBe(false);
    expect(await page(A.tokens.sub)).toEqual([own.sub]);
  });

  it('a branch edits and submits its sub-branch’s product', async () => {
    const id = await createProduct(t.app, A.tokens.sub, productInput(name('分理处')));
    await must(t.app, A.tokens.branchA, '/finance/product/manage/save.json', productInput(name('支行改'), { id }));
    await must(t.app, A.tokens.branchA, '/finance/product/manage/submit.json', { id });
    expect((await manageDetail(t.app, A.tokens.sub, id)).json().data.status).toBe('PENDING_REVIEW');
  });

  it('creates for a unit of the subtree only', async () => {
    const id = await createProduct(t.app, A.tokens.head, productInput(name('给支行'), { orgId: A.ids.sub }));
    expect((await manageDetail(t.app, A.tokens.sub, id)).json().data).toMatchObject({
      orgId: A.ids.sub,
      bankId: A.ids.head,
    });
    for (const [tokens, orgId] of [
      [A.tokens.branchA, A.ids.head],
      [A.tokens.branchA, A.ids.branchB],
      [A.tokens.head, B.ids.head],
    ] as const) {
      const res = await post(
        t.app,
        tokens,
        '/finance/product/manage/save.json',
        productInput(name('越权新建'), { orgId }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('PRODUCT_ORG_INVALID');
    }
  });

  it('a provider cannot move its product out of its subtree', async () => {
    const res = await post(
      t.app,
      A.tokens.branchA,
      '/finance/product/manage/save.json',
      productInput(name('移出'), { id: own.branchA, orgId: A.ids.branchB }),
    );
    expect(res.json().errorCode).toBe('PRODUCT_ORG_INVALID');
    expect((await manageDetail(t.app, op, own.branchA)).json().data.orgId).toBe(A.ids.branchA);
  });

  it('the operator sees every bank’s products and filters by organisation', async () => {
    expect(await page(op)).toEqual(Object.values(own).sort());
    expect(await page(op, { orgId: A.ids.sub })).toEqual([own.sub]);
    // A provider's orgId filter outside its subtree finds nothing.
    expect(await page(A.tokens.branchA, { orgId: A.ids.head })).toEqual([]);
  });

  it('a unit filter takes the unit with everything below it (issue 13: the operator picked a head office, saw only its own)', async () => {
    expect(await page(op, { orgId: A.ids.head })).toEqual([own.head, own.branchA, own.branchB, own.sub].sort());
    expect(await page(op, { orgId: A.ids.branchA })).toEqual([own.branchA, own.sub].sort());
    expect(await page(A.tokens.head, { orgId: A.ids.branchA })).toEqual([own.branchA, own.sub].sort());
    expect(await page(A.tokens.branchA, { orgId: A.ids.branchA })).toEqual([own.branchA, own.sub].sort());
  });
});

describe('kinds of provider', () => {
  it('a guarantee company publishes guarantee services only, a bank loans only', async () => {
    const g = await post(
      t.app,
      guarantee,
      '/finance/product/manage/save.json',
      productInput(name('担保'), {
        kind: 'GUARANTEE_SERVICE',
        loanType: 'GUARANTEE',
        guaranteeMethods: ['GUARANTEE_COMPANY'],
        rateMin: 0.5,
        rateMax: 1,
      }),
    );
    expect(g.statusCode, g.body).toBe(200);
    const loan = await post(t.app, guarantee, '/finance/product/manage/save.json', productInput(name('担保发贷款')));
    expect(loan.statusCode).toBe(403);
    expect(loan.json().errorCode).toBe('PRODUCT_KIND_FORBIDDEN');
    const service = await post(
      t.app,
      A.tokens.head,
      '/finance/product/manage/save.json',
      productInput(name('银行发担保'), { kind: 'GUARANTEE_SERVICE' }),
    );
    expect(service.json().errorCode).toBe('PRODUCT_KIND_FORBIDDEN');
    // Neither sees the other's.
    expect(await reach(A.tokens.head, g.json().data.id)).toBe(false);
    expect(await reach(guarantee, own.head)).toBe(false);
  });

  it('the operator cannot create a product: products belong to a provider', async () => {
    const res = await post(
      t.app,
      op,
      '/finance/product/manage/save.json',
      productInput(name('运营新建'), { orgId: A.ids.head }),
    );
    expect(res.json().errorCode).toBe('PRODUCT_ORG_INVALID');
  });
});
