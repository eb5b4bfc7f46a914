import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { DEMAND_DUPLICATE_WINDOW_MINUTES, type CreateDemandRequest } from '@phjr/contract/demands/calls';
import { createTestApp, type TestApp, type Tokens } from '../helpers.ts';
import { insertProductRow } from '../../src/seed/factories.ts';
import { demandInput, post, testApplicant, testBank, testGuarantee, type Cast } from './demands-helpers.ts';

/**
 * Issue 11, item 10: the same demand posted many times at once (double clicks, retries, several tabs) is one demand;
 * every duplicate is answered with the first one. Two rules: the form's idempotency key, and the same content from
 * the same applicant within DEMAND_DUPLICATE_WINDOW_MINUTES while the first is not finished.
 */
let t: TestApp;
let cast: Cast;
const tag = `DD${Math.random().toString(36).slice(2, 7)}`;
let seq = 0;

const sql = async (text: string, values: unknown[]) => (await t.database.pool.query(text, values)).rows;
const create = (tokens: Tokens, body: CreateDemandRequest) => post(t.app, tokens, '/finance/demand/create.json', body);
/** A purpose no other test of the run uses, so the content rule sees only this test's postings. */
const purpose = () => `扩大茶园种植面积，采购有机肥料${tag}-${++seq}`;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  cast = {
    bank: await testBank(t.app, db, tag),
    guarantee: await testGuarantee(t.app, db, tag),
    applicant: await testApplicant(t.app, db, tag),
  };
});
afterAll(() => t.close());

/** Posts `n` times at once; every answer must be a success. */
async function postAtOnce(tokens: Tokens, bodies: CreateDemandRequest[]) {
  const answers = await Promise.all(bodies.map((b) => create(tokens, b)));
  for (const a of answers) expect(a.statusCode, a.body).toBe(200);
  return answers.map((a) => a.json().data as { id: number; code: string; status: string });
}

const demandsWith = (p: string) =>
  sql('SELECT id, amount::float8 AS amount FROM demands WHERE applicant_user_id = $1 AND purpose = $2 ORDER BY id', [
    cast.applicant.id,
    p,
  ]);

