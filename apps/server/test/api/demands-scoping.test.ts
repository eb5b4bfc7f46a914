import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type Tokens, signIn, signInAs } from '../helpers.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { insertDemandRow, insertUser } from '../../src/seed/factories.ts';
import {
  demandIn,
  demandInput,
  get,
  nextPhone,
  post,
  testApplicant,
  testBank,
  testDistrictSupervisor,
  testGuarantee,
  type Cast,
} from './demands-helpers.ts';

let t: TestApp;
let op: Tokens;
let gov: Tokens;
let cast: Cast;
let other: Cast;
const tag = `DS${Math.random().toString(36).slice(2, 7)}`;

const ids = (res: { json(): { data: { list: { id: number }[] } } }) => res.json().data.list.map((d) => d.id);
const list = async (tokens: Tokens, path: string) => {
  const res = await get(t.app, tokens, `${path}${path.includes('?') ? '&' : '?'}pageSize=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const sees = async (tokens: Tokens, id: number) =>
  (await get(t.app, tokens, `/finance/demand/detail.json?id=${id}`)).statusCode === 200;

beforeAll(async () => {
  t = await createTestApp();
  op = await signInAs(t.app, 'operator');
  gov = await signInAs(t.app, 'gov');
  const db = t.database.db;
  cast = {
    bank: await testBank(t.app, db, tag),
    guarantee: await testGuarantee(t.app, db, tag),
    applicant: await testApplicant(t.app, db, tag),
  };
  other = {
    bank: await testBank(t.app, db, `${tag}o`),
    guarantee: await testGuarantee(t.app, db, `${tag}o`),
    applicant: await testApplicant(t.app, db, `${tag}o`),
  };
});
afterAll(() => t.close());

describe('applicants', () => {
  it('see their own demands only; another’s answers like a missing one', async () => {
    const mine = await demandIn(t.database.db, cast, 'ORIENTATION', 'ACCEPTED');
    const theirs = await demandIn(t.database.db, other, 'ORIENTATION', 'ACCEPTED');
    const l = ids(await list(cast.applicant.tokens, '/finance/demand/my/page.json'));
    expect(l).toContain(mine);
    expect(l).not.toContain(theirs);
    const res = await get(t.app, cast.applicant.tokens, `/finance/demand/detail.json?id=${theirs}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('DEMAND_NOT_FOUND');
    expect(
      (await post(t.app, cast.applicant.tokens, '/finance/demand/withdraw.json', { id: theirs, reason: '不是我的' }))
        .statusCode,
    ).toBe(404);
  });

  it('an enterprise sub-account sees and posts its enterprise’s demands', async () => {
    const ent = await testApplicant(t.app, t.database.db, `${tag}e`, { enterprise: true });
    const username = `sub${tag}`.toLowerCase();
    await insertUser(t.database.db, {
      username,
      name: '子账号',
      password: DEMO_PASSWORD,
      accountType: 'ENTERPRISE',
      parentUserId: ent.id,
      certified: true,
      phone: nextPhone(),
      roleCodes: ['ENTERPRISE_SUB'],
    });
    const sub = await signIn(t.app, username);
    const { id } = (await post(t.app, sub, '/finance/demand/create.json', demandInput())).json().data;
    const [row] = (
      await t.database.pool.query(
        'SELECT applicant_user_id, applicant_name, applicant_type FROM demands WHERE id = $1',
        [id],
      )
    ).rows;
    expect(row).toMatchObject({ applicant_user_id: ent.id, applicant_type: 'ENTERPRISE' });
    expect(ids(await list(ent.tokens, '/finance/demand/my/page.json'))).toContain(id);
    expect(await sees(sub, id)).toBe(true);
    expect(await sees(cast.applicant.tokens, id)).toBe(false);
  });
});

