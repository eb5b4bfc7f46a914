import { z } from 'zod';
import { ZDay } from '../bounds.ts';

/** HOLIDAY: a weekday off (public holiday); WORKDAY: a weekend day worked (swapped working day). */
export const HOLIDAY_KINDS = ['HOLIDAY', 'WORKDAY'] as const;
export const ZHolidayKind = z.enum(HOLIDAY_KINDS);
export type HolidayKind = z.infer<typeof ZHolidayKind>;

export const ZHoliday = z.object({ day: z.string(), kind: ZHolidayKind, name: z.string() });
export type Holiday = z.infer<typeof ZHoliday>;

/** GET /finance/system/holiday/list.json?year= */
export const ZHolidayListQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100) });
export const ZHolidayListResponse = z.array(ZHoliday);

/** POST /finance/system/holiday/save.json: adds a day, or changes the kind and name of one already there. */
export const ZSaveHolidayRequest = z.strictObject({
  day: ZDay,
  kind: ZHolidayKind,
  name: z.string().trim().min(1).max(40),
});
export type SaveHolidayRequest = z.infer<typeof ZSaveHolidayRequest>;

/** POST /finance/system/holiday/remove.json */
export const ZRemoveHolidayRequest = z.strictObject({ day: ZDay });
