import { describe, expect, it } from 'vitest';
import { BANKS, bankShortName } from '@phjr/contract/orgs/banks';
import {
  MIN_BADGE_CONTRAST,
  badgeColor,
  badgeLines,
  contrastWithWhite,
  hexToRgb,
} from '../src/components/bank-badge.ts';
import { TONE_COLOR, stateTone } from '../src/components/state-tone.ts';
import { activeNavKey, PORTAL_NAV, SUBSITE_NAV, withCity } from '../src/layouts/site-nav.ts';

describe('StateTag colours (UI.md: one colour per state everywhere)', () => {
  it('maps the states of UI.md to their colours', () => {
    const colour = (s: string) => TONE_COLOR[stateTone(s)];
    expect(colour('PENDING')).toBe('blue');
    expect(colour('ACCEPTED')).toBe('cyan');
    expect(colour('IN_REVIEW')).toBe('purple');
    expect(colour('PENDING_REVIEW')).toBe('purple');
    expect(colour('GRANTED')).toBe('green');
    expect(colour('LISTED')).toBe('green');
    expect(colour('REJECTED')).toBe('red');
    expect(colour('WITHDRAWN')).toBe('default');
    expect(colour('DELISTED')).toBe('default');
    expect(colour('EXPIRED')).toBe('orange');
    expect(colour('overdue')).toBe('orange');
    // Issue 30: 已出舱 is a success end, not the grey of "withdrawn".
    expect(colour('EXITED')).toBe('green');
    expect(colour('EXITED')).not.toBe(colour('WITHDRAWN'));
  });

  it('never shows an unknown state as a success', () => {
    expect(stateTone('SOMETHING_NEW')).toBe('closed');
  });
});

describe('bank badges', () => {
  const banks = [
    '中国工商银行示范市分行',
    '中国农业银行股份有限公司示范市分行',
    '示范市农村商业银行股份有限公司',
    '示范村镇银行',
    '招商银行示范支行',
    '示范市城市商业银行',
    'Demo Community Bank',
  ];

  it("shows the contract's one short name of a bank (issue 12: the badge said 农行, the wall 农业银行)", () => {
    for (const b of BANKS) expect(bankShortName(b.name), b.name).toBe(b.short);
    expect(bankShortName('中国工商银行示范市分行')).toBe('工商银行');
    expect(bankShortName('中国农业银行股份有限公司示范市分行')).toBe('农业银行');
    expect(bankShortName('示范市农村商业银行股份有限公司')).toBe('示范农商');
  });

  it('fits four Chinese characters as two lines of two', () => {
    expect(badgeLines('农业银行')).toEqual(['农业', '银行']);
    expect(badgeLines('国开行')).toEqual(['国开行']);
    expect(badgeLines('农商')).toEqual(['农商']);
    expect(badgeLines('ABCD')).toEqual(['ABCD']);
  });

  it('gives every bank a stable colour that keeps white text readable (WCAG AA)', () => {
    for (const name of banks) {
      const c = badgeColor(name);
      expect(c).toMatch(/^#[0-9a-f]{6}$/);
      expect(badgeColor(name)).toBe(c);
      expect(contrastWithWhite(hexToRgb(c))).toBeGreaterThanOrEqual(MIN_BADGE_CONTRAST - 0.05);
    }
    for (let i = 0; i < 500; i++)
      expect(contrastWithWhite(hexToRgb(badgeColor(`银行${i}`)))).toBeGreaterThanOrEqual(MIN_BADGE_CONTRAST - 0.05);
  });
});

describe('portal navigation', () => {
  it('highlights the section of a detail page', () => {
    expect(activeNavKey(PORTAL_NAV, '/product/12')).toBe('supermarket');
    expect(activeNavKey(PORTAL_NAV, '/news/newsDetail')).toBe('news');
    expect(activeNavKey(PORTAL_NAV, '/credit')).toBe('creditSearch');
    expect(activeNavKey(PORTAL_NAV, '/chainChildren')).toBe('chain');
    expect(activeNavKey(PORTAL_NAV, '/intro')).toBe('news');
    expect(activeNavKey(SUBSITE_NAV, '/subsite/product/3')).toBe('supermarket');
  });

  it('carries the district in city', () => {
    expect(withCity('/supermarket', '999902')).toBe('/supermarket?city=999902');
    expect(withCity('/subsite/home?city=1', '2')).toBe('/subsite/home?city=2');
    expect(withCity('/home', null)).toBe('/home');
  });
});
