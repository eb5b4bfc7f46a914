import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRODUCT_ACTIONS,
  PRODUCT_STATUSES,
  PRODUCT_TRANSITIONS,
  PROVIDER_EDITABLE,
  PROVIDER_REMOVABLE,
  type ProductAction,
  type ProductActor,
  type ProductStatus,
} from '@phjr/contract/products/product';
import { createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { transitionProduct } from '../../src/modules/products/products.repo.ts';
import { createProduct, manageDetail, must, post, productIn, productInput, testBank } from './products-helpers.ts';

let t: TestApp;
let op: Tokens;
let bank: Tokens;
let bankIds: Awaited<ReturnType<typeof testBank>>['ids'];
const tag = `L${Math.random().toString(36).slice(2, 7)}`;
let seq = 0;
const name = (s: string) => `${s}${tag}${++seq}`;

/** The call of each action for each role: providers act through /manage, the operator through /review. */
const URL: Record<ProductActor, Partial<Record<ProductAction, string>>> = {
  provider: {
    submit: '/finance/product/manage/submit.json',
    withdraw: '/finance/product/manage/withdraw.json',
    delist: '/finance/product/manage/delist.json',
  },
  reviewer: {
    approve: '/finance/product/review/approve.json',
    reject: '/finance/product/review/reject.json',
    delist: '/finance/product/review/delist.json',
  },
};
const bodyOf = (action: ProductAction, id: number) =>
  action === 'reject' ? { id, reason: '材料不完整，请补充' } : { id };

const detail = async (id: number) => (await manageDetail(t.app, op, id)).json().data;
const audits = async (action: string, id: number) =>
  Number(
    (
      await t.database.pool.query('SELECT count(*) FROM audit_log WHERE action = $1 AND target = $2', [
        action,
        `product:${id}`,
      ])
    ).rows[0].count,
  );
const inState = (status: ProductStatus) => productIn(t.app, bank, op, status, productInput(name(`状态${status}`)));

beforeAll(async () => {
  t = await createTestApp();
  op = await signInAs(t.app, 'operator');
  const b = await testBank(t.app, t.database.db, tag);
  bank = b.tokens.head;
  bankIds = b.ids;
});
afterAll(() => t.close());

describe('product state machine (PRODUCT_TRANSITIONS)', () => {
  for (const action of PRODUCT_ACTIONS) {
    const rule = PRODUCT_TRANSITIONS[action];
    for (const as of rule.by as readonly ProductActor[]) {
      for (const from of PRODUCT_STATUSES) {
        const allowed = (rule.from as readonly ProductStatus[]).includes(from);
        it(`${action} by the ${as} from ${from} is ${allowed ? 'allowed' : 'refused'}`, async () => {
          const id = await inState(from);
          const before = await detail(id);
          const audited = await audits(`product.${action}`, id);
          const res = await post(t.app, as === 'provider' ? bank : op, URL[as][action]!, bodyOf(action, id));
          const after = await detail(id);
          if (allowed) {
            expect(res.statusCode, res.body).toBe(200);
            expect(after.status).toBe(rule.to);
            expect(after.history).toHaveLength(before.history.length + 1);
            expect(after.history.at(-1)).toMatchObject({ action, fromStatus: from, toStatus: rule.to });
            expect(await audits(`product.${action}`, id)).toBe(audited + 1);
          } else {
            expect(res.statusCode).toBe(409);
            expect(res.json()).toMatchObject({ success: false, errorCode: 'PRODUCT_BAD_STATE' });
            // Nothing changed, nothing written.
            expect(after).toEqual(before);
            expect(await audits(`product.${action}`, id)).toBe(audited);
          }
        });
      }
    }
  }

  it('keeps the reason of a rejection, and its reviewer, on the product and in the history', async () => {
    const id = await inState('PENDING_REVIEW');
    expect((await post(t.app, op, URL.reviewer.reject!, { id })).statusCode).toBe(400);
    await must(t.app, op, URL.reviewer.reject!, { id, reason: '利率区间填写有误' });
    const p = await detail(id);
    expect(p).toMatchObject({ status: 'REJECTED', rejectReason: '利率区间填写有误', reviewedBy: '王运营' });
    expect(p.history.at(-1)).toMatchObject({ action: 'reject', reason: '利率区间填写有误', by: '王运营' });
  });

  it('answers an unknown id with PRODUCT_NOT_FOUND for every action', async () => {
    for (const as of ['provider', 'reviewer'] as const) {
      for (const [action, url] of Object.entries(URL[as]) as [ProductAction, string][]) {
        const res = await post(t.app, as === 'provider' ? bank : op, url, bodyOf(action, 99_999_999));
        expect(res.statusCode, url).toBe(404);
        expect(res.json().errorCode).toBe('PRODUCT_NOT_FOUND');
      }
    }
  });
});

describe('who moves a product', () => {
  it('a provider cannot review: approve, reject and the review delist are the operator’s', async () => {
    const pending = await inState('PENDING_REVIEW');
    const listed = await inState('LISTED');
    for (const [url, id] of [
      [URL.reviewer.approve!, pending],
      [URL.reviewer.reject!, pending],
      [URL.reviewer.delist!, listed],
    ] as const) {
      const res = await post(t.app, bank, url, bodyOf('reject', id));
      expect(res.statusCode).toBe(403);
    }
    expect((await detail(pending)).status).toBe('PENDING_REVIEW');
    expect((await detail(listed)).status).toBe('LISTED');
  });

  it('the operator sees every product but submits, withdraws and removes none of them', async () => {
    const draft = await inState('DRAFT');
    const pending = await inState('PENDING_REVIEW');
    for (const [url, id] of [
      [URL.provider.submit!, draft],
      [URL.provider.withdraw!, pending],
      ['/finance/product/manage/remove.json', draft],
    ] as const) {
      const before = await detail(id);
      const res = await post(t.app, op, url, { id });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().errorCode).toBe('PRODUCT_ACTION_FORBIDDEN');
      expect(await detail(id)).toEqual(before);
    }
  });

  it('tells the provider’s users of each decision with an in-site message', async () => {
    const id = await inState('PENDING_REVIEW');
    const p = await detail(id);
    const messages = async () =>
      (
        await t.database.pool.query(
          'SELECT m.title, m.content, m.link FROM messages m JOIN users u ON u.id = m.user_id WHERE u.org_id = $1 AND m.content LIKE $2',
          [bankIds.head, `%${p.name}%`],
        )
      ).rows;
    await must(t.app, op, URL.reviewer.approve!, { id });
    expect(await messages()).toEqual([
      expect.objectContaining({ title: '产品审核通过', link: '/financialInstitution/product' }),
    ]);
    await must(t.app, op, URL.reviewer.delist!, { id });
    expect((await messages()).map((m) => m.title)).toEqual(
      expect.arrayContaining(['产品审核通过', '产品已被平台下架']),
    );
  });
});

