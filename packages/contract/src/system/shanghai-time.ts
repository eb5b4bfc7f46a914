/**
 * The platform's clock and calendar: Asia/Shanghai (Beijing time), whatever the zone of the browser or the server
 * process. China has kept UTC+8 without daylight saving since 1991, so a fixed offset is exact for every instant the
 * product stores, and needs neither a time-zone database nor the process's TZ.
 */
export const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** Beijing wall-clock time of an instant (epoch ms) as `YYYY-MM-DDTHH:mm:ss.sss`, without a zone designator. */
export function shanghaiWallClock(ms: number): string {
  return new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 23);
}

/** The calendar day (Beijing) of an instant, `YYYY-MM-DD`. */
export function shanghaiDay(ms: number): string {
  return shanghaiWallClock(ms).slice(0, 10);
}
