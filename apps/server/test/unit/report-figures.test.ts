import { describe, expect, it } from 'vitest';
import { REJECT_CODES } from '@phjr/contract/stats/reports';
import {
  addSums,
  emptySums,
  p90,
  scorecardRows,
  sumsAdder,
  sumsReader,
  toReportFigures,
  type FigureSums,
} from '../../src/modules/stats/report-figures.ts';
import { splitPeriods, splitRange } from '../../src/modules/stats/report.repo.ts';

const sums = (p: Partial<FigureSums>): FigureSums => Object.assign(emptySums(), p);

describe('report range split (whole months from grain M, edge days from grain D)', () => {
  it('reads whole months and the edges, never a day twice', () => {
    expect(splitRange('2025-01-01', '2025-12-31')).toEqual({ months: ['2025-01-01', '2025-12-01'], days: [] });
    expect(splitRange('2025-01-15', '2025-03-10')).toEqual({
      months: ['2025-02-01', '2025-02-01'],
      days: [
        ['2025-01-15', '2025-01-31'],
        ['2025-03-01', '2025-03-10'],
      ],
    });
    expect(splitRange('2025-01-15', '2025-01-20')).toEqual({ months: null, days: [['2025-01-15', '2025-01-20']] });
    expect(splitRange('2025-01-15', '2025-02-10')).toEqual({ months: null, days: [['2025-01-15', '2025-02-10']] });
    expect(splitRange('2024-02-01', '2024-02-29')).toEqual({ months: ['2024-02-01', '2024-02-01'], days: [] });
    expect(splitRange('2024-02-01', '2024-02-28')).toEqual({ months: null, days: [['2024-02-01', '2024-02-28']] });
    expect(splitRange('2024-12-31', '2025-02-28')).toEqual({
      months: ['2025-01-01', '2025-02-01'],
      days: [['2024-12-31', '2024-12-31']],
    });
  });
  it('covers every day of a range exactly once', () => {
    const each = (a: string, b: string) => {
      const out: string[] = [];
      for (let t = Date.parse(`${a}T00:00:00Z`); t <= Date.parse(`${b}T00:00:00Z`); t += 86_400_000)
        out.push(new Date(t).toISOString().slice(0, 10));
      return out;
    };
    for (const [from, to] of [
      ['2023-11-07', '2025-03-03'],
      ['2025-03-01', '2025-03-31'],
      ['2025-03-02', '2025-04-30'],
      ['2025-03-31', '2025-04-01'],
    ]) {
      const { months, days } = splitRange(from, to);
      const covered: string[] = days.flatMap(([a, b]) => each(a, b));
      if (months)
        for (const d of each(months[0], `${months[1].slice(0, 8)}28`))
          if (d.endsWith('-01'))
            covered.push(...each(d, new Date(Date.UTC(+d.slice(0, 4), +d.slice(5, 7), 0)).toISOString().slice(0, 10)));
      expect(covered.sort()).toEqual(each(from, to));
    }
  });
});

describe('report range split with year rows (grain Y)', () => {
  const each = (a: string, b: string) => {
    const out: string[] = [];
    for (let t = Date.parse(`${a}T00:00:00Z`); t <= Date.parse(`${b}T00:00:00Z`); t += 86_400_000)
      out.push(new Date(t).toISOString().slice(0, 10));
    return out;
  };
  const end = (grain: string, first: string) =>
    grain === 'D'
      ? first
      : grain === 'M'
        ? new Date(Date.UTC(+first.slice(0, 4), +first.slice(5, 7), 0)).toISOString().slice(0, 10)
        : `${first.slice(0, 4)}-12-31`;
  it('reads a whole year as one year row, edges as months and days', () => {
    expect(splitPeriods('2025-01-01', '2025-12-31')).toEqual([{ grain: 'Y', from: '2025-01-01', to: '2025-01-01' }]);
    expect(splitPeriods('2023-12-15', '2025-02-10')).toEqual([
      { grain: 'D', from: '2023-12-15', to: '2023-12-31' },
      { grain: 'Y', from: '2024-01-01', to: '2024-01-01' },
      { grain: 'M', from: '2025-01-01', to: '2025-01-01' },
      { grain: 'D', from: '2025-02-01', to: '2025-02-10' },
    ]);
    expect(splitPeriods('2025-01-01', '2025-11-30')).toEqual([{ grain: 'M', from: '2025-01-01', to: '2025-11-01' }]);
    // A read per month never uses year rows (a year row has no month).
    expect(splitPeriods('2025-01-01', '2025-12-31', false)).toEqual([
      { grain: 'M', from: '2025-01-01', to: '2025-12-01' },
    ]);
  });
  it('covers every day of a range exactly once', () => {
    for (const [from, to] of [
      ['2021-03-07', '2025-03-03'],
      ['2024-01-01', '2025-12-31'],
      ['2024-12-31', '2026-01-01'],
      ['2025-03-02', '2025-04-30'],
    ]) {
      const covered: string[] = [];
      for (const p of splitPeriods(from, to)) {
        for (const first of each(p.from, p.to)) {
          if (p.grain === 'M' && !first.endsWith('-01')) continue;
          if (p.grain === 'Y' && !first.endsWith('-01-01')) continue;
          covered.push(...each(first, end(p.grain, first)));
        }
      }
      expect(covered.sort()).toEqual(each(from, to));
    }
  });
});

