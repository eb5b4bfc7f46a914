import { shanghaiWallClock } from './shanghai-time.ts';

/**
 * The one name of an exported spreadsheet, for the web's download and the server's Content-Disposition alike.
 * SPEC 9: `name_yyyyMMddHHmmss.xlsx` in Beijing time on the 24-hour clock (issue 30: the 12-hour hh the spec's format
 * string reads gave two exports twelve hours apart one stamp, and an afternoon file a morning time).
 * A name given in parts (a page's title and its tab) joins them with '-', each said once: the tab "定向需求" of the
 * page "定向需求" gives `定向需求_…`, not `定向需求-定向需求_…` (issue 13).
 */
export function exportFileName(name: string | readonly string[], atMs: number): string {
  const parts = (typeof name === 'string' ? [name] : name).map((p) => p.trim()).filter(Boolean);
  return `${[...new Set(parts)].join('-')}_${exportStamp(atMs)}.xlsx`;
}

/** `yyyyMMddHHmmss` in Beijing time, 24-hour clock: the stamp of every exported or downloaded file's name. */
export function exportStamp(atMs: number): string {
  const wall = shanghaiWallClock(atMs); // YYYY-MM-DDTHH:mm:ss.sss
  return `${wall.slice(0, 4)}${wall.slice(5, 7)}${wall.slice(8, 10)}${wall.slice(11, 13)}${wall.slice(14, 16)}${wall.slice(17, 19)}`;
}