describe('duplicate postings are answered with the first demand', () => {
  it('10 identical public demands posted at once, without a key: one demand, ten answers with its id', async () => {
    const p = purpose();
    const answers = await postAtOnce(
      cast.applicant.tokens,
      Array.from({ length: 10 }, () => demandInput({ purpose: p })),
    );
    const rows = await demandsWith(p);
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((a) => a.id))).toEqual(new Set([rows[0].id]));
    expect(new Set(answers.map((a) => a.code)).size).toBe(1);
    expect(answers.every((a) => a.status === 'PENDING')).toBe(true);
    // The side effects of posting happened once.
    expect(
      await sql("SELECT 1 FROM demand_history WHERE demand_id = $1 AND action = 'create'", [rows[0].id]),
    ).toHaveLength(1);
    expect(
      await sql("SELECT 1 FROM audit_log WHERE action = 'demand.create' AND target = $1", [`demand:${rows[0].id}`]),
    ).toHaveLength(1);
    expect(
      await sql("SELECT 1 FROM messages WHERE user_id = $1 AND title = '融资需求已提交' AND link LIKE $2", [
        cast.applicant.id,
        `%id=${rows[0].id}`,
      ]),
    ).toHaveLength(1);
  });

  it('10 posts at once with one idempotency key and different content: the first demand, as it was posted', async () => {
    const key = randomUUID();
    const p = purpose();
    const answers = await postAtOnce(
      cast.applicant.tokens,
      Array.from({ length: 10 }, (_, i) => demandInput({ idempotencyKey: key, purpose: p, amount: 10 + i })),
    );
    const rows = await demandsWith(p);
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((a) => a.id))).toEqual(new Set([rows[0].id]));
    // Later, with the same key and other content still: the first, unchanged.
    const again = await create(
      cast.applicant.tokens,
      demandInput({ idempotencyKey: key, purpose: `${p}（改）`, amount: 99, term: 24 }),
    );
    expect(again.json().data).toEqual(answers[0]);
    expect(await demandsWith(`${p}（改）`)).toEqual([]);
    expect(await demandsWith(p)).toEqual(rows);
  });

  it('the same key answers with the first even once it was withdrawn; another applicant with that key gets its own', async () => {
    const key = randomUUID();
    const [first] = await postAtOnce(cast.applicant.tokens, [demandInput({ idempotencyKey: key, purpose: purpose() })]);
    expect(
      (await post(t.app, cast.applicant.tokens, '/finance/demand/withdraw.json', { id: first.id })).statusCode,
    ).toBe(200);
    const again = await create(cast.applicant.tokens, demandInput({ idempotencyKey: key, purpose: purpose() }));
    expect(again.json().data).toMatchObject({ id: first.id, status: 'WITHDRAWN' });
    const other = await testApplicant(t.app, t.database.db, `${tag}o`);
    const theirs = await create(other.tokens, demandInput({ idempotencyKey: key, purpose: purpose() }));
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().data.id).not.toBe(first.id);
  });

  it('a different amount, term or target is a new demand', async () => {
    const p = purpose();
    const [a] = await postAtOnce(cast.applicant.tokens, [demandInput({ purpose: p, amount: 50 })]);
    const [b] = await postAtOnce(cast.applicant.tokens, [demandInput({ purpose: p, amount: 51 })]);
    const [c] = await postAtOnce(cast.applicant.tokens, [demandInput({ purpose: p, amount: 50, term: 24 })]);
    const [d] = await postAtOnce(cast.applicant.tokens, [
      demandInput({ type: 'ORIENTATION', targetOrgId: cast.bank.ids.head, purpose: p, amount: 50 }),
    ]);
    expect(new Set([a.id, b.id, c.id, d.id]).size).toBe(4);
    expect((await demandsWith(p)).map((r) => r.amount)).toEqual([50, 51, 50, 50]);
  });

  it('the same content after the window, or after the first was withdrawn, is a new demand', async () => {
    const p = purpose();
    const [first] = await postAtOnce(cast.applicant.tokens, [demandInput({ purpose: p })]);
    // Just inside the window: still the first.
    await sql(
      `UPDATE demands SET created_at = now() - make_interval(mins => $2) + interval '30 seconds' WHERE id = $1`,
      [first.id, DEMAND_DUPLICATE_WINDOW_MINUTES],
    );
    expect((await create(cast.applicant.tokens, demandInput({ purpose: p }))).json().data.id).toBe(first.id);
    // The clock moved past the window (the demand is as old as that): a new demand.
    await sql(`UPDATE demands SET created_at = now() - make_interval(mins => $2) - interval '1 second' WHERE id = $1`, [
      first.id,
      DEMAND_DUPLICATE_WINDOW_MINUTES,
    ]);
    const [second] = await postAtOnce(cast.applicant.tokens, [demandInput({ purpose: p })]);
    expect(second.id).not.toBe(first.id);
    // Within the window but withdrawn (finished): posting it again is a new demand.
    expect(
      (await post(t.app, cast.applicant.tokens, '/finance/demand/withdraw.json', { id: second.id })).statusCode,
    ).toBe(200);
    const [third] = await postAtOnce(cast.applicant.tokens, [demandInput({ purpose: p })]);
    expect(new Set([first.id, second.id, third.id]).size).toBe(3);
  });
});

describe('every kind of demand that is posted', () => {
  it('a product applied for 10 times at once: one application, counted once, ten answers with its id', async () => {
    const productId = await insertProductRow(t.database.db, { name: `重复申请产品${tag}`, orgId: cast.bank.ids.head });
    const p = purpose();
    const answers = await postAtOnce(
      cast.applicant.tokens,
      Array.from({ length: 10 }, () => demandInput({ type: 'ORIENTATION', productId, purpose: p })),
    );
    const rows = await demandsWith(p);
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((a) => a.id))).toEqual(new Set([rows[0].id]));
    expect(await sql('SELECT applications FROM products WHERE id = $1', [productId])).toEqual([{ applications: 1 }]);
    // Other content for the same product while the first is open: still one open demand per product.
    const other = await create(
      cast.applicant.tokens,
      demandInput({ type: 'ORIENTATION', productId, purpose: p, amount: 81 }),
    );
    expect(other.json()).toMatchObject({ success: false, errorCode: 'DEMAND_OPEN_EXISTS' });
  });

  it('a guarantee demand posted 10 times at once, with one key: one demand', async () => {
    const key = randomUUID();
    const p = purpose();
    const body = demandInput({ type: 'GUARANTEE', targetOrgId: cast.guarantee.orgId, purpose: p, idempotencyKey: key });
    const answers = await postAtOnce(
      cast.applicant.tokens,
      Array.from({ length: 10 }, () => body),
    );
    const rows = await demandsWith(p);
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((a) => a.id))).toEqual(new Set([rows[0].id]));
    expect(await sql('SELECT idempotency_key FROM demands WHERE id = $1', [rows[0].id])).toEqual([
      { idempotency_key: key },
    ]);
  });

  it('refuses a malformed key', async () => {
    const res = await create(cast.applicant.tokens, demandInput({ idempotencyKey: 'bad key!', purpose: purpose() }));
    expect(res.statusCode).toBe(400);
  });
});
