import { describe, expect, it } from 'vitest';
import {
  beijingToday,
  consentExpiringSoon,
  consentMaxExpiry,
  consentState,
  daysBetween,
} from '../src/credit/credit.ts';

/** The consent rules of docs/credit.md: at most one year by the Beijing calendar; state by the Beijing day. */
describe('consentMaxExpiry', () => {
  it('is the same calendar day a year later (365 days, 366 across a Feb 29)', () => {
    expect(consentMaxExpiry('2026-11-24')).toBe('2027-11-24');
    expect(daysBetween('2026-11-24', consentMaxExpiry('2026-11-24'))).toBe(365);
    expect(consentMaxExpiry('2027-03-01')).toBe('2028-03-01');
    expect(daysBetween('2027-03-01', '2028-03-01')).toBe(366);
  });
  it('gives Feb 28 for a consent given on Feb 29', () => {
    expect(consentMaxExpiry('2028-02-29')).toBe('2029-02-28');
  });
  it('crosses the year end', () => {
    expect(consentMaxExpiry('2026-12-31')).toBe('2027-12-31');
  });
});

describe('consentState', () => {
  const live = { revokedAt: null, expiresOn: '2026-12-01' };
  it('is LIVE through its expiry day, EXPIRED the day after', () => {
    expect(consentState(live, '2026-12-01')).toBe('LIVE');
    expect(consentState(live, '2026-12-02')).toBe('EXPIRED');
  });
  it('is REVOKED once revoked, whatever the day', () => {
    expect(consentState({ ...live, revokedAt: '2026-11-01T00:00:00Z' }, '2026-11-02')).toBe('REVOKED');
    expect(consentState({ ...live, revokedAt: '2026-11-01T00:00:00Z' }, '2027-01-01')).toBe('REVOKED');
  });
  it('flags a live consent expiring within 30 days, not an expired or revoked one', () => {
    expect(consentExpiringSoon(live, '2026-11-01')).toBe(true);
    expect(consentExpiringSoon(live, '2026-10-31')).toBe(false);
    expect(consentExpiringSoon(live, '2026-12-02')).toBe(false);
    expect(consentExpiringSoon({ ...live, revokedAt: new Date() }, '2026-11-30')).toBe(false);
  });
  it('counts the day in Beijing: 16:00 UTC is already the next day', () => {
    expect(beijingToday(new Date('2026-11-30T16:00:00Z'))).toBe('2026-12-01');
    expect(beijingToday(new Date('2026-11-30T15:59:59Z'))).toBe('2026-11-30');
  });
});
