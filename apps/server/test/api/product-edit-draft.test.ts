import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_STATUSES } from '@phjr/contract/products/product';
import { createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { get, manageDetail, post, productIn, productInput, testBank } from './products-helpers.ts';

/**
 * Issue 12: the server, not the form, says that a save takes a product back to draft. For every state × back-office
 * viewer, the row's and the detail's `editReturnsToDraft` is true exactly when that viewer's save (where it is allowed)
 * moves the product from another state to DRAFT.
 */

let t: TestApp;
let operator: Tokens;
let bank: Awaited<ReturnType<typeof testBank>>;
const tag = `ED${Math.random().toString(36).slice(2, 7)}`;

beforeAll(async () => {
  t = await createTestApp();
  operator = await signInAs(t.app, 'operator');
  bank = await testBank(t.app, t.database.db, tag);
});
afterAll(async () => {
  // Take what is still on the shelf off the portal, so the tests that count the demo catalogue see the demo data alone.
  await t.database.pool.query(`UPDATE products SET status = 'DELISTED' WHERE name LIKE $1 AND status = 'LISTED'`, [
    `%${tag}%`,
  ]);
  await t.close();
});

describe('editReturnsToDraft = what the save does', () => {
  it('for every state × viewer (the provider, its head office, the operator)', { timeout: 120_000 }, async () => {
    const viewers = [
      { name: 'branch', tokens: () => bank.tokens.branchA },
      { name: 'head', tokens: () => bank.tokens.head },
      { name: 'operator', tokens: () => operator },
    ];
    let warned = 0;
    for (const status of PRODUCT_STATUSES) {
      for (const v of viewers) {
        const name = `回草稿${tag}${status}${v.name}`;
        const input = productInput(name);
        const id = await productIn(t.app, bank.tokens.branchA, operator, status, input);
        const detail = (await manageDetail(t.app, v.tokens(), id)).json().data;
        const list = (
          await get(
            t.app,
            v.tokens(),
            `/finance/product/manage/page.json?keyword=${encodeURIComponent(name)}&pageSize=100`,
          )
        ).json().data;
        const row = list.list.find((r: { id: number }) => r.id === id);
        expect(typeof detail.editReturnsToDraft, `${status} × ${v.name}: the detail says`).toBe('boolean');
        expect(row.editReturnsToDraft, `${status} × ${v.name}: row = detail`).toBe(detail.editReturnsToDraft);
        const res = await post(t.app, v.tokens(), '/finance/product/manage/save.json', { ...input, id });
        const after = (await manageDetail(t.app, operator, id)).json().data.status;
        const returned = res.json().success === true && status !== 'DRAFT' && after === 'DRAFT';
        expect(
          detail.editReturnsToDraft,
          `${status} × ${v.name}: saved ${res.json().success}, ${status} → ${after}`,
        ).toBe(returned);
        if (returned) warned++;
      }
    }
    // The provider and its head office, on rejected and delisted products.
    expect(warned).toBe(4);
  });
});
