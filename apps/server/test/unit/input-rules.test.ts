import { describe, expect, it } from 'vitest';
import { findControlCharacter } from '@phjr/contract/input-rules';
import { INT4_MAX, isRealDay, ZDay, ZId, ZIdListText, ZIdText, ZPageNo } from '@phjr/contract/bounds';
import { trustedProxies } from '../../src/config.ts';

describe('findControlCharacter', () => {
  it('names the path of the first control character, in values and in keys', () => {
    expect(findControlCharacter({ a: 'ok', b: [{ c: 'x\u0000y' }] })).toEqual(['b', 0, 'c']);
    expect(findControlCharacter({ a: { 'k\u001b': 1 } })).toEqual(['a', 'k\u001b']);
    expect(findControlCharacter('\u0007')).toEqual([]);
  });

  it('lets tab, line feed, carriage return, DEL and any other text through', () => {
    expect(
      findControlCharacter({
        text: 'line\r\nnext\tcell',
        del: '\u007f',
        cjk: '中文',
        emoji: '😀',
        n: 1,
        b: true,
        z: null,
      }),
    ).toBeNull();
  });

  it('walks a body nested 100,000 deep without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const path = findControlCharacter(deep);
    expect(path).toHaveLength(100_000);
  });
});

describe('bounds', () => {
  it('keeps ids within an integer column, as numbers and as text', () => {
    expect(ZId.safeParse(INT4_MAX).success).toBe(true);
    expect(ZId.safeParse(INT4_MAX + 1).success).toBe(false);
    expect(ZId.safeParse('1').success).toBe(false);
    expect(ZIdText.parse('2147483647')).toBe(INT4_MAX);
    for (const bad of ['2147483648', '0', '-1', '1.5', '1e400', '', 'abc'])
      expect(ZIdText.safeParse(bad).success, bad).toBe(false);
    expect(ZIdListText.parse('1,2')).toEqual([1, 2]);
    expect(ZIdListText.safeParse('1,2147483648').success).toBe(false);
    expect(ZIdListText.safeParse(Array.from({ length: 51 }, () => '1').join(',')).success).toBe(false);
  });

  it('bounds the page number', () => {
    expect(ZPageNo.safeParse('100000').success).toBe(true);
    expect(ZPageNo.safeParse('100001').success).toBe(false);
  });

  it("holds every day from 1899 to 2200 as a Date's calendar does", () => {
    for (let y = 1899; y <= 2200; y++)
      for (let mo = 0; mo <= 13; mo++)
        for (let d = 0; d <= 32; d++) {
          const s = `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          const date = new Date(Date.UTC(y, mo - 1, d));
          const exists =
            y >= 1900 &&
            y <= 2199 &&
            date.getUTCFullYear() === y &&
            date.getUTCMonth() === mo - 1 &&
            date.getUTCDate() === d;
          if (isRealDay(s) !== exists) expect(isRealDay(s), s).toBe(exists);
        }
  });

  it('accepts only days that exist and that a date column holds', () => {
    for (const ok of ['2026-01-15', '2024-02-29', '1900-01-01', '2199-12-31']) expect(isRealDay(ok), ok).toBe(true);
    for (const bad of [
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-00-10',
      '0000-00-00',
      '9999-99-99',
      '1899-12-31',
      '20260115',
    ]) {
      expect(ZDay.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('TRUST_PROXY', () => {
  it('is empty (off) unless set', () => {
    expect(trustedProxies(undefined)).toEqual([]);
    expect(trustedProxies(' ')).toEqual([]);
  });

  it('takes proxy addresses and CIDR ranges', () => {
    expect(trustedProxies('10.0.0.5, 10.1.0.0/16,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything that would trust every client, or a typo', () => {
    for (const bad of ['true', '1', '*', '10.0.0.0/33', '10.0.0.300', 'proxy.internal', '10.0.0.0/8/1']) {
      expect(() => trustedProxies(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
