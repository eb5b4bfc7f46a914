import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { demandInput, testApplicant } from './demands-helpers.ts';
import { manageDetail, post, productIn, productInput, testBank } from './products-helpers.ts';

/**
 * Issue 30 item 5: a provider declares in the product form that a product is part of a policy programme (CYDBD,
 * 创业担保贷); the detail shows it; a demand posted through the product carries it into the 创业担保贷 figures.
 */
let t: TestApp;
let operator: Tokens;
let bank: Awaited<ReturnType<typeof testBank>>;
const tag = `PP${Math.random().toString(36).slice(2, 7)}`;
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;

beforeAll(async () => {
  t = await createTestApp();
  operator = await signInAs(t.app, 'operator');
  bank = await testBank(t.app, t.database.db, tag);
});
afterAll(async () => {
  await sql(`UPDATE products SET status = 'DELISTED' WHERE name LIKE $1 AND status = 'LISTED'`, [`%${tag}%`]);
  await t.close();
});

describe('a product’s policy programme', () => {
  it('is saved from the form, shown in the detail, and cleared again; an unknown one is refused and saves nothing', async () => {
    const input = productInput(`创业贷${tag}`, { policy: 'CYDBD' });
    const saved = await post(t.app, bank.tokens.branchA, '/finance/product/manage/save.json', input);
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id as number;
    expect((await manageDetail(t.app, bank.tokens.branchA, id)).json().data.policy).toBe('CYDBD');

    const cleared = await post(t.app, bank.tokens.branchA, '/finance/product/manage/save.json', {
      ...input,
      id,
      policy: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await manageDetail(t.app, operator, id)).json().data.policy).toBeNull();

    const bad = await post(t.app, bank.tokens.branchA, '/finance/product/manage/save.json', {
      ...input,
      id,
      policy: 'XYZ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields.map((f: { field: string }) => f.field)).toContain('policy');
    expect(await sql('SELECT policy FROM products WHERE id = $1', [id])).toEqual([{ policy: null }]);
  });

  it('goes with a demand posted through the product, which the 创业担保贷 figures count', async () => {
    const id = await productIn(
      t.app,
      bank.tokens.branchA,
      operator,
      'LISTED',
      productInput(`创业贷上架${tag}`, { policy: 'CYDBD' }),
    );
    const plain = await productIn(t.app, bank.tokens.branchA, operator, 'LISTED', productInput(`普通贷${tag}`));
    const applicant = await testApplicant(t.app, t.database.db, tag);
    for (const productId of [id, plain]) {
      const res = await post(
        t.app,
        applicant.tokens,
        '/finance/demand/create.json',
        demandInput({ type: 'ORIENTATION', productId, amount: 50, term: 12 }),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const rows = await sql(
      'SELECT product_id AS "productId", policy FROM demands WHERE product_id = ANY($1::bigint[])',
      [[id, plain]],
    );
    expect(Object.fromEntries(rows.map((r) => [Number(r.productId), r.policy]))).toEqual({
      [id]: 'CYDBD',
      [plain]: null,
    });
  });
});
