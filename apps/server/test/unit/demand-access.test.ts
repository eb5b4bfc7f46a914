import { describe, expect, it } from 'vitest';
import { DEMAND_USER_ACTIONS } from '@phjr/contract/demands/demand';
import {
  actionsFor,
  deadlineRefusal,
  refusalOf,
  viewerFrom,
  type DemandFacts,
} from '../../src/modules/demands/demand-access.ts';
import { session as baseSession } from './session-fixture.ts';
import { AppError } from '../../src/lib/errors.ts';

/**
 * Issue 17: who may do what to a demand, decided from the session alone (its orgTree and regionIsCity), and refusals
 * that are made into errors only when thrown (a list row asks about every verb: an Error each was a quarter of the CPU).
 */
/** Sessions of bank staff unless told otherwise. */
const session = (over: Parameters<typeof baseSession>[0]) => baseSession({ accountType: 'BANK', ...over });

const bankSession = (orgId: number, units: number[], headId: number, regionCode: string, cityWide: boolean) =>
  session({
    orgId,
    classifiedType: 'BANK',
    regionCode,
    regionIsCity: cityWide,
    orgTree: { headId, line: [orgId], units, regionCode, cityWide },
    perms: ['demand:handle'],
  });

const now = new Date('2026-06-01T00:00:00Z');
const facts = (over: Partial<DemandFacts>): DemandFacts => ({
  type: 'ORIENTATION',
  status: 'PENDING',
  regionCode: '999901',
  applicantUserId: 1,
  bankOrgId: 5,
  ownerOrgId: null,
  guaranteeOrgId: null,
  dueAt: new Date(now.getTime() + 86_400_000),
  ...over,
});

/** A demand as a list row carries it (its deadline in epoch ms). */
const row = (d: DemandFacts) => ({ ...d, dueAtMs: d.dueAt === null ? null : d.dueAt.getTime() });

describe('the viewer of a session', () => {
  it("a bank unit's scope is the session's org tree; a head office is its tree's head", () => {
    const head = viewerFrom(bankSession(1, [1, 5, 6], 1, '999900', true));
    expect(head.bank).toEqual({
      orgId: 1,
      units: [1, 5, 6],
      headId: 1,
      isHead: true,
      regionCode: '999900',
      cityWide: true,
    });
    const branch = viewerFrom(bankSession(5, [5, 6], 1, '999901', false));
    expect(branch.bank).toMatchObject({ isHead: false, headId: 1, cityWide: false });
    // Without demand:handle, or without an organisation, there is no bank side.
    expect(viewerFrom({ ...bankSession(5, [5], 1, '999901', false), permissions: new Set() }).bank).toBeNull();
  });

  it("a supervisor's districts come from the session's regionIsCity", () => {
    const city = viewerFrom(session({ regionCode: '999900', regionIsCity: true, perms: ['demand:supervise'] }));
    expect(city.supervised).toBeNull();
    const district = viewerFrom(session({ regionCode: '999901', regionIsCity: false, perms: ['demand:supervise'] }));
    expect(district.supervised).toEqual(['999901']);
    expect(viewerFrom(session({ perms: [] })).supervised).toBeUndefined();
  });
});

describe('refusals', () => {
  it('are made into errors when thrown, with the codes and messages the actions answer', () => {
    const lone = viewerFrom(bankSession(5, [5], 1, '999901', false));
    const refused = refusalOf(lone, facts({}), 'dispatch', now);
    expect(refused).toBeTypeOf('function');
    const e = refused!();
    expect(e).toBeInstanceOf(AppError);
    expect(e).toMatchObject({ code: 'DEMAND_TARGET_INVALID', message: '只能分派给本机构或下属机构', httpStatus: 400 });
    expect(refusalOf(lone, facts({ status: 'GRANTED' }), 'grant', now)!()).toMatchObject({
      code: 'DEMAND_BAD_STATE',
      httpStatus: 409,
    });
    expect(refusalOf(lone, facts({ bankOrgId: 9 }), 'accept', now)!()).toMatchObject({
      code: 'DEMAND_ACTION_FORBIDDEN',
      httpStatus: 403,
    });
    expect(refusalOf(lone, facts({ dueAt: new Date(now.getTime() - 1) }), 'accept', now)!()).toMatchObject({
      code: 'DEMAND_DEADLINE_PASSED',
    });
    expect(deadlineRefusal('reassign', { status: 'PENDING', dueAt: null }, now)!()).toMatchObject({
      code: 'DEMAND_NOT_OVERDUE',
    });
    expect(refusalOf(lone, facts({}), 'accept', now)).toBeNull();
  });

  it("a row's actions are the verbs refusalOf lets through", () => {
    const branch = viewerFrom(bankSession(5, [5, 6], 1, '999901', false));
    for (const d of [
      facts({}),
      facts({ status: 'ACCEPTED', ownerOrgId: 5 }),
      facts({ type: 'PUBLIC', bankOrgId: null }),
      facts({ dueAt: new Date(now.getTime() - 1) }),
    ]) {
      expect(actionsFor(branch, row(d), now)).toEqual(
        DEMAND_USER_ACTIONS.filter((a) => refusalOf(branch, d, a, now) === null),
      );
    }
    expect(actionsFor(branch, row(facts({})), now)).toEqual(['accept', 'dispatch']);
  });

  it('rows with the same facts share one frozen list of actions; rows that differ in any rule input do not', () => {
    const branch = viewerFrom(bankSession(5, [5, 6], 1, '999901', false));
    const a = actionsFor(branch, row(facts({ applicantUserId: 2, regionCode: '999902' })), now);
    expect(actionsFor(branch, row(facts({})), now)).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    // The deadline at the instant itself: no longer acceptable, not yet overdue (whole milliseconds, as a Date has it).
    expect(actionsFor(branch, row(facts({ dueAt: now })), now)).toEqual(['dispatch']);
    expect(actionsFor(branch, { ...row(facts({})), dueAtMs: now.getTime() + 0.5 }, now)).toEqual(['dispatch']);
    expect(actionsFor(branch, row(facts({ dueAt: null })), now)).toEqual(['accept', 'dispatch']);
    // The same demand for a unit without units below it, and for a supervisor once it is overdue.
    expect(actionsFor(viewerFrom(bankSession(5, [5], 1, '999901', false)), row(facts({})), now)).toEqual(['accept']);
    const district = viewerFrom(
      session({ accountType: 'GOVERNMENT', regionCode: '999901', regionIsCity: false, perms: ['demand:supervise'] }),
    );
    expect(actionsFor(district, row(facts({})), now)).toEqual(['urge']);
    expect(actionsFor(district, row(facts({ dueAt: new Date(now.getTime() - 1) })), now)).toEqual(['reassign', 'urge']);
  });
});
