import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';
import { runDemandSweep } from '../../src/modules/demands/demand-jobs.ts';
import { createDemandsService } from '../../src/modules/demands/demands.service.ts';
import { calendarFrom, clockOn, startClock } from '../../src/modules/demands/sla.ts';
import type { SettingsService } from '../../src/modules/system/settings.service.ts';
import { workingDeadline } from '../../src/modules/system/working-days.ts';
import {
  demandIn,
  demandInput,
  get,
  nextPhone,
  post,
  testApplicant,
  testBank,
  testGuarantee,
  type Cast,
} from './demands-helpers.ts';

let t: TestApp;
let cast: Cast;
const tag = `DT${Math.random().toString(36).slice(2, 7)}`;
const branchPhone = nextPhone();

/** Fixed SLA settings (other test files change the stored ones): 3 working days to accept, 15 to decide. */
const settings = {
  get: async () => ({ slaAcceptDays: 3, slaDecisionDays: 15 }),
  invalidate: () => {},
} as unknown as SettingsService;
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
/** The end of a Shanghai day, as deadlines are. */
const endOf = (day: string) => new Date(`${day}T23:59:59.999+08:00`).toISOString();
const at = (s: string) => new Date(`${s}+08:00`);

// The calendar of this file, in a year of its own: Mon 14 and Tue 15 March 2033 are a public holiday, Saturday
// 19 March a swapped working day.
const OWN_DAYS = [
  ['2033-03-14', 'HOLIDAY', '测试节'],
  ['2033-03-15', 'HOLIDAY', '测试节'],
  ['2033-03-19', 'WORKDAY', '测试节调休上班'],
];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  cast = {
    bank: await testBank(t.app, db, tag),
    guarantee: await testGuarantee(t.app, db, tag),
    applicant: await testApplicant(t.app, db, tag),
  };
  // The 城关 branch's staff get SMS warnings.
  await sql('UPDATE users SET phone = $1 WHERE org_id = $2', [branchPhone, cast.bank.ids.branchA]);
  for (const [day, kind, name] of OWN_DAYS)
    await sql(
      'INSERT INTO holidays (day, kind, name) VALUES ($1, $2, $3) ON CONFLICT (day) DO UPDATE SET kind = EXCLUDED.kind',
      [day, kind, name],
    );
});
afterAll(async () => {
  await sql('DELETE FROM holidays WHERE day = ANY($1::date[])', [OWN_DAYS.map((d) => d[0])]);
  await t.close();
});

describe('deadlines in working days of the operator’s calendar', () => {
  const accept = (s: string) => startClock(t.database.db, settings, 'accept', at(s));

  it('skip a weekend: posted on a Friday, due at the end of Wednesday, warned at the end of Tuesday', async () => {
    const c = await accept('2033-03-04T10:00:00');
    expect(c.dueAt.toISOString()).toBe(endOf('2033-03-09'));
    expect(c.warnAt.toISOString()).toBe(endOf('2033-03-08'));
  });

  it('skip a public holiday: posted on Friday 11th, Monday and Tuesday off, due on Friday 18th', async () => {
    const c = await accept('2033-03-11T16:30:00');
    expect(c.dueAt.toISOString()).toBe(endOf('2033-03-18'));
    expect(c.warnAt.toISOString()).toBe(endOf('2033-03-17'));
  });

  it('count a swapped working day: posted on Thursday 17th, Saturday 19th is worked, due on Monday 21st', async () => {
    const c = await accept('2033-03-17T09:00:00');
    expect(c.dueAt.toISOString()).toBe(endOf('2033-03-21'));
    expect(c.warnAt.toISOString()).toBe(endOf('2033-03-19'));
  });

  it('count the posting day not at all, even late at night (Shanghai time)', async () => {
    // 23:30 on Thursday 10th in Shanghai is still the 10th: Fri 11, (Mon, Tue off), Wed 16, Thu 17.
    const c = await accept('2033-03-10T23:30:00');
    expect(c.dueAt.toISOString()).toBe(endOf('2033-03-17'));
  });

  it('decide within 15 working days of acceptance', async () => {
    const c = await startClock(t.database.db, settings, 'decide', at('2033-03-04T10:00:00'));
    // 7 8 9 10 11 | (14 15 off) 16 17 18 19 (Saturday, worked) | 21 22 23 24 25 | 28: the 15th working day is Monday 28th.
    expect(c.dueAt.toISOString()).toBe(endOf('2033-03-28'));
  });

  it('a demand posted through the API carries the deadline of the current settings and calendar', async () => {
    const { id } = (await post(t.app, cast.applicant.tokens, '/finance/demand/create.json', demandInput())).json().data;
    const d = (await get(t.app, cast.applicant.tokens, `/finance/demand/detail.json?id=${id}`)).json().data;
    const [{ accept_days }] = await sql(
      "SELECT coalesce((SELECT (value #>> '{}')::int FROM app_config WHERE key = 'sla.acceptDays'), 3) AS accept_days",
    );
    const created = new Date(d.createdAt);
    const expected = workingDeadline(created, accept_days, await calendarFrom(t.database.db, created, accept_days));
    expect(d.acceptDeadline).toBe(expected.toISOString());
    expect(d.deadline).toBe(d.acceptDeadline);
    expect(clockOn(await calendarFrom(t.database.db, created, 3), created, 3).dueAt.getTime()).toBeGreaterThan(
      created.getTime(),
    );
  });
});

