import { describe, expect, it } from 'vitest';
import { BANKS, bankShortName } from '../src/orgs/banks.ts';

/**
 * Issue 12: one short name per bank. The badge (web) said 农行 where the partner wall and the seeded organisation said
 * 农业银行; now the contract's bankShortName is the only source, and it agrees with BANKS for every bank.
 */
const EXPECTED: Record<string, string> = {
  中国工商银行股份有限公司: '工商银行',
  中国农业银行股份有限公司: '农业银行',
  中国银行股份有限公司: '中国银行',
  中国建设银行股份有限公司: '建设银行',
  交通银行股份有限公司: '交通银行',
  中国邮政储蓄银行股份有限公司: '邮储银行',
  国家开发银行: '国开行',
  中国农业发展银行: '农发行',
  招商银行股份有限公司: '招商银行',
  兴业银行股份有限公司: '兴业银行',
  中信银行股份有限公司: '中信银行',
  中国光大银行股份有限公司: '光大银行',
  华夏银行股份有限公司: '华夏银行',
  中国民生银行股份有限公司: '民生银行',
  平安银行股份有限公司: '平安银行',
  上海浦东发展银行股份有限公司: '浦发银行',
  广发银行股份有限公司: '广发银行',
  浙商银行股份有限公司: '浙商银行',
  恒丰银行股份有限公司: '恒丰银行',
  示范市农村商业银行股份有限公司: '示范农商',
  示范银行股份有限公司: '示范银行',
  示范市青石村镇银行股份有限公司: '青石村镇',
};

describe('bankShortName', () => {
  it('maps every bank of the list, its head office and a branch, to the one short name', () => {
    expect(BANKS.map((b) => b.name).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const b of BANKS) {
      expect(b.short, b.name).toBe(EXPECTED[b.name]);
      expect(bankShortName(b.name), b.name).toBe(EXPECTED[b.name]);
      expect(bankShortName(` ${b.name} `), b.name).toBe(EXPECTED[b.name]);
      const stem = b.name.replace(/股份有限公司$/, '');
      expect(bankShortName(`${stem}示范市分行`), `${stem} branch`).toBe(EXPECTED[b.name]);
      expect([...b.short].length, b.name).toBeLessThanOrEqual(4);
    }
  });

  it('never gives a bank the short name of another whose name starts the same', () => {
    expect(bankShortName('中国农业发展银行示范市分行')).toBe('农发行');
    expect(bankShortName('中国农业银行示范市分行')).toBe('农业银行');
    expect(bankShortName('中国银行示范市分行')).toBe('中国银行');
  });

  it('shortens banks outside the list by rule', () => {
    expect(bankShortName('')).toBe('');
    expect(bankShortName('某县农村商业银行股份有限公司')).toBe('农商');
    expect(bankShortName('示范村镇银行')).toBe('村镇');
    expect(bankShortName('某县农村信用合作联社')).toBe('农信');
    expect(bankShortName('示范市城市商业银行')).toBe('示范');
    expect(bankShortName('Demo Community Bank')).toBe('DCB');
  });
});
