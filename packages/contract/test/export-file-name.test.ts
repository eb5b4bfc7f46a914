import { describe, expect, it } from 'vitest';
import { exportFileName } from '../src/system/export-file-name.ts';

/** Issue 13 point 5: one export name for the web's download and the server's Content-Disposition. */
describe('exportFileName', () => {
  it('is name_yyyyMMddHHmmss.xlsx in Beijing time on the 24-hour clock (issue 30: not the 12-hour hh)', () => {
    expect(exportFileName('产品列表', Date.parse('2024-03-05T15:07:09+08:00'))).toBe('产品列表_20240305150709.xlsx');
    expect(exportFileName('x', Date.parse('2026-11-24T00:30:00+08:00'))).toBe('x_20261124003000.xlsx');
    expect(exportFileName('x', Date.parse('2026-11-24T12:00:01+08:00'))).toBe('x_20261124120001.xlsx');
    // 17:00 UTC is already the next day in Beijing.
    expect(exportFileName('x', Date.parse('2026-11-23T17:00:13Z'))).toBe('x_20261124010013.xlsx');
    // Twelve hours apart, two stamps.
    expect(exportFileName('x', Date.parse('2026-11-24T13:00:13+08:00'))).toBe('x_20261124130013.xlsx');
  });

  it('says each part of the name once ("定向需求-定向需求_….xlsx" was the complaint)', () => {
    const at = Date.parse('2026-11-24T01:00:13+08:00');
    expect(exportFileName(['定向需求', '定向需求'], at)).toBe('定向需求_20261124010013.xlsx');
    expect(exportFileName(['定向需求', '担保转交'], at)).toBe('定向需求-担保转交_20261124010013.xlsx');
    expect(exportFileName([' 公开需求', '', '公开需求池'], at)).toBe('公开需求-公开需求池_20261124010013.xlsx');
  });
});
