import { asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { achievements, agreements, sysImages, users } from '../../db/schema/index.ts';

// ---------- pictures (the sys_images table; the active ones load at start-up through system.repo's activeImages)

const pictureColumns = {
  id: sysImages.id,
  place: sysImages.place,
  title: sysImages.title,
  titleEn: sysImages.titleEn,
  url: sysImages.url,
  urlEn: sysImages.urlEn,
  link: sysImages.link,
  sort: sysImages.sort,
  active: sysImages.active,
};

export function listPictures(db: DbOrTx, place?: string) {
  return db
    .select(pictureColumns)
    .from(sysImages)
    .where(place ? eq(sysImages.place, place) : undefined)
    .orderBy(asc(sysImages.place), asc(sysImages.sort), asc(sysImages.id));
}

export async function findPicture(db: DbOrTx, id: number) {
  const [row] = await db.select(pictureColumns).from(sysImages).where(eq(sysImages.id, id));
  return row ?? null;
}

export type PictureValues = Omit<typeof sysImages.$inferInsert, 'id'>;

export async function insertPicture(db: DbOrTx, values: PictureValues): Promise<number> {
  const [row] = await db.insert(sysImages).values(values).returning({ id: sysImages.id });
  return row.id;
}

export async function updatePicture(db: DbOrTx, id: number, values: PictureValues) {
  await db.update(sysImages).set(values).where(eq(sysImages.id, id));
}

export async function deletePicture(db: DbOrTx, id: number) {
  await db.delete(sysImages).where(eq(sysImages.id, id));
}

// ---------- agreements

const agreementColumns = {
  id: agreements.id,
  kind: agreements.kind,
  version: agreements.version,
  title: agreements.title,
  body: agreements.body,
  createdAt: agreements.createdAt,
  createdBy: users.name,
};

export async function latestAgreement(db: DbOrTx, kind: string) {
  const [row] = await db
    .select(agreementColumns)
    .from(agreements)
    .leftJoin(users, eq(users.id, agreements.createdBy))
    .where(eq(agreements.kind, kind))
    .orderBy(desc(agreements.version))
    .limit(1);
  return row ?? null;
}

export function agreementVersions(db: DbOrTx, kind: string) {
  return db
    .select(agreementColumns)
    .from(agreements)
    .leftJoin(users, eq(users.id, agreements.createdBy))
    .where(eq(agreements.kind, kind))
    .orderBy(desc(agreements.version));
}

const AGREEMENT_LOCK = 4_171_010;

/**
 * Writes the next version of an agreement. Call inside a transaction: the advisory lock (per kind, released at the
 * end of the transaction) makes concurrent saves take turns, so versions stay 1, 2, 3... without gaps or clashes.
 */
export async function insertAgreementVersion(
  tx: DbOrTx,
  row: { kind: string; title: string; body: string; createdBy: number | null },
) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${AGREEMENT_LOCK}, hashtext(${row.kind}))`);
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${agreements.version}), 0) + 1` })
    .from(agreements)
    .where(eq(agreements.kind, row.kind));
  const [inserted] = await tx
    .insert(agreements)
    .values({ ...row, version: Number(next) })
    .returning({ id: agreements.id, version: agreements.version });
  return inserted;
}

export async function findAgreement(db: DbOrTx, id: number) {
  const [row] = await db
    .select(agreementColumns)
    .from(agreements)
    .leftJoin(users, eq(users.id, agreements.createdBy))
    .where(eq(agreements.id, id));
  return row ?? null;
}

// ---------- achievements

const achievementColumns = {
  id: achievements.id,
  title: achievements.title,
  figure: achievements.figure,
  unit: achievements.unit,
  metric: achievements.metric,
  summary: achievements.summary,
  titleEn: achievements.titleEn,
  unitEn: achievements.unitEn,
  summaryEn: achievements.summaryEn,
  cover: achievements.cover,
  link: achievements.link,
  sort: achievements.sort,
  active: achievements.active,
  updatedAt: achievements.updatedAt,
};

export function listAchievements(db: DbOrTx, activeOnly: boolean) {
  return db
    .select(achievementColumns)
    .from(achievements)
    .where(activeOnly ? eq(achievements.active, true) : undefined)
    .orderBy(asc(achievements.sort), asc(achievements.id));
}

export async function findAchievement(db: DbOrTx, id: number) {
  const [row] = await db.select(achievementColumns).from(achievements).where(eq(achievements.id, id));
  return row ?? null;
}

export type AchievementValues = Omit<typeof achievements.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertAchievement(db: DbOrTx, values: AchievementValues): Promise<number> {
  const [row] = await db.insert(achievements).values(values).returning({ id: achievements.id });
  return row.id;
}

export async function updateAchievement(db: DbOrTx, id: number, values: AchievementValues) {
  await db
    .update(achievements)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(achievements.id, id));
}

export async function deleteAchievement(db: DbOrTx, id: number) {
  await db.delete(achievements).where(eq(achievements.id, id));
}
