import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appConfig, auditLog, sysImages } from '../../db/schema/index.ts';

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
    .select({ id: sysImages.id, place: sysImages.place, title: sysImages.title, url: sysImages.url, link: sysImages.link, sort: sysImages.sort })
    .from(sysImages)
    .where(eq(sysImages.active, true))
    .orderBy(asc(sysImages.place), asc(sysImages.sort), asc(sysImages.id));
}

export async function writeAudit(
  db: DbOrTx,
  row: { userId: number | null; action: string; target?: string | null; detail?: unknown; ip?: string | null },
) {
  await db.insert(auditLog).values({ userId: row.userId, action: row.action, target: row.target ?? null, detail: row.detail ?? null, ip: row.ip ?? null });
}
