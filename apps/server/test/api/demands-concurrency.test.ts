import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';
import type { SessionContext } from '../../src/modules/auth/auth.service.ts';
import type { Viewer } from '../../src/modules/demands/demand-access.ts';
import { findDemand } from '../../src/modules/demands/demands.repo.ts';
import { createDemandsService } from '../../src/modules/demands/demands.service.ts';
import type { SettingsService } from '../../src/modules/system/settings.service.ts';
import { demandIn, demandInput, post, testApplicant, testBank, testGuarantee, type Cast } from './demands-helpers.ts';

let t: TestApp;
let cast: Cast;
let rival: Awaited<ReturnType<typeof testBank>>;
const tag = `DC${Math.random().toString(36).slice(2, 7)}`;

const sql = async (text: string, values: unknown[]) => (await t.database.pool.query(text, values)).rows;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  cast = {
    bank: await testBank(t.app, db, tag),
    guarantee: await testGuarantee(t.app, db, tag),
    applicant: await testApplicant(t.app, db, tag),
  };
  rival = await testBank(t.app, db, `${tag}r`);
});
afterAll(() => t.close());

describe('first accept wins (抢单)', () => {
  it('two banks accepting the same public demand at once end with exactly one owner; the other is told it was taken', async () => {
    for (let i = 0; i < 6; i++) {
      // A new amount each time: the same demand again would be answered with the first (issue 11).
      const { id } = (
        await post(t.app, cast.applicant.tokens, '/finance/demand/create.json', demandInput({ amount: 80 + i }))
      ).json().data;
      const [a, b] = await Promise.all([
        post(t.app, cast.bank.tokens.head, '/finance/demand/accept.json', { id }),
        post(t.app, rival.tokens.head, '/finance/demand/accept.json', { id }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const loser = a.statusCode === 200 ? b : a;
      expect(loser.json()).toMatchObject({
        success: false,
        errorCode: 'DEMAND_TAKEN',
        errorMessage: expect.stringContaining('已被其他机构受理'),
      });
      const winner = a.statusCode === 200 ? cast.bank.ids.head : rival.ids.head;
      const [d] = await sql('SELECT status, owner_org_id, bank_org_id FROM demands WHERE id = $1', [id]);
      expect(d).toEqual({ status: 'ACCEPTED', owner_org_id: winner, bank_org_id: winner });
      expect(await sql("SELECT org_id FROM demand_history WHERE demand_id = $1 AND action = 'accept'", [id])).toEqual([
        { org_id: winner },
      ]);
      expect(
        await sql("SELECT 1 FROM audit_log WHERE action = 'demand.transition' AND target = $1", [`demand:${id}`]),
      ).toHaveLength(1);
      // The applicant heard of one acceptance only.
      expect(
        await sql("SELECT 1 FROM messages WHERE user_id = $1 AND title = '融资需求已受理' AND link LIKE $2", [
          cast.applicant.id,
          `%id=${id}`,
        ]),
      ).toHaveLength(1);
    }
  });

  it('the UPDATE re-checks the state: two accepts decided on the same (stale) read, exactly one lands', async () => {
    const settings = {
      get: async () => ({ slaAcceptDays: 3, slaDecisionDays: 15 }),
      invalidate: () => {},
    } as unknown as SettingsService;
    const svc = createDemandsService(t.database.db, settings);
    const bankViewer = (b: typeof rival): Viewer => ({
      session: {} as SessionContext,
      applicantId: null,
      bank: {
        orgId: b.ids.head,
        units: Object.values(b.ids),
        headId: b.ids.head,
        isHead: true,
        regionCode: '999900',
        cityWide: true,
      },
      guaranteeOrgId: null,
      supervised: undefined,
      operator: false,
    });
    const id = await demandIn(t.database.db, cast, 'PUBLIC', 'PENDING');
    const stale = (await findDemand(t.database.db, id))!;
    const by = (b: typeof rival) => ({ userId: null, orgId: b.ids.head, ip: null });
    const results = await Promise.allSettled([
      svc.apply(stale, { action: 'accept' }, by(cast.bank), new Date(), bankViewer(cast.bank)),
      svc.apply(stale, { action: 'accept' }, by(rival), new Date(), bankViewer(rival)),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'DEMAND_TAKEN' });
    expect(await sql("SELECT 1 FROM demand_history WHERE demand_id = $1 AND action = 'accept'", [id])).toHaveLength(1);
  });

  it('an accept racing a withdrawal ends in one state with one history row after the creation', async () => {
    for (let i = 0; i < 4; i++) {
      const id = await demandIn(t.database.db, cast, 'PUBLIC', 'PENDING');
      const [acc, wd] = await Promise.all([
        post(t.app, rival.tokens.head, '/finance/demand/accept.json', { id }),
        post(t.app, cast.applicant.tokens, '/finance/demand/withdraw.json', { id }),
      ]);
      const [d] = await sql('SELECT status FROM demands WHERE id = $1', [id]);
      const moves = await sql("SELECT action FROM demand_history WHERE demand_id = $1 AND action <> 'create'", [id]);
      // Each re-checks the state it was decided on: a withdrawal without a reason never lands on an accepted demand.
      // (The loser is 409 if it raced, 400 if the withdrawal came after and lacked the reason an accepted one needs.)
      expect([acc.statusCode, wd.statusCode].filter((c) => c === 200)).toHaveLength(1);
      expect([acc.statusCode, wd.statusCode].every((c) => [200, 400, 409].includes(c))).toBe(true);
      expect(d.status).toBe(acc.statusCode === 200 ? 'ACCEPTED' : 'WITHDRAWN');
      expect(moves).toHaveLength(1);
    }
  });

  it('a grant and a reject of one demand at once: exactly one decision', async () => {
    for (let i = 0; i < 4; i++) {
      const id = await demandIn(t.database.db, cast, 'ORIENTATION', 'ACCEPTED');
      const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
      const [g, r] = await Promise.all([
        post(t.app, cast.bank.tokens.head, '/finance/demand/grant.json', {
          id,
          amount: 30,
          rate: 4,
          term: 12,
          grantedAt: today,
        }),
        post(t.app, cast.bank.tokens.branchA, '/finance/demand/reject.json', { id, code: 'OTHER', reason: '并发拒绝' }),
      ]);
      expect([g.statusCode, r.statusCode].sort()).toEqual([200, 409]);
      const [d] = await sql('SELECT status FROM demands WHERE id = $1', [id]);
      expect(d.status).toBe(g.statusCode === 200 ? 'GRANTED' : 'REJECTED');
      expect(
        await sql("SELECT 1 FROM demand_history WHERE demand_id = $1 AND action IN ('grant', 'reject')", [id]),
      ).toHaveLength(1);
    }
  });
});
