import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMAND_ACTIONS,
  DEMAND_TRANSITIONS,
  DEMAND_TYPES,
  type DemandAction,
  type DemandStatus,
  type DemandType,
} from '@phjr/contract/demands/demand';
import { createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { insertProductRow } from '../../src/seed/factories.ts';
import {
  STATES_OF,
  demandIn,
  demandInput,
  get,
  guaranteeBody,
  post,
  testApplicant,
  testBank,
  testGuarantee,
  type Cast,
} from './demands-helpers.ts';

let t: TestApp;
let op: Tokens;
let gov: Tokens;
let cast: Cast;
const tag = `DL${Math.random().toString(36).slice(2, 7)}`;
const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** Who does each action in this file, and with what body. */
function caller(action: DemandAction): Tokens {
  if (action === 'withdraw') return cast.applicant.tokens;
  if (['accept', 'grant', 'reject'].includes(action)) return cast.bank.tokens.head;
  if (action.startsWith('guarantee') || action === 'handToBank') return cast.guarantee.tokens;
  return gov;
}
function bodyOf(action: DemandAction, id: number): Record<string, unknown> {
  switch (action) {
    case 'grant':
      return { id, amount: 50, rate: 4.35, term: 12, grantedAt: today() };
    case 'reject':
    case 'guaranteeReject':
      return { id, code: 'CREDIT_RECORD' };
    case 'withdraw':
      return { id, reason: '资金已另行解决' };
    case 'guarantee':
      return guaranteeBody(id, 40);
    case 'handToBank':
    case 'reassign':
      return { id, bankOrgId: cast.bank.ids.head };
    default:
      return { id };
  }
}

const sql = async (text: string, values: unknown[]) => (await t.database.pool.query(text, values)).rows;
const detailAsOperator = async (id: number) =>
  (await get(t.app, op, `/finance/demand/detail.json?id=${id}`)).json().data;
const stamp = async (id: number) => {
  const [row] = await sql('SELECT * FROM demands WHERE id = $1', [id]);
  const [{ n }] = await sql('SELECT count(*)::int AS n FROM demand_history WHERE demand_id = $1', [id]);
  return { row, n };
};

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
});
afterAll(() => t.close());