describe('report figures from sums', () => {
  it('p90 is the smallest day whose cumulative count reaches 90 %', () => {
    const h = new Array(32).fill(0);
    h[0] = 5;
    h[3] = 4;
    h[10] = 1;
    expect(p90(h, 10)).toBe(3);
    h[3] = 3;
    h[10] = 2;
    expect(p90(h, 10)).toBe(10);
    expect(p90(h, 0)).toBeNull();
    const late = new Array(32).fill(0);
    late[31] = 2;
    expect(p90(late, 2)).toBe(31);
  });

  it('rates, averages, shares and breaches follow docs/statistics.md', () => {
    const s = sums({
      acceptedN: 6,
      expiredN: 2,
      withdrawnPreN: 2,
      acceptWdSum: 7,
      acceptWdN: 6,
      grantedN: 3,
      rejectedN: 1,
      grantedAmount: 100.1 + 200.2,
      grantedCreditAmount: 100.1,
      grantedRateSum: 3.85 + 4.1 + 4.35,
      grantedRateN: 3,
      acceptLateN: 1,
      decideLateN: 1,
    });
    s.rejectedCodes[REJECT_CODES.indexOf('CREDIT_RECORD')] = 1;
    const f = toReportFigures(s, 4);
    expect(f.acceptRate).toBe(0.6);
    expect(f.grantRate).toBe(0.75);
    expect(f.acceptDaysAvg).toBe(1.2);
    expect(f.grantedAmount).toBe(300.3);
    expect(f.creditShare).toBe(0.3333);
    expect(f.grantedRateAvg).toBe(4.1);
    expect(f.slaBreaches).toBe(4);
    expect(f.rejectedByCode).toEqual({
      INSUFFICIENT_COLLATERAL: 0,
      CREDIT_RECORD: 1,
      OUTSIDE_SCOPE: 0,
      UNREACHABLE: 0,
      OTHER: 0,
    });
    expect(f.overdueNow).toBe(4);
    const z = toReportFigures(emptySums(), 0);
    expect([z.acceptRate, z.grantRate, z.acceptDaysAvg, z.acceptDaysP90, z.grantedRateAvg, z.creditShare]).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('adds arrays element-wise', () => {
    const a = sums({ acceptedN: 1 });
    a.acceptHist[2] = 1;
    const b = sums({ acceptedN: 2 });
    b.acceptHist[2] = 2;
    b.acceptHist[31] = 1;
    addSums(a, b);
    expect(a.acceptedN).toBe(3);
    expect(a.acceptHist[2]).toBe(3);
    expect(a.acceptHist[31]).toBe(1);
    expect(b.acceptHist[2]).toBe(2);
  });

  it('adds only the columns of an adder, arrays element-wise', () => {
    const add = sumsAdder(['countedN', 'grantedAmount', 'grantHist']);
    const a = sums({ countedN: 1, grantedAmount: 0.1, postedN: 5 });
    const b = sums({ countedN: 2, grantedAmount: 0.2, postedN: 7 });
    b.grantHist[3] = 4;
    expect(add(a, b)).toBe(a);
    expect([a.countedN, a.grantedAmount, a.postedN, a.grantHist[3]]).toEqual([3, 0.1 + 0.2, 5, 4]);
    expect(() => sumsAdder(['countedN', 'constructor' as keyof FigureSums])).toThrow(/not a sum/);
  });

  it('reads a row’s columns into sums of one shape, the others zero', () => {
    const hist = Array.from({ length: 32 }, (_, i) => (i === 2 ? 3 : 0));
    const s = sumsReader(['countedN', 'grantedAmount', 'acceptHist'])({
      countedN: 4,
      grantedAmount: '1.5',
      acceptHist: hist,
      postedN: 9,
    });
    expect(Object.keys(s)).toEqual(Object.keys(emptySums()));
    expect([s.countedN, s.grantedAmount, s.postedN, s.acceptHist[2], s.grantHist.length]).toEqual([4, 1.5, 0, 3, 32]);
    // An array the read did not sum is shared zeros: adding into it throws instead of changing every row's.
    expect(() => addSums(s, s)).toThrow(TypeError);
  });

  it('scores and ranks the banks', () => {
    // A: accepted 8 of 10 (2 expired), granted 4 of 5, 1 late acceptance, 2 working days on average (SLA 3).
    const a = sums({
      acceptedN: 8,
      expiredN: 2,
      grantedN: 4,
      rejectedN: 1,
      acceptLateN: 1,
      acceptWdSum: 16,
      acceptWdN: 8,
      grantedAmount: 50,
    });
    // B: nothing to judge. C: accepted 2, nothing decided.
    const c = sums({ acceptedN: 2, grantedN: 0, grantedAmount: 0 });
    const rows = scorecardRows(
      [
        { bankId: 2, name: '乙银行', sums: emptySums() },
        { bankId: 1, name: '甲银行', sums: a },
        { bankId: 3, name: '丙银行', sums: c },
      ],
      3,
    );
    const ra = rows.find((r) => r.bankId === 1)!;
    // acceptRate .8, grantRate .8, breachRate 3/10, speed 1 - 2/6.
    expect(ra.breachRate).toBe(0.3);
    expect(ra.share).toBe(0.8);
    expect(ra.score).toBe(Math.round(100 * (0.3 * 0.8 + 0.3 * 0.8 + 0.2 * 0.7 + 0.2 * (1 - 2 / 6)) * 10) / 10);
    const rc = rows.find((r) => r.bankId === 3)!;
    // acceptRate 1, no decisions (grant rate null counts 0), no breach, no days (speed 1).
    expect(rc.score).toBe(70);
    expect(rows.map((r) => r.bankId)).toEqual([1, 3, 2]);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(rows[2].score).toBeNull();
    expect(rows[2].share).toBe(0);
  });
});
