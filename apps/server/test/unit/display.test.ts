import { describe, expect, it } from 'vitest';
import { displayApplicantName, lastMonths, maskPersonName } from '../../src/modules/stats/display.service.ts';

describe('the achievement display helpers', () => {
  it('masks a person’s name to its first character', () => {
    expect(maskPersonName('张三')).toBe('张*');
    expect(maskPersonName('王小明')).toBe('王**');
    expect(maskPersonName('欧阳娜娜')).toBe('欧***');
    expect(maskPersonName('李')).toBe('李*');
    expect(maskPersonName(' 𠮷野家 ')).toBe('𠮷**');
    expect(maskPersonName('')).toBe('');
  });

  it('masks persons and farmers only', () => {
    expect(displayApplicantName('张三', 'PERSON')).toBe('张*');
    expect(displayApplicantName('李四', 'FARMER')).toBe('李*');
    expect(displayApplicantName('示范茶业有限公司', 'ENTERPRISE')).toBe('示范茶业有限公司');
    expect(displayApplicantName('青石县柳湾种植专业合作社', 'NEW_AGRI_ENTITY')).toBe('青石县柳湾种植专业合作社');
  });

  it('gives the last 12 Beijing months, oldest first, across a year end', () => {
    expect(lastMonths(new Date('2026-02-10T00:00:00Z'))).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    // 16:30 UTC on 31 January is already 1 February in Beijing.
    expect(lastMonths(new Date('2026-01-31T16:30:00Z')).at(-1)).toBe('2026-02');
    expect(lastMonths(new Date('2026-01-31T15:59:00Z')).at(-1)).toBe('2026-01');
    expect(lastMonths(new Date('2026-12-31T16:00:00Z'))).toHaveLength(12);
    expect(lastMonths(new Date('2026-12-31T16:00:00Z'))[0]).toBe('2026-02');
  });
});