describe('editing and removing', () => {
  for (const from of PRODUCT_STATUSES) {
    const editable = PROVIDER_EDITABLE.includes(from);
    it(`the provider ${editable ? 'edits' : 'cannot edit'} a ${from} product${editable ? ', which goes back to DRAFT' : ''}`, async () => {
      const id = await inState(from);
      const before = await detail(id);
      const res = await post(
        t.app,
        bank,
        '/finance/product/manage/save.json',
        productInput(`改名${before.name}`, { id }),
      );
      const after = await detail(id);
      if (editable) {
        expect(res.statusCode, res.body).toBe(200);
        expect(after).toMatchObject({ status: 'DRAFT', name: `改名${before.name}`, rejectReason: null });
        expect(after.history.at(-1)).toMatchObject({ action: 'save', fromStatus: from, toStatus: 'DRAFT' });
      } else {
        expect(res.statusCode).toBe(409);
        expect(res.json().errorCode).toBe('PRODUCT_BAD_STATE');
        expect(after).toEqual(before);
      }
    });

    it(`the operator edits a ${from} product and its state stays`, async () => {
      const id = await inState(from);
      const before = await detail(id);
      await must(
        t.app,
        op,
        '/finance/product/manage/save.json',
        productInput(before.name, { id, rateMin: 3.3, rateMax: 4.4 }),
      );
      const after = await detail(id);
      expect(after).toMatchObject({ status: from, rateMin: 3.3, rateMax: 4.4 });
      expect(after.history.at(-1)).toMatchObject({ action: 'save', fromStatus: from, toStatus: from });
    });

    const removable = PROVIDER_REMOVABLE.includes(from);
    it(`the provider ${removable ? 'removes' : 'cannot remove'} a ${from} product`, async () => {
      const id = await inState(from);
      const res = await post(t.app, bank, '/finance/product/manage/remove.json', { id });
      if (removable) {
        expect(res.statusCode).toBe(200);
        expect((await manageDetail(t.app, op, id)).json().errorCode).toBe('PRODUCT_NOT_FOUND');
        expect(await audits('product.remove', id)).toBe(1);
      } else {
        expect(res.statusCode).toBe(409);
        expect((await detail(id)).status).toBe(from);
      }
    });
  }

  it('refuses ranges upside down, unknown regions, and a change of kind', async () => {
    const bad = [
      productInput(name('额度'), { amountMin: 50, amountMax: 10 }),
      productInput(name('期限'), { termMin: 24, termMax: 12 }),
      productInput(name('利率'), { rateMin: 6, rateMax: 5 }),
      productInput(name('地区'), { regionCodes: ['123456'] }),
    ];
    for (const input of bad)
      expect((await post(t.app, bank, '/finance/product/manage/save.json', input)).statusCode).toBe(400);
    const id = await createProduct(t.app, bank, productInput(name('类型')));
    const res = await post(
      t.app,
      bank,
      '/finance/product/manage/save.json',
      productInput(name('类型'), { id, kind: 'GUARANTEE_SERVICE' }),
    );
    expect(res.statusCode).toBe(400);
  });

  it('stores text fields as plain text and keeps their lines', async () => {
    const id = await createProduct(
      t.app,
      bank,
      productInput(`<b>加粗</b>${name('文本')}`, { features: '<script>alert(1)</script>第一点\n<i>第二点</i>\n\n' }),
    );
    const p = await detail(id);
    expect(p.name).toMatch(/^加粗/);
    expect(p.features).toBe('第一点\n第二点');
  });
});

