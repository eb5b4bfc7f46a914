import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMAND_USER_ACTIONS,
  type DemandStatus,
  type DemandType,
  type DemandUserAction,
} from '@phjr/contract/demands/demand';
import { DEMO_ACCOUNTS } from '../../src/seed/demo-accounts.ts';
import { createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import {
  demandIn,
  get,
  guaranteeBody,
  post,
  STATES_OF,
  testApplicant,
  testBank,
  testDistrictSupervisor,
  testGuarantee,
  type Cast,
} from './demands-helpers.ts';

/**
 * Issue 12: the actions a list row (and the detail) offers are exactly what the server accepts. For every demand type ×
 * state (and overdue pending) and every viewer (the demo accounts and a cast of our own: the applicant, each unit of a
 * bank, a guarantee company, a district supervisor): every action the row lists succeeds when tried on a fresh demand
 * in that state, and every action it does not list is refused.
 */

let t: TestApp;
let cast: Cast;
const tag = `DA${Math.random().toString(36).slice(2, 7)}`;

interface ViewerCase {
  name: string;
  tokens: Tokens;
  lists: string[];
}
let viewers: ViewerCase[] = [];

const BANK_LISTS = ['/finance/demand/bank/page.json?scope=POOL', '/finance/demand/bank/page.json?scope=MINE'];
const LISTS_OF: Record<string, string[]> = {
  operator: [
    '/finance/demand/operate/page.json?view=public',
    '/finance/demand/operate/page.json?view=assigned',
    '/finance/demand/operate/page.json?view=guarantee',
  ],
  gov: ['/finance/demand/supervise/page.json'],
  jrj: ['/finance/demand/supervise/page.json'],
  rsj: ['/finance/demand/supervise/page.json'],
  bank: BANK_LISTS,
  guarantee: ['/finance/demand/guarantee/page.json'],
  person: ['/finance/demand/my/page.json'],
  enterprise: ['/finance/demand/my/page.json'],
};

const PATH: Record<DemandUserAction, string> = Object.fromEntries(
  DEMAND_USER_ACTIONS.map((a) => [a, `/finance/demand/${a}.json`]),
) as Record<DemandUserAction, string>;

/** A request body for each action that a server allowing the action takes. */
function bodyOf(action: DemandUserAction, id: number, viewer: string): object {
  const { ids } = cast.bank;
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  switch (action) {
    case 'grant':
      return { id, amount: 50, rate: 4.35, term: 12, grantedAt: today };
    case 'reject':
    case 'guaranteeReject':
      return { id, code: 'OTHER', reason: '测试拒绝原因' };
    case 'guarantee':
      return guaranteeBody(id, 40);
    case 'handToBank':
    case 'reassign':
      return { id, bankOrgId: ids.branchA };
    case 'dispatch':
      // A unit below the viewer's, other than the one in charge (branchA for the demands of this test).
      return { id, orgId: viewer === 'bank-branchA' ? ids.sub : ids.branchB };
    case 'urge':
      return { id, message: '请尽快办理' };
    case 'withdraw':
      return { id, reason: '测试撤回原因' };
    default:
      return { id };
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  cast = {
    bank: await testBank(t.app, db, tag),
    guarantee: await testGuarantee(t.app, db, tag),
    applicant: await testApplicant(t.app, db, tag),
  };
  const district = await testDistrictSupervisor(t.app, db, tag, '999901');
  viewers = [
    ...(await Promise.all(
      DEMO_ACCOUNTS.map(async (a) => ({
        name: a.username,
        tokens: await signInAs(t.app, a.username),
        lists: LISTS_OF[a.username]!,
      })),
    )),
    { name: 'applicant', tokens: cast.applicant.tokens, lists: ['/finance/demand/my/page.json'] },
    ...(Object.keys(cast.bank.tokens) as (keyof typeof cast.bank.tokens)[]).map((k) => ({
      name: `bank-${k}`,
      tokens: cast.bank.tokens[k],
      lists: BANK_LISTS,
    })),
    { name: 'guarantee-own', tokens: cast.guarantee.tokens, lists: ['/finance/demand/guarantee/page.json'] },
    { name: 'district-supervisor', tokens: district.tokens, lists: ['/finance/demand/supervise/page.json'] },
  ];
});
afterAll(() => t.close());

const op = () => viewers.find((v) => v.name === 'operator')!.tokens;

/** The code of a demand (its list keyword), read by the operator. */
async function codeOf(id: number): Promise<string> {
  const res = await get(t.app, op(), `/finance/demand/detail.json?id=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.code as string;
}

/** The actions of the demand's row in every list of the viewer that shows it (null: no list shows it). */
async function rowActions(v: ViewerCase, id: number, code: string): Promise<string[] | null> {
  let found: string[] | null = null;
  for (const path of v.lists) {
    const res = await get(t.app, v.tokens, `${path}${path.includes('?') ? '&' : '?'}keyword=${code}`);
    expect(res.statusCode, `${v.name} ${path}: ${res.body}`).toBe(200);
    const row = (res.json().data.list as { id: number; actions: string[] }[]).find((r) => r.id === id);
    if (!row) continue;
    // One viewer, one demand: the same actions whichever list shows it.
    if (found) expect(row.actions, `${v.name} ${path}`).toEqual(found);
    found = row.actions;
  }
  return found;
}

type Combo = { type: DemandType; status: DemandStatus; overdue: boolean };
const COMBOS: Combo[] = (Object.keys(STATES_OF) as DemandType[]).flatMap((type) => [
  ...STATES_OF[type].map((status) => ({ type, status, overdue: false })),
  { type, status: 'PENDING' as DemandStatus, overdue: true },
]);

describe('demand actions listed = actions accepted', () => {
  it('for every type × state × viewer', { timeout: 600_000 }, async () => {
    const db = t.database.db;
    let pairs = 0;
    let listedTried = 0;
    let refusedTried = 0;
    for (const c of COMBOS) {
      const label = `${c.type} ${c.status}${c.overdue ? ' overdue' : ''}`;
      const id = await demandIn(db, cast, c.type, c.status, { overdue: c.overdue });
      const code = await codeOf(id);
      for (const v of viewers) {
        const listed = await rowActions(v, id, code);
        const detail = await get(t.app, v.tokens, `/finance/demand/detail.json?id=${id}`);
        if (listed === null) {
          // A viewer no list shows the demand to cannot open it either, nor act on it.
          expect(detail.statusCode, `${v.name} ${label}: detail of an unlisted demand`).not.toBe(200);
        } else {
          expect(detail.statusCode, `${v.name} ${label}`).toBe(200);
          expect(detail.json().data.actions, `${v.name} ${label}: detail = row`).toEqual(listed);
          pairs++;
        }
        const offered = listed ?? [];
        for (const a of DEMAND_USER_ACTIONS) {
          if (offered.includes(a)) continue;
          const res = await post(t.app, v.tokens, PATH[a], bodyOf(a, id, v.name));
          expect(res.json().success, `${v.name} ${label}: ${a} is not listed, yet accepted: ${res.body}`).toBe(false);
          refusedTried++;
        }
        for (const a of offered as DemandUserAction[]) {
          // A fresh demand per try, so one success does not change what the next try finds.
          const fresh = await demandIn(db, cast, c.type, c.status, { overdue: c.overdue });
          const res = await post(t.app, v.tokens, PATH[a], bodyOf(a, fresh, v.name));
          expect(res.statusCode, `${v.name} ${label}: ${a} is listed, yet refused: ${res.body}`).toBe(200);
          listedTried++;
        }
      }
      // The refusals changed nothing.
      expect((await get(t.app, op(), `/finance/demand/detail.json?id=${id}`)).json().data.status).toBe(c.status);
    }
    console.info(
      `demand actions: ${COMBOS.length} states × ${viewers.length} viewers; ${pairs} visible pairs; ${listedTried} listed actions tried (all accepted), ${refusedTried} unlisted tried (all refused)`,
    );
    expect(pairs).toBeGreaterThan(COMBOS.length * 3);
    expect(listedTried).toBeGreaterThan(COMBOS.length);
    expect(refusedTried).toBeGreaterThan(COMBOS.length);
  });

  it('no urge on a public-pool demand: nobody handles it, so the server neither lists nor takes it (issue 12)', async () => {
    const id = await demandIn(t.database.db, cast, 'PUBLIC', 'PENDING');
    const code = await codeOf(id);
    for (const name of ['gov', 'operator', 'district-supervisor']) {
      const v = viewers.find((x) => x.name === name)!;
      expect(await rowActions(v, id, code), name).not.toContain('urge');
      expect((await post(t.app, v.tokens, PATH.urge, bodyOf('urge', id, name))).json().errorCode, name).toBe(
        'DEMAND_BAD_STATE',
      );
    }
    // Once a bank takes it, it is urgeable, and listed so.
    const taken = await demandIn(t.database.db, cast, 'PUBLIC', 'ACCEPTED');
    expect(
      await rowActions(
        viewers.find((x) => x.name === 'gov')!,
        taken,
        await codeOf(taken),
      ),
    ).toContain('urge');
  });
});
