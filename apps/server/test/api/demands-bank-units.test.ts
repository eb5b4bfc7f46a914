import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { get, testBank } from './products-helpers.ts';

/**
 * Issue 13 point 12: the reassign and hand-to-bank pickers offer a bank's branches, not only head offices
 * (demandOps.bankUnits): the units that may take a demand of the region, linked into each bank's tree.
 */
let t: TestApp;
let gov: Tokens;
let guarantee: Tokens;
let A: Awaited<ReturnType<typeof testBank>>;
const tag = `U${Math.random().toString(36).slice(2, 7)}`;

beforeAll(async () => {
  t = await createTestApp();
  [gov, guarantee] = await Promise.all([signInAs(t.app, 'gov'), signInAs(t.app, 'guarantee')]);
  A = await testBank(t.app, t.database.db, tag);
});
afterAll(() => t.close());

type Unit = { id: number; name: string; parentId: number | null; regionCode: string };
const units = async (tokens: Tokens, regionCode?: string) => {
  const res = await get(
    t.app,
    tokens,
    `/finance/demand/bankUnits.json${regionCode ? `?regionCode=${regionCode}` : ''}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Unit[]).filter((u) => u.name.includes(tag));
};

describe('GET /finance/demand/bankUnits.json', () => {
  it('lists the head office and the branches and sub-branches serving the region, with their parents', async () => {
    for (const who of [gov, guarantee]) {
      const inCity = await units(who, '999901');
      expect(inCity.map((u) => u.id).sort()).toEqual([A.ids.head, A.ids.branchA, A.ids.sub].sort());
      expect(inCity.find((u) => u.id === A.ids.sub)).toMatchObject({ parentId: A.ids.branchA, regionCode: '999901' });
      expect(inCity.find((u) => u.id === A.ids.head)).toMatchObject({ parentId: null });
    }
    expect((await units(gov, '999902')).map((u) => u.id).sort()).toEqual([A.ids.head, A.ids.branchB].sort());
    expect((await units(gov)).map((u) => u.id).sort()).toEqual(Object.values(A.ids).sort());
  });

  it('leaves out units that are not active', async () => {
    await t.database.pool.query(`UPDATE orgs SET status = 'DISABLED' WHERE id = $1`, [A.ids.sub]);
    expect((await units(gov, '999901')).map((u) => u.id).sort()).toEqual([A.ids.head, A.ids.branchA].sort());
  });
});