describe('concurrent actions', () => {
  it('approve and reject at once: exactly one wins, and state and history agree', async () => {
    for (let i = 0; i < 4; i++) {
      const id = await inState('PENDING_REVIEW');
      const [a, r] = await Promise.all([
        post(t.app, op, URL.reviewer.approve!, { id }),
        post(t.app, op, URL.reviewer.reject!, { id, reason: '并发驳回' }),
      ]);
      expect([a.statusCode, r.statusCode].sort()).toEqual([200, 409]);
      const p = await detail(id);
      expect(p.status).toBe(a.statusCode === 200 ? 'LISTED' : 'REJECTED');
      expect(p.history.filter((h: { action: string }) => h.action === 'approve' || h.action === 'reject')).toHaveLength(
        1,
      );
    }
  });

  it('approve and delist at once end in one consistent state', async () => {
    for (let i = 0; i < 4; i++) {
      const id = await inState('PENDING_REVIEW');
      const [a, d] = await Promise.all([
        post(t.app, op, URL.reviewer.approve!, { id }),
        post(t.app, op, URL.reviewer.delist!, { id }),
      ]);
      expect(a.statusCode).toBe(200);
      const p = await detail(id);
      expect(p.status).toBe(d.statusCode === 200 ? 'DELISTED' : 'LISTED');
      expect(p.history.map((h: { action: string }) => h.action)).toEqual([
        'create',
        'submit',
        'approve',
        ...(d.statusCode === 200 ? ['delist'] : []),
      ]);
    }
  });

  it('the UPDATE itself re-checks the source state (a stale read cannot win)', async () => {
    const id = await inState('REJECTED');
    // As if another request had read PENDING_REVIEW just before the rejection committed.
    expect(await transitionProduct(t.database.db, id, PRODUCT_TRANSITIONS.approve.from, 'LISTED')).toBe(false);
    expect((await detail(id)).status).toBe('REJECTED');
  });

  it('the bank and the operator delist at once: one wins, one history row', async () => {
    const id = await inState('LISTED');
    const res = await Promise.all([
      post(t.app, bank, URL.provider.delist!, { id }),
      post(t.app, op, URL.reviewer.delist!, { id }),
    ]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await detail(id)).history.filter((h: { action: string }) => h.action === 'delist')).toHaveLength(1);
  });
});

describe('kept counts', () => {
  it('product_counts agrees with the catalogue after all of the above (transitions, edits, removals, races)', async () => {
    const q = (text: string) => t.database.pool.query(text).then((r) => r.rows);
    const actual = await q(
      "SELECT kind, bank_id::int AS bank, count(*)::int AS n FROM products WHERE status = 'LISTED' GROUP BY 1, 2 ORDER BY 1, 2",
    );
    const kept = await q(
      'SELECT kind, bank_id::int AS bank, listed AS n FROM product_counts WHERE listed <> 0 ORDER BY 1, 2',
    );
    expect(kept).toEqual(actual);
    expect(actual.find((r) => r.bank === bankIds.head)?.n).toBeGreaterThan(0);
  });
});