describe('the demand state machine (DEMAND_TRANSITIONS)', () => {
  // `expire` is the system's: demands-sla.test.ts drives it through the sweep.
  for (const action of DEMAND_ACTIONS.filter((a) => a !== 'expire')) {
    const rule = DEMAND_TRANSITIONS[action];
    for (const type of DEMAND_TYPES) {
      for (const from of STATES_OF[type]) {
        const allowed =
          (rule.from as readonly DemandStatus[]).includes(from) && (rule.types as readonly DemandType[]).includes(type);
        it(`${action} of a ${type} demand from ${from} is ${allowed ? 'allowed' : 'refused'}`, async () => {
          // A supervisor reassigns a pending demand only once it is overdue.
          const id = await demandIn(t.database.db, cast, type, from, { overdue: action === 'reassign' });
          const before = await stamp(id);
          const since = new Date();
          const res = await post(t.app, caller(action), `/finance/demand/${action}.json`, bodyOf(action, id));
          const after = await stamp(id);
          if (allowed) {
            expect(res.statusCode, res.body).toBe(200);
            expect(res.json().data).toEqual({ id, status: rule.to });
            expect(after.row.status).toBe(rule.to);
            // One history row, one audit row, and the applicant hears of it (in-site message and SMS).
            expect(after.n).toBe(before.n + 1);
            const [h] = await sql(
              'SELECT action, from_status, to_status FROM demand_history WHERE demand_id = $1 ORDER BY id DESC LIMIT 1',
              [id],
            );
            expect(h).toEqual({ action, from_status: from, to_status: rule.to });
            expect(
              await sql(
                `SELECT 1 FROM audit_log WHERE action = 'demand.transition' AND target = $1 AND detail->>'action' = $2`,
                [`demand:${id}`, action],
              ),
            ).toHaveLength(1);
            expect(
              await sql('SELECT 1 FROM messages WHERE user_id = $1 AND created_at >= $2 AND link LIKE $3', [
                cast.applicant.id,
                since,
                `%id=${id}`,
              ]),
            ).toHaveLength(1);
            expect(
              await sql('SELECT 1 FROM sms_outbox WHERE phone = $1 AND created_at >= $2', [
                cast.applicant.phone,
                since,
              ]),
            ).toHaveLength(1);
          } else {
            expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
            expect(res.statusCode).toBeLessThan(500);
            expect(['DEMAND_BAD_STATE', 'DEMAND_NOT_FOUND']).toContain(res.json().errorCode);
            // Nothing changed, nothing written.
            expect(after).toEqual(before);
            expect(
              await sql('SELECT 1 FROM messages WHERE user_id = $1 AND created_at >= $2', [cast.applicant.id, since]),
            ).toHaveLength(0);
          }
        });
      }
    }
  }

  it('tells a refused action apart: a state the table refuses is DEMAND_BAD_STATE (409)', async () => {
    const id = await demandIn(t.database.db, cast, 'ORIENTATION', 'GRANTED');
    const res = await post(t.app, cast.bank.tokens.head, '/finance/demand/accept.json', { id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'DEMAND_BAD_STATE' });
  });

  it('only the roles of the table move a demand: the applicant cannot grant, a bank cannot withdraw', async () => {
    const id = await demandIn(t.database.db, cast, 'ORIENTATION', 'ACCEPTED');
    expect(
      (await post(t.app, cast.applicant.tokens, '/finance/demand/grant.json', bodyOf('grant', id))).statusCode,
    ).toBe(403);
    expect(
      (await post(t.app, cast.bank.tokens.head, '/finance/demand/withdraw.json', bodyOf('withdraw', id))).statusCode,
    ).toBe(403);
    expect((await stamp(id)).row.status).toBe('ACCEPTED');
  });

  it('refuses to accept once the acceptance deadline has passed', async () => {
    const id = await demandIn(t.database.db, cast, 'ORIENTATION', 'PENDING', { overdue: true });
    const res = await post(t.app, cast.bank.tokens.head, '/finance/demand/accept.json', { id });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('DEMAND_DEADLINE_PASSED');
  });

  it('reassigns a pending demand only once it is overdue', async () => {
    const id = await demandIn(t.database.db, cast, 'PUBLIC', 'PENDING');
    const res = await post(t.app, gov, '/finance/demand/reassign.json', bodyOf('reassign', id));
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('DEMAND_NOT_OVERDUE');
  });

  it('a reassigned demand lands on the branch serving its district, with a new acceptance deadline', async () => {
    const id = await demandIn(t.database.db, cast, 'PUBLIC', 'EXPIRED');
    await post(t.app, gov, '/finance/demand/reassign.json', {
      id,
      bankOrgId: cast.bank.ids.head,
      reason: '请尽快联系申请人',
    });
    const d = await detailAsOperator(id);
    expect(d).toMatchObject({
      status: 'PENDING',
      targetOrgId: cast.bank.ids.branchA,
      ownerOrgId: null,
      overdue: false,
    });
    expect(new Date(d.deadline).getTime()).toBeGreaterThan(Date.now());
    expect(d.history.at(-1)).toMatchObject({
      action: 'reassign',
      reason: expect.stringContaining('请尽快联系申请人'),
      actorName: '陈监管',
    });
  });

  it('returns an expired orientation demand to the public pool as a public demand', async () => {
    const id = await demandIn(t.database.db, cast, 'ORIENTATION', 'EXPIRED');
    await post(t.app, gov, '/finance/demand/returnToPool.json', { id });
    const d = await detailAsOperator(id);
    expect(d).toMatchObject({ status: 'PENDING', type: 'PUBLIC', targetOrgId: null, ownerOrgId: null });
    // Any bank of the district may now take it.
    const pool = (
      await get(t.app, cast.bank.tokens.branchA, '/finance/demand/bank/page.json?scope=POOL&pageSize=100')
    ).json().data.list;
    expect(pool.map((x: { id: number }) => x.id)).toContain(id);
  });
});