describe('the SLA sweep', () => {
  const history = async (id: number, action: string) =>
    sql('SELECT user_id, reason FROM demand_history WHERE demand_id = $1 AND action = $2', [id, action]);
  // The sweep on a demands service with the fixed settings (the server runs it on the composition root's).
  const sweep = (now = new Date()) =>
    runDemandSweep(t.database.db, createDemandsService(t.database.db, settings), { now });

  it('warns the bank one working day before the deadline, once', async () => {
    const id = await demandIn(t.database.db, cast, 'ORIENTATION', 'ACCEPTED');
    // Due in two hours: the warning moment has passed.
    await sql(
      "UPDATE demands SET due_at = now() + interval '2 hours', warn_at = now() - interval '1 hour', warned_at = NULL WHERE id = $1",
      [id],
    );
    const since = new Date(Date.now() - 1000);
    await sweep();
    await sweep();
    expect(await history(id, 'warn')).toHaveLength(1);
    const staff = (
      await sql("SELECT id FROM users WHERE org_id = $1 AND status = 'ACTIVE'", [cast.bank.ids.branchA])
    ).map((u) => u.id);
    expect(
      await sql('SELECT title FROM messages WHERE user_id = ANY($1) AND created_at >= $2 AND link LIKE $3', [
        staff,
        since,
        `%id=${id}`,
      ]),
    ).toEqual([{ title: '融资需求即将超过办结时限' }]);
    expect(
      await sql(
        "SELECT 1 FROM sms_outbox WHERE template_code = 'DEMAND_DEADLINE' AND created_at >= $1 AND phone = $2",
        [since, branchPhone],
      ),
    ).toHaveLength(1);
    expect((await sql('SELECT status FROM demands WHERE id = $1', [id]))[0].status).toBe('ACCEPTED');
  });

  it('expires a pending demand whose acceptance deadline passed, tells the applicant, and keeps it for the supervisor', async () => {
    const pub = await demandIn(t.database.db, cast, 'PUBLIC', 'PENDING', { overdue: true });
    const ori = await demandIn(t.database.db, cast, 'ORIENTATION', 'PENDING', { overdue: true });
    const fresh = await demandIn(t.database.db, cast, 'ORIENTATION', 'PENDING');
    const now = new Date();
    const r = await sweep(now);
    expect(r.skipped).toBe(false);
    const rows = await sql('SELECT id, status, due_at, pool_at FROM demands WHERE id = ANY($1) ORDER BY id', [
      [pub, ori, fresh],
    ]);
    expect(rows.map((x) => x.status)).toEqual(['EXPIRED', 'EXPIRED', 'PENDING']);
    expect(rows[0]).toMatchObject({ due_at: null, pool_at: null });
    // The expired orientation demand waits one working day for a reassignment before it goes to the pool.
    const poolAt = new Date(rows[1].pool_at);
    expect(poolAt.getTime()).toBe(workingDeadline(now, 1, await calendarFrom(t.database.db, now, 1)).getTime());
    expect(await history(ori, 'expire')).toEqual([{ user_id: null, reason: null }]);
    expect(
      await sql("SELECT 1 FROM messages WHERE user_id = $1 AND title = '融资需求受理超时' AND link LIKE $2", [
        cast.applicant.id,
        `%id=${ori}`,
      ]),
    ).toHaveLength(1);
    expect(
      await sql("SELECT 1 FROM audit_log WHERE action = 'demand.transition' AND target = $1 AND user_id IS NULL", [
        `demand:${ori}`,
      ]),
    ).toHaveLength(1);
  });

  it('returns an expired orientation demand nobody reassigned to the public pool, with a new acceptance deadline', async () => {
    const id = await demandIn(t.database.db, cast, 'ORIENTATION', 'EXPIRED');
    await sql("UPDATE demands SET pool_at = now() - interval '1 minute' WHERE id = $1", [id]);
    const now = new Date();
    await sweep(now);
    const [d] = await sql(
      'SELECT status, type, bank_org_id, target_org_id, due_at, pool_at FROM demands WHERE id = $1',
      [id],
    );
    expect(d).toMatchObject({
      status: 'PENDING',
      type: 'PUBLIC',
      bank_org_id: null,
      target_org_id: null,
      pool_at: null,
    });
    expect(new Date(d.due_at).getTime()).toBe(
      (await startClock(t.database.db, settings, 'accept', now)).dueAt.getTime(),
    );
    expect(await history(id, 'returnToPool')).toEqual([{ user_id: null, reason: '转入公开需求池' }]);
  });

  it('is safe when two runs start at once: each demand moves once, and each run is recorded', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await demandIn(t.database.db, cast, 'PUBLIC', 'PENDING', { overdue: true }));
    const before = (await sql("SELECT count(*)::int AS n FROM job_runs WHERE job = 'demand.sla'"))[0].n;
    const [a, b] = await Promise.all([sweep(), sweep()]);
    const expiredHere = (
      await sql("SELECT demand_id FROM demand_history WHERE action = 'expire' AND demand_id = ANY($1)", [ids])
    ).map((x) => x.demand_id);
    expect(expiredHere.sort()).toEqual([...ids].sort());
    expect(a.skipped && b.skipped).toBe(false);
    const after = (await sql("SELECT count(*)::int AS n FROM job_runs WHERE job = 'demand.sla'"))[0].n;
    expect(after - before).toBe([a, b].filter((r) => !r.skipped).length);
  });

  it('skips a run started too soon after the last one (several processes ticking every minute)', async () => {
    await sweep();
    const r = await runDemandSweep(t.database.db, createDemandsService(t.database.db, settings), {
      minIntervalMs: 60_000,
    });
    expect(r.skipped).toBe(true);
  });

  it('an accept racing the expiry: one of them wins, never both', async () => {
    for (let i = 0; i < 3; i++) {
      const id = await demandIn(t.database.db, cast, 'ORIENTATION', 'PENDING');
      // Due in a moment: the bank still may accept; the sweep runs with a clock just past the deadline (a few seconds
      // only: the sweep is global, and other files' demands must not expire under them).
      await sql("UPDATE demands SET due_at = now() + interval '2 seconds' WHERE id = $1", [id]);
      const [res] = await Promise.all([
        post(t.app, cast.bank.tokens.branchA, '/finance/demand/accept.json', { id }),
        sweep(new Date(Date.now() + 3_000)),
      ]);
      const [d] = await sql('SELECT status FROM demands WHERE id = $1', [id]);
      const moves = await sql(
        "SELECT action FROM demand_history WHERE demand_id = $1 AND action IN ('accept', 'expire')",
        [id],
      );
      expect(moves).toHaveLength(1);
      expect(d.status).toBe(res.statusCode === 200 ? 'ACCEPTED' : 'EXPIRED');
    }
  });
});
