import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, signInAs } from '../helpers.ts';
import { get } from './credit-helpers.ts';

/** The demo data of credit (apps/server/src/seed/demo-credit.ts): every credit screen shows something real. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('credit demo data', () => {
  it('the demo enterprise has consents in every state, one from a demand, and 10+ queries by several institutions with a refusal', async () => {
    const ent = await signInAs(t.app, 'enterprise');
    const consents = (await get(t.app, ent, '/finance/credit/mine/consents.json?pageSize=50')).json().data.list as {
      state: string;
      source: string;
      actions: string[];
    }[];
    expect(new Set(consents.map((c) => c.state))).toEqual(new Set(['LIVE', 'EXPIRED', 'REVOKED']));
    expect(consents.some((c) => c.source === 'DEMAND')).toBe(true);
    expect(consents.filter((c) => c.state === 'LIVE').every((c) => c.actions.includes('revoke'))).toBe(true);
    const log = (await get(t.app, ent, '/finance/credit/mine/queries.json?pageSize=50')).json().data;
    expect(log.total).toBeGreaterThanOrEqual(10);
    const rows = log.list as { outcome: string; orgId: number }[];
    expect(rows.some((r) => r.outcome === 'REFUSED')).toBe(true);
    expect(new Set(rows.map((r) => r.orgId)).size).toBeGreaterThanOrEqual(3);
  });

  it('the demo bank holds consents, some expiring within 30 days, and sees its queries', async () => {
    const bank = await signInAs(t.app, 'bank');
    const held = (await get(t.app, bank, '/finance/credit/institution/consents.json?pageSize=50')).json().data;
    expect(held.total).toBeGreaterThanOrEqual(5);
    const soon = (await get(t.app, bank, '/finance/credit/institution/consents.json?expiringSoon=true')).json().data
      .list as { expiringSoon: boolean }[];
    expect(soon.length).toBeGreaterThanOrEqual(2);
    expect(soon.every((c) => c.expiringSoon)).toBe(true);
    expect((await get(t.app, bank, '/finance/credit/institution/queries.json')).json().data.total).toBeGreaterThan(5);
  });

  it('the public record shows a shelter case only when it ended recovered and the enterprise made it public', async () => {
    const search = async (keyword: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/finance/credit/portal/search.json?keyword=${encodeURIComponent(keyword)}`,
        })
      ).json().data.list as { name: string; shelter: { status: string; exitedOn: string | null } | null }[];
    const [shown] = await search('丰禾农业发展');
    expect(shown.shelter).toMatchObject({
      status: 'RECOVERED',
      exitedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    // Recovered too, but without publicOnRecovery; and one that exited otherwise (transferred).
    expect((await search('春雨农机'))[0].shelter).toBeNull();
    expect((await search('宏达生猪'))[0].shelter).toBeNull();
  });

  it('the full record of the demo enterprise lists its shelter cases', async () => {
    const ent = await signInAs(t.app, 'enterprise');
    const report = (await get(t.app, ent, '/finance/credit/mine/report.json')).json().data as {
      shelter: { status: string; appliedOn: string | null }[];
    };
    expect(report.shelter.length).toBeGreaterThan(0);
    expect(report.shelter.every((c) => /^\d{4}-\d{2}-\d{2}$/.test(c.appliedOn ?? ''))).toBe(true);
  });

  it('the figures equal the log (kept by the writes)', async () => {
    const db = t.database.db;
    const [log] = (
      await db.execute<{ n: number; refused: number }>(
        sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE outcome = 'REFUSED')::int AS refused FROM credit_queries`,
      )
    ).rows;
    const f = (await get(t.app, await signInAs(t.app, 'operator'), '/finance/credit/log/figures.json')).json().data;
    expect(f.total).toBe(log!.n);
    expect(f.refused).toBe(log!.refused);
    const byOrg = (
      await db.execute<{ orgId: number; n: number }>(
        sql`SELECT org_id::int AS "orgId", count(*)::int AS n FROM credit_queries GROUP BY org_id`,
      )
    ).rows;
    for (const o of byOrg) expect(f.byOrg.find((x: { orgId: number }) => x.orgId === o.orgId)?.total).toBe(o.n);
  });
});