describe('posting, withdrawing and granting through the API', () => {
  it('posts an orientation demand to a head office: it lands on the branch of the district, and the product counts it', async () => {
    const productId = await insertProductRow(t.database.db, { name: `测试产品${tag}`, orgId: cast.bank.ids.head });
    const res = await post(
      t.app,
      cast.applicant.tokens,
      '/finance/demand/create.json',
      demandInput({ type: 'ORIENTATION', productId }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { id, code } = res.json().data;
    expect(code).toMatch(/^XQ\d{14}$/);
    const d = (await get(t.app, cast.applicant.tokens, `/finance/demand/detail.json?id=${id}`)).json().data;
    expect(d).toMatchObject({
      status: 'PENDING',
      type: 'ORIENTATION',
      targetOrgId: cast.bank.ids.branchA,
      productId,
      contactPhone: '13911112222',
      actions: ['withdraw'],
    });
    expect(d.consent).toMatchObject({ agreed: true, institution: expect.stringContaining('城关支行') });
    expect(d.history).toEqual([expect.objectContaining({ action: 'create', fromStatus: null, toStatus: 'PENDING' })]);
    const [p] = await sql('SELECT applications, grants FROM products WHERE id = $1', [productId]);
    expect(p).toEqual({ applications: 1, grants: 0 });

    // One open demand per applicant per product (another demand: the same one again is answered with the first).
    const again = await post(
      t.app,
      cast.applicant.tokens,
      '/finance/demand/create.json',
      demandInput({ type: 'ORIENTATION', productId, amount: 61 }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('DEMAND_OPEN_EXISTS');

    // The branch accepts and grants: the product counts the loan.
    const branch = cast.bank.tokens.branchA;
    expect((await post(t.app, branch, '/finance/demand/accept.json', { id })).statusCode).toBe(200);
    expect(
      (
        await post(t.app, branch, '/finance/demand/grant.json', {
          id,
          amount: 60,
          rate: 4.1,
          term: 12,
          grantedAt: today(),
        })
      ).statusCode,
    ).toBe(200);
    const [p2] = await sql('SELECT applications, grants FROM products WHERE id = $1', [productId]);
    expect(p2).toEqual({ applications: 1, grants: 1 });
    const g = (await get(t.app, cast.applicant.tokens, `/finance/demand/detail.json?id=${id}`)).json().data;
    expect(g).toMatchObject({
      status: 'GRANTED',
      grantedAmount: 60,
      grantedRate: 4.1,
      grantedTerm: 12,
      grantedAt: today(),
      deadline: null,
      ownerOrgId: cast.bank.ids.branchA,
    });

    // Finished: the product may be applied for again.
    expect(
      (
        await post(
          t.app,
          cast.applicant.tokens,
          '/finance/demand/create.json',
          demandInput({ type: 'ORIENTATION', productId }),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('needs a reason to withdraw once accepted, none before', async () => {
    const pending = await demandIn(t.database.db, cast, 'PUBLIC', 'PENDING');
    expect(
      (await post(t.app, cast.applicant.tokens, '/finance/demand/withdraw.json', { id: pending })).statusCode,
    ).toBe(200);
    const accepted = await demandIn(t.database.db, cast, 'PUBLIC', 'ACCEPTED');
    const res = await post(t.app, cast.applicant.tokens, '/finance/demand/withdraw.json', { id: accepted });
    expect(res.statusCode).toBe(400);
    expect((await stamp(accepted)).row.status).toBe('ACCEPTED');
    expect(
      (
        await post(t.app, cast.applicant.tokens, '/finance/demand/withdraw.json', {
          id: accepted,
          reason: '已从其他渠道融资',
        })
      ).statusCode,
    ).toBe(200);
    const d = await detailAsOperator(accepted);
    expect(d).toMatchObject({ status: 'WITHDRAWN', withdrawReason: '已从其他渠道融资' });
  });

  it('lets an uncertified account post public demands but not orientation or guarantee demands', async () => {
    const u = await testApplicant(t.app, t.database.db, `${tag}u`, { certified: false });
    expect((await post(t.app, u.tokens, '/finance/demand/create.json', demandInput())).statusCode).toBe(200);
    for (const over of [
      { type: 'ORIENTATION' as const, targetOrgId: cast.bank.ids.head },
      { type: 'GUARANTEE' as const, targetOrgId: cast.guarantee.orgId },
    ]) {
      const res = await post(t.app, u.tokens, '/finance/demand/create.json', demandInput(over));
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('NOT_CERTIFIED');
    }
  });

  it('refuses a demand without consent, in the city instead of a district, or to a guarantee company as a bank', async () => {
    const a = cast.applicant.tokens;
    expect(
      (await post(t.app, a, '/finance/demand/create.json', { ...demandInput(), creditConsent: false })).statusCode,
    ).toBe(400);
    expect(
      (await post(t.app, a, '/finance/demand/create.json', demandInput({ regionCode: '999900' }))).statusCode,
    ).toBe(400);
    const wrong = await post(
      t.app,
      a,
      '/finance/demand/create.json',
      demandInput({ type: 'ORIENTATION', targetOrgId: cast.guarantee.orgId }),
    );
    expect(wrong.json().errorCode).toBe('DEMAND_TARGET_INVALID');
    expect(
      (
        await post(
          t.app,
          a,
          '/finance/demand/create.json',
          demandInput({ type: 'PUBLIC', targetOrgId: cast.bank.ids.head }),
        )
      ).statusCode,
    ).toBe(400);
  });

  it('a guarantee demand goes through the guarantee company to a bank, and each step is on the timeline', async () => {
    const a = cast.applicant.tokens;
    const { id } = (
      await post(
        t.app,
        a,
        '/finance/demand/create.json',
        demandInput({ type: 'GUARANTEE', targetOrgId: cast.guarantee.orgId }),
      )
    ).json().data;
    const g = cast.guarantee.tokens;
    expect((await get(t.app, g, `/finance/demand/detail.json?id=${id}`)).json().data.actions).toEqual([
      'guaranteeAccept',
      'guaranteeReject',
    ]);
    for (const [url, body] of [
      ['/finance/demand/guaranteeAccept.json', { id }],
      ['/finance/demand/guarantee.json', guaranteeBody(id, 70)],
      ['/finance/demand/handToBank.json', { id, bankOrgId: cast.bank.ids.head }],
    ] as const) {
      const res = await post(t.app, g, url, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    const d = (await get(t.app, cast.bank.tokens.branchA, `/finance/demand/detail.json?id=${id}`)).json().data;
    expect(d).toMatchObject({
      status: 'ACCEPTED',
      ownerOrgId: cast.bank.ids.branchA,
      guaranteedAmount: 70,
      actions: expect.arrayContaining(['grant', 'reject']),
    });
    expect(d.history.map((h: { action: string }) => h.action)).toEqual([
      'create',
      'guaranteeAccept',
      'guarantee',
      'handToBank',
    ]);
    // Handed over, the guarantee company still sees it but no longer acts on it.
    expect((await get(t.app, g, `/finance/demand/detail.json?id=${id}`)).json().data.actions).toEqual([]);
  });
});

describe("an event's message is data the reader's language words (issue 30, item 7)", () => {
  it('a refusal reaches the applicant as demand.rejected with its params, the Chinese text beside them', async () => {
    const id = await demandIn(t.database.db, cast, 'ORIENTATION', 'ACCEPTED');
    const res = await post(t.app, cast.bank.tokens.head, '/finance/demand/reject.json', {
      id,
      code: 'CREDIT_RECORD',
      reason: '近两年有逾期记录',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [{ name: unit }] = await sql('SELECT name FROM orgs WHERE id = $1', [cast.bank.ids.branchA]);
    const page = (await get(t.app, cast.applicant.tokens, '/finance/message/page.json?pageSize=50')).json().data;
    const mine = page.list.filter((m: { link: string | null }) => m.link?.endsWith(`id=${id}`));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'demand.rejected',
      params: {
        demandNo: expect.stringMatching(/^XQ\d{14,}$/),
        org: unit,
        rejectCode: 'CREDIT_RECORD',
        detail: '近两年有逾期记录',
      },
      title: '融资需求未获通过',
      content: expect.stringContaining('信用记录不良：近两年有逾期记录'),
    });
  });
});

describe('dispatch within a bank', () => {
  it('a head office dispatches to a unit of its tree; a branch cannot dispatch outside its own', async () => {
    const id = await demandIn(t.database.db, cast, 'ORIENTATION', 'ACCEPTED');
    const head = cast.bank.tokens.head;
    expect((await get(t.app, head, `/finance/demand/detail.json?id=${id}`)).json().data.actions).toContain('dispatch');
    expect(
      (await post(t.app, head, '/finance/demand/dispatch.json', { id, orgId: cast.bank.ids.sub })).statusCode,
    ).toBe(200);
    let d = await detailAsOperator(id);
    expect(d).toMatchObject({ status: 'ACCEPTED', ownerOrgId: cast.bank.ids.sub });
    expect(d.history.at(-1)).toMatchObject({
      action: 'dispatch',
      fromStatus: null,
      toStatus: null,
      reason: expect.stringContaining('分理处'),
    });
    // The 城关 branch is above the sub-branch: it re-dispatches within its subtree, not to its sibling.
    const branchA = cast.bank.tokens.branchA;
    expect(
      (await post(t.app, branchA, '/finance/demand/dispatch.json', { id, orgId: cast.bank.ids.branchB })).json()
        .errorCode,
    ).toBe('DEMAND_TARGET_INVALID');
    expect(
      (await post(t.app, branchA, '/finance/demand/dispatch.json', { id, orgId: cast.bank.ids.branchA })).statusCode,
    ).toBe(200);
    // The 东湖 branch does not even see it.
    expect(
      (
        await post(t.app, cast.bank.tokens.branchB, '/finance/demand/dispatch.json', {
          id,
          orgId: cast.bank.ids.branchB,
        })
      ).json().errorCode,
    ).toBe('DEMAND_NOT_FOUND');
    d = await detailAsOperator(id);
    expect(d.ownerOrgId).toBe(cast.bank.ids.branchA);
  });

  it('supervisors urge the institution handling a demand: counted, on the timeline, a message and an SMS', async () => {
    const id = await demandIn(t.database.db, cast, 'ORIENTATION', 'ACCEPTED');
    const since = new Date();
    const res = await post(t.app, gov, '/finance/demand/urge.json', { id, message: '请于本周内完成审批' });
    expect(res.statusCode).toBe(200);
    const d = await detailAsOperator(id);
    expect(d).toMatchObject({ status: 'ACCEPTED', urgeCount: 1 });
    expect(d.history.at(-1)).toMatchObject({ action: 'urge', reason: '请于本周内完成审批' });
    const staff = await sql("SELECT id FROM users WHERE org_id = $1 AND status = 'ACTIVE'", [cast.bank.ids.branchA]);
    expect(
      await sql('SELECT title FROM messages WHERE user_id = ANY($1) AND created_at >= $2', [
        staff.map((s) => s.id),
        since,
      ]),
    ).toEqual([{ title: '融资需求督办' }]);
    expect(
      await sql("SELECT 1 FROM audit_log WHERE action = 'demand.urge' AND target = $1", [`demand:${id}`]),
    ).toHaveLength(1);
    // A demand no institution handles cannot be urged.
    const withdrawn = await demandIn(t.database.db, cast, 'PUBLIC', 'WITHDRAWN');
    expect((await post(t.app, gov, '/finance/demand/urge.json', { id: withdrawn, message: '请办理' })).statusCode).toBe(
      409,
    );
  });
});