describe('banks', () => {
  it('see the demands of their unit and the units below it, never another bank’s', async () => {
    const atBranch = await demandIn(t.database.db, cast, 'ORIENTATION', 'PENDING');
    const elsewhere = await demandIn(t.database.db, other, 'ORIENTATION', 'PENDING');
    const headList = ids(await list(cast.bank.tokens.head, '/finance/demand/bank/page.json?scope=MINE'));
    expect(headList).toContain(atBranch);
    expect(headList).not.toContain(elsewhere);
    expect(ids(await list(cast.bank.tokens.branchA, '/finance/demand/bank/page.json?scope=MINE'))).toContain(atBranch);
    // The sibling branch and the sub-branch below the addressed one do not see it.
    expect(ids(await list(cast.bank.tokens.branchB, '/finance/demand/bank/page.json?scope=MINE'))).not.toContain(
      atBranch,
    );
    expect(await sees(cast.bank.tokens.sub, atBranch)).toBe(false);
    expect(await sees(other.bank.tokens.head, atBranch)).toBe(false);
    expect(
      (await post(t.app, other.bank.tokens.head, '/finance/demand/accept.json', { id: atBranch })).json().errorCode,
    ).toBe('DEMAND_NOT_FOUND');
  });

  it('see the public pool of the districts they serve: a branch its own, a city-level head office every district', async () => {
    const db = t.database.db;
    const inA = await insertDemandRow(db, {
      applicantName: `池${tag}A`,
      regionCode: '999901',
      dueAt: new Date(Date.now() + 86_400_000),
    });
    const inB = await insertDemandRow(db, {
      applicantName: `池${tag}B`,
      regionCode: '999902',
      dueAt: new Date(Date.now() + 86_400_000),
    });
    const guaranteeOne = await insertDemandRow(db, {
      type: 'GUARANTEE',
      applicantName: `池${tag}G`,
      regionCode: '999901',
      guaranteeOrgId: cast.guarantee.orgId,
      targetOrgId: cast.guarantee.orgId,
    });
    const poolOf = async (tokens: Tokens) =>
      ids(await list(tokens, `/finance/demand/bank/page.json?scope=POOL&keyword=${encodeURIComponent(`池${tag}`)}`));
    expect((await poolOf(cast.bank.tokens.branchA)).sort()).toEqual([inA]);
    expect((await poolOf(cast.bank.tokens.branchB)).sort()).toEqual([inB]);
    expect((await poolOf(cast.bank.tokens.head)).sort()).toEqual([inA, inB].sort());
    expect((await poolOf(other.bank.tokens.head)).sort()).toEqual([inA, inB].sort());
    expect(await sees(cast.bank.tokens.branchA, inB)).toBe(false);
    expect(await sees(cast.bank.tokens.head, guaranteeOne)).toBe(false);
    // Once taken, it leaves the pool for every other bank.
    expect((await post(t.app, cast.bank.tokens.branchA, '/finance/demand/accept.json', { id: inA })).statusCode).toBe(
      200,
    );
    expect(await poolOf(other.bank.tokens.head)).toEqual([inB]);
    expect(await sees(other.bank.tokens.head, inA)).toBe(false);
    expect(ids(await list(cast.bank.tokens.head, '/finance/demand/bank/page.json?scope=MINE'))).toContain(inA);
  });
});

describe('guarantee companies', () => {
  it('see their own guarantee demands, also once handed to a bank, and no one else’s', async () => {
    const mine = await demandIn(t.database.db, cast, 'GUARANTEE', 'PENDING');
    const handed = await demandIn(t.database.db, cast, 'GUARANTEE', 'ACCEPTED');
    const theirs = await demandIn(t.database.db, other, 'GUARANTEE', 'PENDING');
    const l = ids(await list(cast.guarantee.tokens, '/finance/demand/guarantee/page.json'));
    expect(l).toEqual(expect.arrayContaining([mine, handed]));
    expect(l).not.toContain(theirs);
    expect(await sees(cast.guarantee.tokens, theirs)).toBe(false);
    // A bank sees a guarantee demand only once it is handed to it.
    expect(await sees(cast.bank.tokens.head, mine)).toBe(false);
    expect(await sees(cast.bank.tokens.head, handed)).toBe(true);
  });
});

describe('supervisors', () => {
  it('a district supervisor sees its district only; a city-level supervisor every district', async () => {
    const district = await testDistrictSupervisor(t.app, t.database.db, tag, '999903');
    const db = t.database.db;
    const here = await insertDemandRow(db, { applicantName: `监${tag}3`, regionCode: '999903', status: 'EXPIRED' });
    const there = await insertDemandRow(db, { applicantName: `监${tag}4`, regionCode: '999904', status: 'EXPIRED' });
    const q = `/finance/demand/supervise/page.json?keyword=${encodeURIComponent(`监${tag}`)}`;
    expect(ids(await list(district.tokens, q))).toEqual([here]);
    expect(ids(await list(gov, q)).sort()).toEqual([here, there].sort());
    expect(await sees(district.tokens, there)).toBe(false);
    expect(
      (
        await post(t.app, district.tokens, '/finance/demand/reassign.json', {
          id: there,
          bankOrgId: cast.bank.ids.head,
        })
      ).json().errorCode,
    ).toBe('DEMAND_NOT_FOUND');
    expect(
      (await post(t.app, district.tokens, '/finance/demand/reassign.json', { id: here, bankOrgId: cast.bank.ids.head }))
        .statusCode,
    ).toBe(200);
    // A supervisor sees phones masked.
    const d = (await get(t.app, district.tokens, `/finance/demand/detail.json?id=${here}`)).json().data;
    expect(d.contactPhone).toBe('139****0000');
  });
});

