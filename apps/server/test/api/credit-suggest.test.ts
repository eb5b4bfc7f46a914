import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditOps } from '@phjr/contract/credit/credit-ops';
import { CREDIT_SUGGEST_LIMIT, CREDIT_SUGGESTS_PER_HOUR } from '@phjr/contract/credit/credit';
import { withCheckChar } from '@phjr/contract/orgs/credit-code';
import { createTestApp, must, refused, type TestApp, type Tokens, signInAs } from '../helpers.ts';

/**
 * The credit query's type-ahead by name (issue 30, docs/credit.md "Finding the enterprise by name"): banks and
 * guarantee companies only; names and credit codes of registered enterprises only, at least 2 characters, at most
 * CREDIT_SUGGEST_LIMIT, CREDIT_SUGGESTS_PER_HOUR per user, each audited; the query itself still needs a consent.
 */
let t: TestApp;
let bank: Tokens;
const tag = `${Math.random().toString(36).slice(2, 6)}`;
const q = async (sql: string, params: unknown[] = []) => (await t.database.pool.query(sql, params)).rows;
let seq = Math.floor(Math.random() * 900_000);
const code = () => withCheckChar(`91999907MD${String(seq++ % 10_000_000).padStart(7, '0')}`);

beforeAll(async () => {
  t = await createTestApp();
  bank = await signInAs(t.app, 'bank');
});
afterAll(() => t.close());

async function registry(name: string) {
  const c = code();
  await q(
    `INSERT INTO enterprise_registry (credit_code, name, legal_rep, status, region_code) VALUES ($1, $2, '测试法人', '存续', '999901')`,
    [c, name],
  );
  return c;
}

describe('the credit type-ahead', () => {
  it('finds registered enterprises by a part of the name or their code, bounded, with names and codes only', async () => {
    const codes: string[] = [];
    for (let i = 0; i < CREDIT_SUGGEST_LIMIT + 2; i++) codes.push(await registry(`联想${tag}第${i}食品有限公司`));
    const found = await must(t.app, bank, creditOps.suggest, { keyword: `联想${tag}` });
    expect(found).toHaveLength(CREDIT_SUGGEST_LIMIT);
    for (const row of found) {
      expect(Object.keys(row).sort()).toEqual(['creditCode', 'name']);
      expect(codes).toContain(row.creditCode);
    }
    expect(await must(t.app, bank, creditOps.suggest, { keyword: `联想${tag}第11` })).toEqual([
      { name: `联想${tag}第11食品有限公司`, creditCode: codes[11] },
    ]);
    expect(await must(t.app, bank, creditOps.suggest, { keyword: codes[3].toLowerCase() })).toEqual([
      { name: `联想${tag}第3食品有限公司`, creditCode: codes[3] },
    ]);
    expect(
      await must(t.app, await signInAs(t.app, 'guarantee'), creditOps.suggest, { keyword: `联想${tag}第1食` }),
    ).toHaveLength(1);
    // Each ask is audited with its keyword.
    const [row] = await q(`SELECT detail FROM audit_log WHERE action = 'credit.suggest' AND detail->>'keyword' = $1`, [
      `联想${tag}第11`,
    ]);
    expect(row.detail).toMatchObject({ found: 1 });
  });

  it('asks at least 2 characters, is the institutions own, and stops at the hourly limit', async () => {
    for (const keyword of ['', '联', 'x'.repeat(61)])
      expect((await refused(t.app, bank, creditOps.suggest, { keyword })).status).toBe(400);
    for (const who of ['enterprise', 'person', 'gov'] as const)
      expect((await refused(t.app, await signInAs(t.app, who), creditOps.suggest, { keyword: '示范市' })).status).toBe(
        403,
      );
    expect(
      (await refused(t.app, await signInAs(t.app, 'operator'), creditOps.suggest, { keyword: '示范市' })).status,
    ).toBe(403);
    expect((await refused(t.app, null, creditOps.suggest, { keyword: '示范市' })).status).toBe(401);

    // A bank user who asked CREDIT_SUGGESTS_PER_HOUR times within the hour is refused the next.
    const guarantee = await signInAs(t.app, 'guarantee');
    const [{ id }] = await q(`SELECT id FROM users WHERE username = 'guarantee'`);
    const [{ n }] = await q(
      `SELECT count(*)::int AS n FROM audit_log WHERE user_id = $1 AND action = 'credit.suggest' AND at > now() - interval '1 hour'`,
      [id],
    );
    await q(
      `INSERT INTO audit_log (user_id, action, target, at) SELECT $1, 'credit.suggest', 'credit:suggest', now() FROM generate_series(1, $2::int)`,
      [id, CREDIT_SUGGESTS_PER_HOUR - n],
    );
    const r = await refused(t.app, guarantee, creditOps.suggest, { keyword: '示范市' });
    expect(r).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
  });
});
