import { shanghaiWallClock } from './shanghai-time.ts';

/**
 * The one name of an exported spreadsheet, for the web's download and the server's Content-Disposition alike.
 * SPEC 9: `name_yyyyMMddhhmmss.xlsx` in Beijing time, hh being the 12-hour clock (01-12) of the spec's format string.
 * A name given in parts (a page's title and its tab) joins them with '-', each said once: the tab "定向需求" of the
 * page "定向需求" gives `定向需求_…`, not `定向需求-定向需求_…` (issue 13).
 */
export function exportFileName(name: string | readonly string[], atMs: number): string {
  const parts = (typeof name === 'string' ? [name] : name).map((p) => p.trim()).filter(Boolean);
  const wall = shanghaiWallClock(atMs); // YYYY-MM-DDTHH:mm:ss.sss
  const hour12 = String(((Number(wall.slice(11, 13)) + 11) % 12) + 1).padStart(2, '0');
  const stamp = `${wall.slice(0, 4)}${wall.slice(5, 7)}${wall.slice(8, 10)}${hour12}${wall.slice(14, 16)}${wall.slice(17, 19)}`;
  return `${[...new Set(parts)].join('-')}_${stamp}.xlsx`;
}