describe('the operator', () => {
  it('sees every demand, by view, and acts on none of the banks’ steps', async () => {
    const pub = await demandIn(t.database.db, cast, 'PUBLIC', 'PENDING');
    const ori = await demandIn(t.database.db, other, 'ORIENTATION', 'ACCEPTED');
    const gua = await demandIn(t.database.db, other, 'GUARANTEE', 'GUARANTEED');
    const view = async (v: string) =>
      ids(await list(op, `/finance/demand/operate/page.json?view=${v}&keyword=${encodeURIComponent('申请人')}`));
    expect(await view('public')).toContain(pub);
    expect(await view('public')).not.toContain(ori);
    expect(await view('assigned')).toContain(ori);
    expect(await view('guarantee')).toContain(gua);
    const d = (await get(t.app, op, `/finance/demand/detail.json?id=${ori}`)).json().data;
    expect(d.contactPhone).toMatch(/^1\d{10}$/);
    expect(d.actions).toEqual(['urge']);
    expect(
      (
        await post(t.app, op, '/finance/demand/grant.json', {
          id: ori,
          amount: 1,
          rate: 4,
          term: 12,
          grantedAt: '2026-01-05',
        })
      ).json().errorCode,
    ).toBe('DEMAND_ACTION_FORBIDDEN');
  });

  it('other lists are empty for the operator: it is no applicant, bank or guarantee company', async () => {
    for (const path of [
      '/finance/demand/my/page.json',
      '/finance/demand/bank/page.json',
      '/finance/demand/guarantee/page.json',
    ]) {
      expect((await list(op, path)).json().data).toMatchObject({ list: [], total: 0 });
    }
  });
});

describe('filters', () => {
  it('narrow every list by state, type, region, bank, dates and keyword, with a total that agrees', async () => {
    const db = t.database.db;
    const name = `筛${tag}`;
    const at = (day: string) => new Date(`${day}T10:00:00+08:00`);
    const rows = [
      { status: 'PENDING', type: 'PUBLIC', regionCode: '999905', createdAt: at('2026-03-02') },
      {
        status: 'GRANTED',
        type: 'ORIENTATION',
        regionCode: '999905',
        createdAt: at('2026-03-05'),
        bankOrgId: cast.bank.ids.branchA,
        bankId: cast.bank.ids.head,
        ownerOrgId: cast.bank.ids.branchA,
      },
      {
        status: 'GRANTED',
        type: 'ORIENTATION',
        regionCode: '999906',
        createdAt: at('2026-03-09'),
        bankOrgId: other.bank.ids.head,
        bankId: other.bank.ids.head,
        ownerOrgId: other.bank.ids.head,
      },
      {
        status: 'REJECTED',
        type: 'PUBLIC',
        regionCode: '999906',
        createdAt: at('2026-04-01'),
        bankOrgId: cast.bank.ids.head,
        bankId: cast.bank.ids.head,
        ownerOrgId: cast.bank.ids.head,
      },
    ];
    const made: number[] = [];
    for (const r of rows) made.push(await insertDemandRow(db, { applicantName: `${name}${made.length}`, ...r }));
    const q = async (filter: string) => {
      const res = await list(
        op,
        `/finance/demand/operate/page.json?view=${filter.includes('type=PUBLIC') ? 'public' : 'assigned'}&keyword=${encodeURIComponent(name)}&${filter}`,
      );
      return { ids: ids(res).sort(), total: res.json().data.total };
    };
    expect(await q('status=GRANTED')).toEqual({ ids: [made[1], made[2]].sort(), total: 2 });
    expect(await q('regionCode=999906')).toEqual({ ids: [made[2]], total: 1 });
    expect(await q(`bankId=${cast.bank.ids.head}`)).toEqual({ ids: [made[1]], total: 1 });
    expect(await q('from=2026-03-05&to=2026-03-09')).toEqual({ ids: [made[1], made[2]].sort(), total: 2 });
    expect(await q('type=PUBLIC&to=2026-03-31')).toEqual({ ids: [made[0]], total: 1 });
    // Newest first.
    expect(
      ids(await list(op, `/finance/demand/operate/page.json?view=assigned&keyword=${encodeURIComponent(name)}`)),
    ).toEqual([made[2], made[1]]);
    // A demand's display code finds it.
    const code = (await get(t.app, op, `/finance/demand/detail.json?id=${made[3]}`)).json().data.code;
    expect(ids(await list(op, `/finance/demand/operate/page.json?view=public&keyword=${code}`))).toEqual([made[3]]);
  });

  it('unfiltered totals come from the kept counts and match the rows', async () => {
    const res = await list(cast.bank.tokens.head, '/finance/demand/bank/page.json?scope=MINE');
    const [{ n }] = (
      await t.database.pool.query('SELECT count(*)::int AS n FROM demands WHERE bank_id = $1', [cast.bank.ids.head])
    ).rows;
    expect(res.json().data.total).toBe(n);
    const all = (await list(op, '/finance/demand/operate/page.json?view=assigned&status=GRANTED')).json().data.total;
    const [{ m }] = (
      await t.database.pool.query(
        "SELECT count(*)::int AS m FROM demands WHERE type = 'ORIENTATION' AND source = 'APPLICANT' AND status = 'GRANTED'",
      )
    ).rows;
    expect(all).toBe(m);
  });
});
