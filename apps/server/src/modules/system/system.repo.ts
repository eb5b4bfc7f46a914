import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appConfig, holidays, sysImages } from '../../db/schema/index.ts';

export async function readConfig(db: DbOrTx): Promise<Record<string, unknown>> {
  const rows = await db.select({ key: appConfig.key, value: appConfig.value }).from(appConfig);
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function writeConfig(db: DbOrTx, key: string, value: unknown, userId: number | null) {
  await db
    .insert(appConfig)
    .values({ key, value, updatedBy: userId })
    .onConflictDoUpdate({ target: appConfig.key, set: { value, updatedBy: userId, updatedAt: new Date() } });
}

export function activeImages(db: DbOrTx) {
  return db
    .select({
      id: sysImages.id,
      place: sysImages.place,
      title: sysImages.title,
      titleEn: sysImages.titleEn,
      url: sysImages.url,
      urlEn: sysImages.urlEn,
      link: sysImages.link,
      sort: sysImages.sort,
    })
    .from(sysImages)
    .where(eq(sysImages.active, true))
    .orderBy(asc(sysImages.place), asc(sysImages.sort), asc(sysImages.id));
}

export function listHolidays(db: DbOrTx, year: number) {
  return db
    .select({ day: holidays.day, kind: holidays.kind, name: holidays.name })
    .from(holidays)
    .where(and(gte(holidays.day, `${year}-01-01`), lte(holidays.day, `${year}-12-31`)))
    .orderBy(asc(holidays.day));
}

export async function findHoliday(db: DbOrTx, day: string) {
  const [row] = await db
    .select({ day: holidays.day, kind: holidays.kind, name: holidays.name })
    .from(holidays)
    .where(eq(holidays.day, day));
  return row ?? null;
}

export async function upsertHoliday(db: DbOrTx, row: { day: string; kind: string; name: string }) {
  await db
    .insert(holidays)
    .values(row)
    .onConflictDoUpdate({ target: holidays.day, set: { kind: row.kind, name: row.name } });
}

export async function deleteHoliday(db: DbOrTx, day: string): Promise<boolean> {
  const rows = await db.delete(holidays).where(eq(holidays.day, day)).returning({ day: holidays.day });
  return rows.length > 0;
}

/** The calendar rows between two days, inclusive, for the working-day functions. */
export function holidaysBetween(db: DbOrTx, from: string, to: string) {
  return db
    .select({ day: holidays.day, kind: holidays.kind })
    .from(holidays)
    .where(and(gte(holidays.day, from), lte(holidays.day, to)));
}
