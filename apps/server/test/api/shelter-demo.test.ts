import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHELTER_STATES } from '@phjr/contract/shelter/shelter';
import { shelterOps } from '@phjr/contract/shelter/shelter-ops';
import { createTestApp, type TestApp, signIn, signInAs } from '../helpers.ts';
import { must } from './shelter-helpers.ts';

/** The demo shelter data (seed/demo-shelter.ts) gives every screen of every role something real to show. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo shelter data', () => {
  it('20+ cases over every district in every state; the figures are non-zero', async () => {
    const gov = await signInAs(t.app, 'gov');
    const all = await must(t.app, gov, shelterOps.supervisePage, { view: 'ALL', pageSize: 100 });
    const demo = all.list.filter((c: { enterpriseName: string }) => !c.enterpriseName.startsWith('测试'));
    expect(demo.length).toBeGreaterThanOrEqual(20);
    expect(new Set(demo.map((c: { state: string }) => c.state))).toEqual(new Set(SHELTER_STATES));
    expect(new Set(demo.map((c: { regionCode: string }) => c.regionCode)).size).toBe(8);
    const f = await must(t.app, null, shelterOps.portalFigures);
    expect(f.total.applications).toBeGreaterThanOrEqual(20);
    expect(f.total.exitedRecovered).toBeGreaterThan(0);
    expect(f.total.rateCuts).toBeGreaterThan(0);
    expect(f.total.avgDaysToAdmission).not.toBeNull();
    expect(f.total.avgDaysToFirstHelp).not.toBeNull();
  });

  it('the demo bank leads several cases in the shelter and exited, and sees them on its workbench', async () => {
    const bank = await signInAs(t.app, 'bank');
    const page = await must(t.app, bank, shelterOps.bankPage, { pageSize: 100 });
    const lead = page.list.filter(
      (c: { leadBankName: string; state: string }) => c.leadBankName === '示范市农村商业银行股份有限公司',
    );
    expect(lead.filter((c: { state: string }) => c.state === 'IN_SHELTER').length).toBeGreaterThanOrEqual(2);
    expect(lead.filter((c: { state: string }) => c.state === 'EXITED').length).toBeGreaterThanOrEqual(2);
    const s = await must(t.app, bank, shelterOps.bankSummary);
    expect(s.inShelter).toBeGreaterThanOrEqual(2);
    expect(s.latest.length).toBe(5);
  });

  it('the demo enterprise follows a case in the shelter with help given; 云岭茶叶 has no open case and may apply', async () => {
    const ent = await signInAs(t.app, 'enterprise');
    const mine = await must(t.app, ent, shelterOps.myPage, {});
    const open = mine.list.find((c: { state: string }) => c.state === 'IN_SHELTER');
    const d = await must(t.app, ent, shelterOps.detail, { id: open.id });
    expect(d.measures.length).toBeGreaterThan(0);
    expect(d.plan.some((p: { givenCount: number }) => p.givenCount > 0)).toBe(true);
    expect(d.history[0].action).toBe('apply');
    const yunling = await signIn(t.app, '13920000205');
    const theirs = await must(t.app, yunling, shelterOps.myPage, {});
    expect(theirs.list.length).toBeGreaterThan(0);
    expect(theirs.list.every((c: { state: string }) => ['WITHDRAWN', 'EXITED', 'NOT_ADMITTED'].includes(c.state))).toBe(
      true,
    );
  });
});
