import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import { createTestApp, type TestApp } from '../helpers.ts';
import {
  addMember,
  beijingDay,
  chainCast,
  memberInput,
  ok,
  op,
  visitInput,
  type ChainCast,
} from './chain-records-helpers.ts';

let t: TestApp;
let c: ChainCast;
const tag = `CR${Math.random().toString(36).slice(2, 6)}`;
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
const chainRow = async (id: number) =>
  (
    await sql('SELECT enterprises, visits, enterprises_visited AS "visited" FROM industrial_chains WHERE id = $1', [id])
  )[0];

beforeAll(async () => {
  t = await createTestApp();
  c = await chainCast(t.app, t.database, tag);
});
afterAll(() => t.close());

describe('adding and editing members', () => {
  it('lets the operator and the lead bank add; a credit code is in a chain once, in several chains alike', async () => {
    const before = await chainRow(c.x);
    const m = await addMember(t.app, c.operator, c.x);
    expect(m).toMatchObject({ industrialChainId: c.x, source: 'MANUAL', visits: 0, contactPhone: '13912345678' });
    expect((await chainRow(c.x)).enterprises).toBe(before.enterprises + 1);

    const dup = await op(
      t.app,
      c.bank.tokens.head,
      chainOps.enterpriseSave,
      memberInput(c.x, { creditCode: m.creditCode }),
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      errorCode: 'CHAIN_ENTERPRISE_DUPLICATE',
      data: { fields: [{ field: 'creditCode' }] },
    });
    expect((await chainRow(c.x)).enterprises).toBe(before.enterprises + 1);

    // The same enterprise in another chain: its lead bank adds it.
    const inY = await ok(
      t.app,
      c.bank2.tokens.head,
      chainOps.enterpriseSave,
      memberInput(c.y, { creditCode: m.creditCode }),
    );
    expect(inY.industrialChainId).toBe(c.y);

    // The lead bank's branch works as its bank (a lead of X through its head office).
    await ok(t.app, c.bank.tokens.branchA, chainOps.enterpriseSave, memberInput(c.x));
  });

  it('refuses everyone else: a member bank, a bank outside the chain, a government reader, a bad credit code', async () => {
    expect((await op(t.app, c.bank.tokens.branchA, chainOps.enterpriseSave, memberInput(c.y))).json().errorCode).toBe(
      'FORBIDDEN',
    );
    expect((await op(t.app, c.bank2.tokens.head, chainOps.enterpriseSave, memberInput(c.x))).json().errorCode).toBe(
      'NOT_FOUND',
    );
    expect((await op(t.app, c.bank.tokens.head, chainOps.enterpriseSave, memberInput(c.y))).json().errorCode).toBe(
      'NOT_FOUND',
    );
    expect((await op(t.app, c.gov, chainOps.enterpriseSave, memberInput(c.x))).statusCode).toBe(403);
    const bad = await op(
      t.app,
      c.operator,
      chainOps.enterpriseSave,
      memberInput(c.x, { creditCode: '91999901MA00000010' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields[0].field).toBe('creditCode');
  });

  it('edits a member, keeping its credit code unique', async () => {
    const a = await addMember(t.app, c.operator, c.x);
    const b = await addMember(t.app, c.operator, c.x);
    const edited = await ok(t.app, c.bank.tokens.head, chainOps.enterpriseSave, {
      ...memberInput(c.x, { creditCode: a.creditCode, name: '改名后的企业有限公司', tier: 'DOWNSTREAM' }),
      id: a.id,
    });
    expect(edited).toMatchObject({ id: a.id, name: '改名后的企业有限公司', tier: 'DOWNSTREAM' });
    const clash = await op(t.app, c.operator, chainOps.enterpriseSave, {
      ...memberInput(c.x, { creditCode: b.creditCode }),
      id: a.id,
    });
    expect(clash.json().errorCode).toBe('CHAIN_ENTERPRISE_DUPLICATE');
    // An id of another chain is not this chain's member.
    expect(
      (await op(t.app, c.operator, chainOps.enterpriseSave, { ...memberInput(c.y), id: a.id })).json().errorCode,
    ).toBe('NOT_FOUND');
  });

  it('keeps the stored phone when a caller who sees it masked sends it back as shown, and refuses another masked one', async () => {
    const m = await addMember(t.app, c.operator, c.x, { contactPhone: '13800003333' });
    // The lead bank manages no chain: it sees the phone masked, and its edit form sends it back so.
    const shown = await ok(t.app, c.bank.tokens.head, chainOps.enterpriseDetail, { id: m.id });
    expect(shown.contactPhone).toBe('138****3333');
    const body = {
      industrialChainId: c.x,
      creditCode: m.creditCode,
      name: '只改名称有限公司',
      tier: 'MIDSTREAM',
      contactPhone: shown.contactPhone,
      id: m.id,
    };
    await ok(t.app, c.bank.tokens.head, chainOps.enterpriseSave, body);
    expect(await ok(t.app, c.operator, chainOps.enterpriseDetail, { id: m.id })).toMatchObject({
      name: '只改名称有限公司',
      tier: 'MIDSTREAM',
      contactPhone: '13800003333',
    });
    // A masked text that is not the stored phone's, or on a new member, is no phone.
    for (const wrong of [
      { ...body, contactPhone: '138****4444' },
      { ...body, id: undefined, creditCode: memberInput(c.x).creditCode },
    ]) {
      const res = await op(t.app, c.bank.tokens.head, chainOps.enterpriseSave, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().data.fields[0].field).toBe('contactPhone');
    }
    // A new number replaces it; an empty one clears it.
    await ok(t.app, c.bank.tokens.head, chainOps.enterpriseSave, { ...body, contactPhone: '13900005555' });
    expect((await ok(t.app, c.operator, chainOps.enterpriseDetail, { id: m.id })).contactPhone).toBe('13900005555');
    await ok(t.app, c.bank.tokens.head, chainOps.enterpriseSave, { ...body, contactPhone: null });
    expect((await ok(t.app, c.operator, chainOps.enterpriseDetail, { id: m.id })).contactPhone).toBeNull();
  });
});

describe('who reads which members', () => {
  it('scopes the list and the detail by chain, and masks phones but for the operator and the chain managers', async () => {
    const mx = await addMember(t.app, c.operator, c.x, { contactPhone: '13800001111' });
    const my = await addMember(t.app, c.operator, c.y, { contactPhone: '13800002222' });
    const ids = async (tokens: typeof c.operator) => {
      const page = await ok(t.app, tokens, chainOps.enterprisePage, { pageSize: 100 });
      return new Set(page.list.map((r: { industrialChainId: number }) => r.industrialChainId));
    };
    expect(await ids(c.bank2.tokens.head)).toEqual(new Set([c.y]));
    expect(await ids(c.gov2)).toEqual(new Set([c.y]));
    expect(await ids(c.gov)).toEqual(new Set([c.x]));
    expect(await ids(c.bank.tokens.head)).toEqual(new Set([c.x]));
    expect(await ids(c.bank.tokens.branchA)).toEqual(new Set([c.x, c.y]));

    for (const [who, id] of [
      [c.bank2.tokens.head, mx.id],
      [c.gov2, mx.id],
      [c.gov, my.id],
      [c.bank.tokens.head, my.id],
    ] as const) {
      const res = await op(t.app, who, chainOps.enterpriseDetail, { id });
      expect(res.statusCode).toBe(404);
      expect(res.json().errorCode).toBe('NOT_FOUND');
    }
    expect((await ok(t.app, c.operator, chainOps.enterpriseDetail, { id: mx.id })).contactPhone).toBe('13800001111');
    expect((await ok(t.app, c.govManager, chainOps.enterpriseDetail, { id: mx.id })).contactPhone).toBe('13800001111');
    expect((await ok(t.app, c.gov, chainOps.enterpriseDetail, { id: mx.id })).contactPhone).toBe('138****1111');
    expect((await ok(t.app, c.bank.tokens.head, chainOps.enterpriseDetail, { id: mx.id })).contactPhone).toBe(
      '138****1111',
    );
    // A person has no chain permission at all.
    expect((await op(t.app, null, chainOps.enterprisePage)).statusCode).toBe(401);
  });

  it('filters by chain, tier, tag, visited and keyword', async () => {
    const m = await addMember(t.app, c.operator, c.x, {
      tier: 'MIDSTREAM',
      tags: ['WHITELIST'],
      name: `筛选专用${tag}有限公司`,
    });
    const page = await ok(t.app, c.operator, chainOps.enterprisePage, {
      industrialChainId: c.x,
      tier: 'MIDSTREAM',
      tag: 'WHITELIST',
      visited: 'false',
      keyword: `筛选专用${tag}`,
    });
    expect(page.list.map((r: { id: number }) => r.id)).toEqual([m.id]);
    expect(
      (await ok(t.app, c.operator, chainOps.enterprisePage, { keyword: m.creditCode })).list.map(
        (r: { id: number }) => r.id,
      ),
    ).toEqual([m.id]);
    expect(
      (
        await ok(t.app, c.operator, chainOps.enterprisePage, {
          industrialChainId: c.x,
          visited: 'true',
          keyword: `筛选专用${tag}`,
        })
      ).total,
    ).toBe(0);
  });
});

describe('actions, claims and removal', () => {
  it('lists exactly the actions each caller is allowed', async () => {
    const m = await addMember(t.app, c.operator, c.x);
    const actions = async (who: typeof c.operator) =>
      (await ok(t.app, who, chainOps.enterpriseDetail, { id: m.id })).actions;
    expect(await actions(c.operator)).toEqual(['edit', 'remove']);
    expect(await actions(c.bank.tokens.head)).toEqual(['edit', 'claim', 'visit', 'loan']);
    expect(await actions(c.gov)).toEqual([]);
    // Every listed action is accepted, every other refused: checked on claim / release and remove below.
  });

  it('gives a member to one bank at a time, tells the others who and until when, ends on a visit', async () => {
    const m = await addMember(t.app, c.operator, c.y);
    const claimed = await ok(t.app, c.bank2.tokens.head, chainOps.enterpriseClaim, { id: m.id });
    expect(claimed.claimedByOrgId).toBe(c.bank2.ids.head);
    expect(claimed.actions).toContain('release');
    expect(claimed.actions).not.toContain('claim');
    const lapse = new Date(Date.parse(claimed.claimedUntil) + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(lapse).toBe(beijingDay(30));

    const other = await op(t.app, c.bank.tokens.branchA, chainOps.enterpriseClaim, { id: m.id });
    expect(other.statusCode).toBe(409);
    expect(other.json().errorCode).toBe('CHAIN_ENTERPRISE_CLAIMED');
    expect(other.json().errorMessage).toContain(`测试银行${tag}b`);
    expect(other.json().errorMessage).toContain(lapse);
    const seen = await ok(t.app, c.bank.tokens.branchA, chainOps.enterpriseDetail, { id: m.id });
    expect(seen.claimedByOrgName).toBe(`测试银行${tag}b`);
    expect(seen.actions).toEqual(['visit', 'loan']);
    expect((await op(t.app, c.bank.tokens.branchA, chainOps.enterpriseRelease, { id: m.id })).json().errorCode).toBe(
      'FORBIDDEN',
    );

    const mine = await ok(t.app, c.bank2.tokens.head, chainOps.enterprisePage, { claimedByMe: 'true', pageSize: 100 });
    expect(mine.list.map((r: { id: number }) => r.id)).toContain(m.id);

    // A claim does not forbid others to visit; the claiming bank's own visit ends it.
    await ok(t.app, c.bank.tokens.branchA, chainOps.visitSave, visitInput(m.id));
    expect((await ok(t.app, c.operator, chainOps.enterpriseDetail, { id: m.id })).claimedByOrgId).toBe(
      c.bank2.ids.head,
    );
    await ok(t.app, c.bank2.tokens.head, chainOps.visitSave, visitInput(m.id));
    expect((await ok(t.app, c.operator, chainOps.enterpriseDetail, { id: m.id })).claimedByOrgId).toBeNull();
  });

  it('lets one of two banks claiming at once win', async () => {
    const m = await addMember(t.app, c.operator, c.y);
    const answers = await Promise.all(
      [c.bank2.tokens.head, c.bank.tokens.branchA, c.bank2.tokens.branchA, c.bank.tokens.sub].map((who) =>
        op(t.app, who, chainOps.enterpriseClaim, { id: m.id }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    // The operator may end a claim a bank left behind.
    expect((await ok(t.app, c.operator, chainOps.enterpriseDetail, { id: m.id })).actions).toContain('release');
    expect((await ok(t.app, c.operator, chainOps.enterpriseRelease, { id: m.id })).claimedByOrgId).toBeNull();
  });

  it('releases a claim; a lapsed claim is no claim', async () => {
    const m = await addMember(t.app, c.operator, c.x);
    await ok(t.app, c.bank.tokens.head, chainOps.enterpriseClaim, { id: m.id });
    const released = await ok(t.app, c.bank.tokens.head, chainOps.enterpriseRelease, { id: m.id });
    expect(released.claimedByOrgId).toBeNull();
    expect((await op(t.app, c.bank.tokens.head, chainOps.enterpriseRelease, { id: m.id })).json().errorCode).toBe(
      'CONFLICT',
    );
    await sql(
      `UPDATE chain_enterprises SET claimed_by_org_id = $1, claimed_until = now() - interval '1 minute' WHERE id = $2`,
      [c.bank2.ids.head, m.id],
    );
    const lapsed = await ok(t.app, c.bank.tokens.branchA, chainOps.enterpriseClaim, { id: m.id });
    expect(lapsed.claimedByOrgId).toBe(c.bank.ids.branchA);
    // Government readers and the operator do not claim.
    expect((await op(t.app, c.gov, chainOps.enterpriseClaim, { id: m.id })).statusCode).toBe(403);
    expect((await op(t.app, c.operator, chainOps.enterpriseClaim, { id: m.id })).json().errorCode).toBe('FORBIDDEN');
  });

  it('removes a member without records (the operator), refuses one with a visit', async () => {
    const free = await addMember(t.app, c.operator, c.x);
    const used = await addMember(t.app, c.operator, c.x);
    await ok(t.app, c.bank.tokens.head, chainOps.visitSave, visitInput(used.id));
    expect((await ok(t.app, c.operator, chainOps.enterpriseDetail, { id: used.id })).actions).not.toContain('remove');
    const refused = await op(t.app, c.operator, chainOps.enterpriseRemove, { id: used.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('CHAIN_ENTERPRISE_IN_USE');
    expect((await op(t.app, c.bank.tokens.head, chainOps.enterpriseRemove, { id: free.id })).statusCode).toBe(403);
    const before = await chainRow(c.x);
    await ok(t.app, c.operator, chainOps.enterpriseRemove, { id: free.id });
    expect((await chainRow(c.x)).enterprises).toBe(before.enterprises - 1);
    expect((await op(t.app, c.operator, chainOps.enterpriseDetail, { id: free.id })).statusCode).toBe(404);
  });

  it('reads the registered name of a credit code', async () => {
    const [reg] = await sql('SELECT credit_code AS code, name FROM enterprise_registry LIMIT 1');
    if (reg)
      expect(await ok(t.app, c.bank.tokens.head, chainOps.enterpriseName, { creditCode: reg.code })).toMatchObject({
        name: reg.name,
      });
    expect(await ok(t.app, c.operator, chainOps.enterpriseName, { creditCode: '91999901MA0000000X' })).toMatchObject({
      name: null,
    });
    expect((await op(t.app, c.gov, chainOps.enterpriseName, { creditCode: 'X' })).statusCode).toBe(403);
  });
});

describe('an archived chain', () => {
  it('is read-only for everyone', async () => {
    const m = await addMember(t.app, c.operator, c.x);
    await sql(`UPDATE industrial_chains SET status = 'ARCHIVED' WHERE id = $1`, [c.x]);
    try {
      expect((await ok(t.app, c.bank.tokens.head, chainOps.enterpriseDetail, { id: m.id })).actions).toEqual([]);
      for (const [who, o, body] of [
        [c.operator, chainOps.enterpriseSave, memberInput(c.x)],
        [c.bank.tokens.head, chainOps.visitSave, visitInput(m.id)],
        [c.bank.tokens.head, chainOps.enterpriseClaim, { id: m.id }],
        [c.operator, chainOps.enterpriseRemove, { id: m.id }],
      ] as const) {
        const res = await op(t.app, who, o, body);
        expect(res.json().errorCode, o.path).toBe('CHAIN_ARCHIVED');
      }
    } finally {
      await sql(`UPDATE industrial_chains SET status = 'ACTIVE' WHERE id = $1`, [c.x]);
    }
  });
});
