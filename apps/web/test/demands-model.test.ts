import { describe, expect, it } from 'vitest';
import { DEMAND_STATUSES, DEMAND_TYPES } from '@phjr/contract/demands/demand';
import { ZCreateDemandRequest } from '@phjr/contract/demands/calls';
import { daysLeft, newPostingKey, rowActions, shanghaiToday } from '../src/features/demands/components/demand-model.ts';
import { readFilters } from '../src/features/demands/components/use-demand-params.ts';
import dayjs from 'dayjs';

const row = (status: (typeof DEMAND_STATUSES)[number], type: (typeof DEMAND_TYPES)[number], overdue = false) => ({ status, type, overdue });

describe('demand row actions come from DEMAND_TRANSITIONS', () => {
  it('a bank accepts pending public and orientation demands, then grants or refuses what it owns', () => {
    expect(rowActions('bank', row('PENDING', 'PUBLIC'))).toEqual(['accept']);
    expect(rowActions('bank', row('PENDING', 'ORIENTATION'))).toEqual(['accept']);
    expect(rowActions('bank', row('PENDING', 'GUARANTEE'))).toEqual([]);
    expect(rowActions('bank', row('ACCEPTED', 'GUARANTEE'))).toEqual(['grant', 'reject']);
    expect(rowActions('bank', row('GRANTED', 'ORIENTATION'))).toEqual([]);
  });

  it("in a bank's public pool the only action is to take the demand", () => {
    expect(rowActions('bank', row('PENDING', 'PUBLIC'), { pool: true })).toEqual(['accept']);
  });

  it('a guarantee company accepts, guarantees, hands over, or refuses', () => {
    expect(rowActions('guarantee', row('PENDING', 'GUARANTEE'))).toEqual(['guaranteeAccept', 'guaranteeReject']);
    expect(rowActions('guarantee', row('GUARANTEE_ACCEPTED', 'GUARANTEE'))).toEqual(['guarantee', 'guaranteeReject']);
    expect(rowActions('guarantee', row('GUARANTEED', 'GUARANTEE'))).toEqual(['handToBank']);
    expect(rowActions('guarantee', row('ACCEPTED', 'GUARANTEE'))).toEqual([]);
  });

  it('the applicant withdraws until a decision; never a final demand', () => {
    for (const s of ['PENDING', 'ACCEPTED', 'GUARANTEE_ACCEPTED'] as const) expect(rowActions('applicant', row(s, 'GUARANTEE'))).toEqual(['withdraw']);
    for (const s of ['GRANTED', 'REJECTED', 'WITHDRAWN', 'EXPIRED'] as const) expect(rowActions('applicant', row(s, 'PUBLIC'))).toEqual([]);
  });

  it('a supervisor urges open demands, reassigns expired or overdue ones, returns an expired orientation demand to the pool', () => {
    expect(rowActions('supervisor', row('PENDING', 'ORIENTATION'))).toEqual(['urge']);
    expect(rowActions('supervisor', row('PENDING', 'ORIENTATION', true))).toEqual(['reassign', 'urge']);
    expect(rowActions('supervisor', row('EXPIRED', 'ORIENTATION', true))).toEqual(['reassign', 'returnToPool']);
    expect(rowActions('supervisor', row('EXPIRED', 'PUBLIC', true))).toEqual(['reassign']);
    expect(rowActions('supervisor', row('GRANTED', 'PUBLIC'))).toEqual([]);
  });

  it('the operator only reads in lists (the detail shows what the server allows)', () => {
    for (const s of DEMAND_STATUSES) for (const ty of DEMAND_TYPES) expect(rowActions('operator', row(s, ty))).toEqual([]);
  });
});

describe('demand list filters from the address', () => {
  it('keeps the known values and drops the rest', () => {
    const f = readFilters(new URLSearchParams('status=PENDING&type=GUARANTEE&overdue=true&regionCode=999906&bankId=12&from=2026-01-01&to=2026-02-01&keyword=%20XQ1%20'));
    expect(f).toEqual({ type: 'GUARANTEE', status: 'PENDING', overdue: 'true', regionCode: '999906', bankId: 12, from: '2026-01-01', to: '2026-02-01', keyword: 'XQ1' });
    const bad = readFilters(new URLSearchParams('status=DONE&type=X&overdue=1&regionCode=abc&bankId=-3&from=yesterday'));
    expect(bad).toEqual({ type: undefined, status: undefined, overdue: undefined, regionCode: undefined, bankId: undefined, from: undefined, to: undefined, keyword: undefined });
  });
});

describe('the default grant date', () => {
  it("is the Shanghai calendar day, whatever the browser's clock", () => {
    expect(shanghaiToday(Date.parse('2026-11-23T15:59:59Z')).format('YYYY-MM-DD')).toBe('2026-11-23');
    expect(shanghaiToday(Date.parse('2026-11-23T16:00:00Z')).format('YYYY-MM-DD')).toBe('2026-11-24');
  });
});

describe('deadlines', () => {
  it('counts whole calendar days, negative once passed', () => {
    const now = dayjs('2026-03-10T15:00:00');
    expect(daysLeft('2026-03-12T23:59:59', now)).toBe(2);
    expect(daysLeft('2026-03-10T23:59:59', now)).toBe(0);
    expect(daysLeft('2026-03-08T23:59:59', now)).toBe(-2);
  });
});

describe('the idempotency key of the demand form', () => {
  it('is new for each opening of the form and one the server takes', () => {
    const keys = new Set(Array.from({ length: 50 }, newPostingKey));
    expect(keys.size).toBe(50);
    for (const k of keys) expect(ZCreateDemandRequest.shape.idempotencyKey.safeParse(k).success, k).toBe(true);
  });

  it('does without crypto.randomUUID (plain http outside localhost)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const k = newPostingKey();
      expect(k).toMatch(/^[0-9a-f]{32}$/);
      expect(ZCreateDemandRequest.shape.idempotencyKey.safeParse(k).success).toBe(true);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
