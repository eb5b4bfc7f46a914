import { describe, expect, it } from 'vitest';
import { enumText, reshapeEnum } from '../src/lib/enums.ts';

describe('reshapeEnum (SPEC 3: name, message, code, extName)', () => {
  it('takes the entries under the enum name', () => {
    const data = {
      DemandStatus: [
        { name: 'PENDING', message: '待受理', code: 'PENDING', extName: 'Pending' },
        { name: 'GRANTED', message: '已放款', code: 'GRANTED', extName: 'Granted' },
      ],
    };
    expect(reshapeEnum('DemandStatus', data)).toEqual([
      { name: 'PENDING', message: '待受理', code: 'PENDING', extName: 'Pending' },
      { name: 'GRANTED', message: '已放款', code: 'GRANTED', extName: 'Granted' },
    ]);
  });

  it('fills missing fields from the code and drops entries without one', () => {
    const data = { X: [{ code: 'A' }, { value: 'B', label: '乙' }, { message: '无编码' }, null, 'junk'] };
    expect(reshapeEnum('X', data)).toEqual([
      { name: 'A', message: 'A', code: 'A', extName: null },
      { name: 'B', message: '乙', code: 'B', extName: null },
    ]);
  });

  it('accepts a bare array and a code → text map', () => {
    expect(reshapeEnum('Y', [{ name: 'N', code: 'C', message: '文' }])).toEqual([
      { name: 'N', message: '文', code: 'C', extName: null },
    ]);
    expect(reshapeEnum('Z', { Z: { ON: '开', OFF: '关' } })).toEqual([
      { name: 'ON', message: '开', code: 'ON', extName: null },
      { name: 'OFF', message: '关', code: 'OFF', extName: null },
    ]);
  });

  it('answers an empty list for another enum or nothing', () => {
    expect(reshapeEnum('Other', { DemandStatus: [] })).toEqual([]);
    expect(reshapeEnum('Other', null)).toEqual([]);
    expect(reshapeEnum('Other', undefined)).toEqual([]);
  });
});

describe('enumText', () => {
  const entry = { name: 'PENDING', message: '待受理', code: 'PENDING', extName: 'Pending' };
  it('shows Chinese by default and the English name in en-US', () => {
    expect(enumText('DemandStatus', entry, 'zh-CN')).toBe('待受理');
    expect(enumText('DemandStatus', entry, 'en-US')).toBe('Pending');
  });
  it('keeps the Chinese name of a region (its extName is the parent code)', () => {
    expect(enumText('Region', { name: '999901', message: '城东区', code: '999901', extName: '999900' }, 'en-US')).toBe(
      '城东区',
    );
  });
});
