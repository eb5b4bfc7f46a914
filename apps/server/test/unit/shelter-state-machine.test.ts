import { describe, expect, it } from 'vitest';
import {
  SHELTER_OPEN_STATES,
  SHELTER_STATES,
  SHELTER_TRANSITIONS,
  ZShelterMeasureRequest,
  type ShelterState,
} from '@phjr/contract/shelter/shelter';
import { actionsFor, refusalOf, viewerFrom, type CaseFacts } from '../../src/modules/shelter/shelter-access.ts';
import { session } from './session-fixture.ts';
import { daysBetween } from '../../src/modules/shelter/shelter.service.ts';

/** The shelter's state machine (contract SHELTER_TRANSITIONS) and who may move a case, as the server decides it. */
const enterprise = viewerFrom(session({ userId: 10, perms: ['shelter:apply', 'demand:view'] }), {
  bankLine: null,
  cityLevel: false,
});
const viewerOnly = viewerFrom(session({ userId: 11, parentUserId: 10, perms: ['demand:view'] }), {
  bankLine: null,
  cityLevel: false,
});
const district = viewerFrom(
  session({
    userId: 20,
    accountType: 'GOVERNMENT',
    classifiedType: 'GOVERNMENT',
    regionCode: '999901',
    perms: ['shelter:supervise', 'supervise:read'],
  }),
  {
    bankLine: null,
    cityLevel: false,
  },
);
const otherDistrict = viewerFrom(
  session({
    userId: 21,
    accountType: 'GOVERNMENT',
    classifiedType: 'GOVERNMENT',
    regionCode: '999903',
    perms: ['shelter:supervise'],
  }),
  {
    bankLine: null,
    cityLevel: false,
  },
);
const city = viewerFrom(
  session({
    userId: 22,
    accountType: 'GOVERNMENT',
    classifiedType: 'JINRONGJU',
    regionCode: '999900',
    perms: ['shelter:supervise'],
  }),
  { bankLine: null, cityLevel: true },
);
const readOnly = viewerFrom(
  session({
    userId: 23,
    accountType: 'GOVERNMENT',
    classifiedType: 'RENSHEJUE',
    regionCode: '999900',
    perms: ['supervise:read'],
  }),
  { bankLine: null, cityLevel: true },
);
const subBranch = viewerFrom(
  session({ userId: 30, accountType: 'BANK', classifiedType: 'BANK', orgId: 7, perms: ['shelter:help'] }),
  { bankLine: [7, 5, 1], cityLevel: false },
);
const otherBank = viewerFrom(
  session({ userId: 31, accountType: 'BANK', classifiedType: 'BANK', orgId: 9, perms: ['shelter:help'] }),
  { bankLine: [9], cityLevel: false },
);

const facts = (state: ShelterState): CaseFacts => ({
  state,
  regionCode: '999901',
  enterpriseUserId: 10,
  bankOrgIds: state === 'IN_SHELTER' || state === 'EXITED' ? [5] : [],
});

