import { and, count, eq, gt, inArray, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';

const UPLOAD_LOCK = 4_171_020;

/** Serialises one user's uploads until the end of the transaction, so the hourly count cannot be raced. */
export async function lockUploader(tx: DbOrTx, userId: number) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${UPLOAD_LOCK}, ${userId}::int)`);
}

export async function countUploadsSince(db: DbOrTx, userId: number, since: Date): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(files)
    .where(and(eq(files.uploadedBy, userId), gt(files.createdAt, since)));
  return n;
}

export async function insertFile(db: DbOrTx, row: typeof files.$inferInsert) {
  await db.insert(files).values(row);
}

export async function findFile(db: DbOrTx, id: string) {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row ?? null;
}

export async function countFiles(db: DbOrTx): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(files);
  return n;
}

export async function isPublicImage(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, id), eq(files.visibility, 'PUBLIC'), like(files.contentType, 'image/%')));
  return !!row;
}

/** Files among `ids` uploaded by one of `userIds` (an applicant attaches only its own uploads). */
export async function ownFiles(db: DbOrTx, ids: string[], userIds: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: files.id, name: files.name })
    .from(files)
    .where(and(inArray(files.id, ids), inArray(files.uploadedBy, userIds)));
}
