import { describe, expect, it } from 'vitest';
import { idWithCheck } from '../src/auth/certification.ts';
import { ZFarmerFields, ZFarmerRegisterAgainRequest } from '../src/farmers/farmer.ts';
import {
  forbiddenWordIn,
  MASKED_ID_RE,
  maskIdNumber,
  maskPhone,
  rateFarmer,
  RATING_TABLE,
  type RatingInput,
} from '../src/farmers/farmer-rules.ts';

const strong: RatingInput = {
  annualIncome: 60,
  assets: 200,
  liabilities: 20,
  overdueCount: 0,
  yearsFarming: 15,
  landArea: 120,
};

describe('rateFarmer', () => {
  it('gives every factor its maximum for strong hard data: AAA with 100 points', () => {
    const r = rateFarmer(strong);
    expect(r).toMatchObject({ rating: 'AAA', score: 100 });
    expect(r.drivers.map((d) => [d.factor, d.points, d.max])).toEqual([
      ['INCOME', 25, 25],
      ['NET_ASSETS', 20, 20],
      ['DEBT_RATIO', 20, 20],
      ['OVERDUE', 20, 20],
      ['YEARS_FARMING', 10, 10],
      ['LAND_AREA', 5, 5],
    ]);
    expect(Object.values(RATING_TABLE).reduce((n, f) => n + f.max, 0)).toBe(100);
  });

  it('moves with each factor, at its thresholds', () => {
    const points = (over: Partial<RatingInput>, factor: string) =>
      rateFarmer({ ...strong, ...over }).drivers.find((d) => d.factor === factor)!.points;
    expect(points({ annualIncome: 50 }, 'INCOME')).toBe(25);
    expect(points({ annualIncome: 49.99 }, 'INCOME')).toBe(20);
    expect(points({ annualIncome: 1.99 }, 'INCOME')).toBe(0);
    expect(points({ assets: 100, liabilities: 30 }, 'DEBT_RATIO')).toBe(20);
    expect(points({ assets: 100, liabilities: 31 }, 'DEBT_RATIO')).toBe(15);
    expect(points({ assets: 100, liabilities: 101 }, 'DEBT_RATIO')).toBe(0);
    expect(points({ assets: 100, liabilities: 101 }, 'NET_ASSETS')).toBe(0);
    expect(points({ assets: 0, liabilities: 0 }, 'DEBT_RATIO')).toBe(20);
    expect(points({ assets: 0, liabilities: 1 }, 'DEBT_RATIO')).toBe(0);
    expect(points({ overdueCount: 1 }, 'OVERDUE')).toBe(10);
    expect(points({ overdueCount: 3 }, 'OVERDUE')).toBe(0);
    expect(points({ yearsFarming: 0 }, 'YEARS_FARMING')).toBe(0);
    expect(points({ landArea: 0.5 }, 'LAND_AREA')).toBe(0);
  });

  it('grades by the score: 85 AAA, 70 AA, 55 A, 40 B, below C', () => {
    // 25 + 20 + 20 + 0 (3 overdue) + 10 + 5 = 80: AA
    expect(rateFarmer({ ...strong, overdueCount: 3 })).toMatchObject({ rating: 'AA', score: 80 });
    // 0 + 4 + 0 + 0 + 0 + 0 = 4: C
    expect(
      rateFarmer({ annualIncome: 1, assets: 10, liabilities: 10.5, overdueCount: 5, yearsFarming: 0, landArea: 0 }),
    ).toMatchObject({ rating: 'C', score: 0 });
    expect(
      rateFarmer({ annualIncome: 10, assets: 30, liabilities: 12, overdueCount: 0, yearsFarming: 5, landArea: 10 }),
    ).toMatchObject({ rating: 'A', score: 15 + 8 + 15 + 20 + 7 + 3 });
  });

  it('is UNRATED, without a score, when hard data is missing', () => {
    for (const k of ['annualIncome', 'assets', 'liabilities', 'overdueCount', 'yearsFarming'] as const) {
      expect(rateFarmer({ ...strong, [k]: null })).toMatchObject({ rating: 'UNRATED', score: null });
    }
    expect(rateFarmer({ ...strong, landArea: null }).rating).toBe('AAA');
  });
});

describe('masking', () => {
  it('keeps only the last 2 characters of an ID number: neither the district, the birth date nor the sequence number', () => {
    const id = idWithCheck('99990319800101123');
    expect(maskIdNumber(id)).toBe(`****************${id.slice(-2)}`);
    expect(maskIdNumber(id)).not.toContain('999903');
    expect(maskIdNumber(id)).not.toContain('12');
    expect(maskIdNumber('91999901MA0000001X')).toBe('****************1X');
    expect(MASKED_ID_RE.test(maskIdNumber(id))).toBe(true);
    // The former mask (4 kept) is no masked value any more.
    expect(MASKED_ID_RE.test(`**************${id.slice(-4)}`)).toBe(false);
  });
  it('shows a phone as 138****5678', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
  });
});

describe('the fields of a record', () => {
  const base = {
    kind: 'HOUSEHOLD',
    name: '张三',
    idNumber: idWithCheck('99990319800101123'),
    villageCode: '999903001001',
    landArea: 10,
    landTenure: 'OWN',
  };
  const fields = (over: Record<string, unknown>) => ZFarmerFields.safeParse({ ...base, ...over });
  const paths = (r: ReturnType<typeof fields>) => (r.success ? [] : r.error.issues.map((i) => i.path.join('.')));
  it('checks the identity rule of the kind', () => {
    expect(fields({}).success).toBe(true);
    expect(paths(fields({ kind: 'COOPERATIVE' }))).toEqual(['idNumber']);
    expect(paths(fields({ idNumber: base.idNumber.slice(0, 17) + (base.idNumber[17] === '1' ? '2' : '1') }))).toEqual([
      'idNumber',
    ]);
  });
  it('refuses drawn above granted, a need without purpose, land without tenure', () => {
    expect(paths(fields({ creditGranted: 10, creditDrawn: 11 }))).toEqual(['creditDrawn']);
    expect(paths(fields({ financingNeed: 5 }))).toEqual(['needPurpose']);
    expect(paths(fields({ landTenure: null }))).toEqual(['landTenure']);
    expect(paths(fields({ assets: 1.234 }))).toEqual(['assets']);
  });
  it('re-registration takes the ID number back masked', () => {
    expect(
      ZFarmerRegisterAgainRequest.safeParse({ ...base, failRecordId: 1, idNumber: maskIdNumber(base.idNumber) })
        .success,
    ).toBe(true);
  });
});

describe('forbidden columns', () => {
  it('finds a forbidden word in a header, by contains, in any case', () => {
    expect(forbiddenWordIn('政治面貌（党员/群众）')).toBe('政治面貌');
    expect(forbiddenWordIn('Religion of head')).toBe('religion');
    expect(forbiddenWordIn('家庭健康状况')).toBe('健康');
    expect(forbiddenWordIn('年收入（万元）')).toBeNull();
  });
});
