import { describe, expect, it } from 'vitest';
import { addMonthsToDay, guaranteeEndDays, ZGuaranteeDemandRequest } from '../src/demands/guarantee-terms.ts';
import { outsideProductRanges, rangeIssueText, rangeRefusal } from '../src/demands/product-limits.ts';

/** Issue 13: a product's ranges (point 1) and the guarantee terms (point 10), judged once for the server and the forms. */

const P = { amountMin: 10, amountMax: 50, termMin: 3, termMax: 36, rateMin: 4, rateMax: 6 };

describe('outsideProductRanges', () => {
  it('includes the bounds and names each value outside', () => {
    expect(outsideProductRanges(P, { amount: 10, term: 3, rate: 4 })).toEqual([]);
    expect(outsideProductRanges(P, { amount: 50, term: 36, rate: 6 })).toEqual([]);
    expect(outsideProductRanges(P, { amount: 9.99, term: 37, rate: 6.01 })).toEqual([
      { field: 'amount', value: 9.99, min: 10, max: 50 },
      { field: 'term', value: 37, min: 3, max: 36 },
      { field: 'rate', value: 6.01, min: 4, max: 6 },
    ]);
  });

  it('judges only the values given (an application has no rate), and says why in Chinese', () => {
    expect(outsideProductRanges(P, { amount: 500, term: undefined, rate: null })).toHaveLength(1);
    const refusal = rangeRefusal(outsideProductRanges(P, { amount: 500, term: 100 }));
    expect(refusal.fields).toEqual([
      { field: 'amount', message: '金额500万元超出产品范围（10–50万元）' },
      { field: 'term', message: '期限100个月超出产品范围（3–36个月）' },
    ]);
    expect(rangeIssueText({ field: 'rate', value: 7, min: 4, max: 6 })).toBe('年利率7%超出产品范围（4–6%）');
  });
});

describe('the guarantee period', () => {
  it('adds months, a missing day falling on the last of the month', () => {
    expect(addMonthsToDay('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsToDay('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsToDay('2026-11-24', 12)).toBe('2027-11-24');
    expect(addMonthsToDay('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonthsToDay('2026-03-01', 360)).toBe('2056-03-01');
  });

  it('ends the day before the same date `term` months later, or on it', () => {
    expect(guaranteeEndDays('2026-01-01', 12)).toEqual(['2026-12-31', '2027-01-01']);
    expect(guaranteeEndDays('2026-03-01', 1)).toEqual(['2026-03-31', '2026-04-01']);
    expect(guaranteeEndDays('2024-01-31', 1)).toEqual(['2024-02-28', '2024-02-29']);
  });

  it('answers a five-digit year instead of throwing (a fuzzed start of 9999-12-31 gave a RangeError, i.e. a 500)', () => {
    expect(guaranteeEndDays('9999-12-31', 12)).toEqual(['10000-12-30', '10000-12-31']);
    const r = ZGuaranteeDemandRequest.safeParse({
      ...body,
      signedAt: '9999-12-31',
      startDate: '9999-12-31',
      endDate: '9999-12-31',
    });
    expect(r.success).toBe(false);
  });

  const body = {
    id: 1,
    amount: 40,
    feeRate: 1.2,
    term: 12,
    contractNo: '示担保字〔2026〕第015号',
    signedAt: '2026-11-20',
    startDate: '2026-11-24',
    endDate: '2027-11-23',
  };
  const fieldsOf = (over: object) => {
    const r = ZGuaranteeDemandRequest.safeParse({ ...body, ...over });
    return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
  };

  it('takes a complete guarantee and refuses each broken rule on its field', () => {
    expect(fieldsOf({})).toEqual([]);
    expect(fieldsOf({ endDate: '2027-11-24' })).toEqual([]);
    expect(fieldsOf({ feeRate: 10.5 })).toEqual(['feeRate']);
    expect(fieldsOf({ feeRate: 0 })).toEqual([]);
    expect(fieldsOf({ contractNo: 'a' })).toEqual(['contractNo']);
    expect(fieldsOf({ contractNo: '<script>' })).toEqual(['contractNo']);
    expect(fieldsOf({ startDate: '2026-11-19', endDate: '2027-11-18' })).toEqual(['startDate']);
    expect(fieldsOf({ endDate: '2027-11-25' })).toEqual(['endDate']);
    expect(fieldsOf({ endDate: '2026-11-23' })).toEqual(['endDate']);
    expect(fieldsOf({ term: 24 })).toEqual(['endDate']);
    expect(ZGuaranteeDemandRequest.safeParse({ id: 1, amount: 40 }).success).toBe(false);
  });
});

describe('a guarantee with a term past its bounds (found by the fuzz run)', () => {
  it('is refused, not thrown on (the server answered 500)', () => {
    const body = {
      id: 1,
      amount: 10,
      feeRate: 1,
      term: 1e12,
      contractNo: 'A1',
      signedAt: '2026-01-01',
      startDate: '2026-01-02',
      endDate: '2027-01-01',
    };
    expect(() => ZGuaranteeDemandRequest.safeParse(body)).not.toThrow();
    expect(ZGuaranteeDemandRequest.safeParse(body).success).toBe(false);
    for (const startDate of ['0000-01-01', '9999-99-99', '2026-13-40'])
      expect(() => ZGuaranteeDemandRequest.safeParse({ ...body, term: 12, startDate })).not.toThrow();
  });
});