describe('the shelter state machine', () => {
  it('every transition leaves from states before its target and never from a final state', () => {
    for (const [verb, rule] of Object.entries(SHELTER_TRANSITIONS)) {
      expect(rule.from.length, verb).toBeGreaterThan(0);
      for (const f of rule.from) expect(['NOT_ADMITTED', 'WITHDRAWN', 'EXITED']).not.toContain(f);
    }
    expect(SHELTER_OPEN_STATES).toEqual(['APPLIED', 'UNDER_REVIEW', 'IN_SHELTER']);
  });

  it.each([
    ['APPLIED', ['withdraw'], ['startReview', 'admit', 'refuse'], []],
    ['UNDER_REVIEW', ['withdraw'], ['admit', 'refuse'], []],
    ['IN_SHELTER', [], ['urge', 'exit'], ['recordHelp']],
    ['NOT_ADMITTED', [], [], []],
    ['WITHDRAWN', [], [], []],
    ['EXITED', [], [], []],
  ] as const)(
    '%s: the enterprise may %j, its district supervisor %j, a bank on the case %j',
    (state, ent, sup, bank) => {
      const c = facts(state);
      expect(actionsFor(enterprise, c)).toEqual(ent);
      expect(actionsFor(district, c)).toEqual(sup);
      expect(actionsFor(city, c)).toEqual(sup);
      expect(actionsFor(subBranch, c)).toEqual(bank);
    },
  );

  it('the read-only, the view-only sub-account, another district and another bank may do nothing', () => {
    for (const state of SHELTER_STATES) {
      expect(actionsFor(readOnly, facts(state))).toEqual([]);
      expect(actionsFor(viewerOnly, facts(state))).toEqual([]);
      expect(actionsFor(otherDistrict, facts(state))).toEqual([]);
      expect(actionsFor(otherBank, facts(state))).toEqual([]);
    }
  });

  it('equal facts share one frozen list of actions, whoever asks; the state, the roles and the permissions each count', () => {
    const a = actionsFor(district, facts('APPLIED'));
    expect(actionsFor(district, { ...facts('APPLIED'), enterpriseUserId: 99 })).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(() => (a as string[]).push('exit')).toThrow();
    expect(actionsFor(district, facts('UNDER_REVIEW'))).not.toEqual(a);
    // The district and the city supervise this case alike.
    expect(actionsFor(city, facts('APPLIED'))).toBe(a);
    // A supervisor of the case who may only read: the same role, another permission.
    expect(actionsFor(readOnly, facts('APPLIED'))).toEqual([]);
    // The roles count: the enterprise's own case and another's.
    expect(actionsFor(enterprise, facts('APPLIED'))).toEqual(['withdraw']);
    expect(actionsFor(enterprise, { ...facts('APPLIED'), enterpriseUserId: 99 })).toEqual([]);
  });

  it('refuses with the code the API answers', () => {
    expect(refusalOf(enterprise, facts('IN_SHELTER'), 'withdraw')?.().code).toBe('SHELTER_BAD_STATE');
    expect(refusalOf(otherBank, facts('IN_SHELTER'), 'recordHelp')?.().code).toBe('SHELTER_NOT_ASSIGNED');
    expect(refusalOf(subBranch, facts('EXITED'), 'recordHelp')?.().code).toBe('SHELTER_BAD_STATE');
    expect(refusalOf(readOnly, facts('APPLIED'), 'admit')?.().code).toBe('SHELTER_ACTION_FORBIDDEN');
    expect(refusalOf(district, facts('EXITED'), 'exit')?.().code).toBe('SHELTER_BAD_STATE');
  });

  it('a measure asks for the fields of its type', () => {
    const base = { caseId: 1, givenOn: '2026-01-05' };
    const fields = (m: object) =>
      (ZShelterMeasureRequest.safeParse({ ...base, ...m }).error?.issues ?? []).map((i) => i.path.join('.'));
    expect(fields({ type: 'NEW_CREDIT' })).toEqual(['amount']);
    expect(fields({ type: 'EXTENSION' })).toEqual(['amount', 'newDueDate']);
    expect(fields({ type: 'RENEWAL_NO_PRINCIPAL', amount: 10 })).toEqual([]);
    expect(fields({ type: 'RATE_RELIEF', rateChangeBp: 0 })).toEqual(['rateChangeBp']);
    expect(fields({ type: 'RATE_RELIEF', rateChangeBp: -30 })).toEqual([]);
    expect(fields({ type: 'REPAYMENT_PLAN' })).toEqual(['newDueDate']);
    expect(fields({ type: 'PENALTY_WAIVER', penaltyWaived: 0.5 })).toEqual([]);
  });

  it('counts days between Beijing days', () => {
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
    expect(daysBetween('2026-03-01', '2026-03-01')).toBe(0);
  });
});
