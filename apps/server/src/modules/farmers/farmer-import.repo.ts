import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { farmerFailRecords, farmerImports } from '../../db/schema/index.ts';
import type { FarmerScope } from './farmer-access.ts';

/** Tables of the farmer imports: farmer_imports (with their import_jobs row) and farmer_fail_records. */

export async function insertFarmerImport(
  tx: DbOrTx,
  v: { jobId: number; orgId: number | null; districtCode: string | null; updated: number; pending: number },
) {
  await tx.insert(farmerImports).values(v);
}

/**
 * Stores failed rows, one statement per 1,000, the batch as one JSON parameter read by jsonb_to_recordset: a file
 * whose every row fails stores 100,000 of them, and a 1,000-row VALUES list of JSON parameters (or arrays of JSON
 * texts, escaped element by element) cost the import more time to build than the database took to write it (issue
 * 29: the failing file's import near its 60 s).
 */
export async function insertFailRecords(tx: DbOrTx, rows: FailRecordValues[]) {
  for (let i = 0; i < rows.length; i += 1000) {
    const batch = rows.slice(i, i + 1000).map((r) => ({
      job_id: r.jobId,
      district_code: r.districtCode ?? null,
      row_no: r.rowNo,
      cells: r.cells,
      errors: r.errors,
    }));
    await tx.execute(sql`
      INSERT INTO farmer_fail_records (job_id, district_code, row_no, cells, errors)
      SELECT job_id, district_code, row_no, cells, errors
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS r(job_id bigint, district_code varchar, row_no int, cells jsonb, errors jsonb)`);
  }
}

export type FailRecordValues = Pick<
  typeof farmerFailRecords.$inferInsert,
  'jobId' | 'districtCode' | 'rowNo' | 'cells' | 'errors'
>;

/** An import is the scope's when the scope is city-wide, or when it was made within the scope's district. */
const importIn = (col: SQL, scope: FarmerScope) =>
  scope === null
    ? sql`true`
    : scope.length
      ? sql`${col} IN (${sql.join(
          scope.map((d) => sql`${d}`),
          sql`, `,
        )})`
      : sql`false`;

export type ImportRecordRow = {
  id: number;
  fileName: string;
  total: number;
  succeeded: number;
  failed: number;
  pending: number;
  districtCode: string | null;
  userName: string | null;
  orgName: string | null;
  createdAtMs: number;
};

export async function pageImportRecords(db: DbOrTx, scope: FarmerScope, current: number, pageSize: number) {
  const where = importIn(sql`fi.district_code`, scope);
  const [rows, total] = await Promise.all([
    db.execute<ImportRecordRow>(sql`
      SELECT j.id, j.file_name AS "fileName", j.total, j.succeeded, j.failed, fi.pending, fi.district_code AS "districtCode",
        (SELECT name FROM users WHERE id = j.user_id) AS "userName", (SELECT name FROM orgs WHERE id = fi.org_id) AS "orgName",
        (extract(epoch FROM j.created_at) * 1000)::float8 AS "createdAtMs"
      FROM (SELECT * FROM farmer_imports fi WHERE ${where} ORDER BY fi.job_id DESC LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}) fi
      JOIN import_jobs j ON j.id = fi.job_id ORDER BY j.id DESC`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM farmer_imports fi WHERE ${where}`),
  ]);
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}

export async function findImport(db: DbOrTx, jobId: number) {
  const r = await db.execute<{ jobId: number; districtCode: string | null }>(
    sql`SELECT job_id AS "jobId", district_code AS "districtCode" FROM farmer_imports WHERE job_id = ${jobId}`,
  );
  return r.rows[0] ?? null;
}

export type FailRecordRow = {
  id: number;
  jobId: number;
  districtCode: string | null;
  rowNo: number;
  cells: Record<string, string>;
  errors: { column: string | null; reason: string }[];
  status: string;
  farmerId: number | null;
  createdAtMs: number;
};

const FAIL =
  sql.raw(`f.id, f.job_id AS "jobId", f.district_code AS "districtCode", f.row_no AS "rowNo", f.cells, f.errors, f.status,
  f.farmer_id AS "farmerId", (extract(epoch FROM f.created_at) * 1000)::float8 AS "createdAtMs"`);

export async function pageFailRecords(
  db: DbOrTx,
  scope: FarmerScope,
  f: { jobId?: number; status?: string },
  current: number,
  pageSize: number,
) {
  const w: SQL[] = [importIn(sql`f.district_code`, scope)];
  if (f.jobId !== undefined) w.push(sql`f.job_id = ${f.jobId}`);
  if (f.status) w.push(sql`f.status = ${f.status}`);
  const where = sql.join(w, sql` AND `);
  const [rows, total] = await Promise.all([
    db.execute<FailRecordRow>(
      sql`SELECT ${FAIL} FROM farmer_fail_records f WHERE ${where} ORDER BY f.job_id DESC, f.row_no LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}`,
    ),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM farmer_fail_records f WHERE ${where}`),
  ]);
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}

/** The failed rows of one import still FAILED, in sheet order, a batch after row `afterRowNo`. */
export async function failedRowsAfter(db: DbOrTx, jobId: number, afterRowNo: number, limit: number) {
  const r = await db.execute<{
    rowNo: number;
    cells: Record<string, string>;
    errors: { column: string | null; reason: string }[];
  }>(sql`
    SELECT row_no AS "rowNo", cells, errors FROM farmer_fail_records WHERE job_id = ${jobId} AND status = 'FAILED' AND row_no > ${afterRowNo} ORDER BY row_no LIMIT ${limit}`);
  return r.rows;
}

export async function findFailRecord(db: DbOrTx, id: number, lock = false): Promise<FailRecordRow | null> {
  const r = await db.execute<FailRecordRow>(
    sql`SELECT ${FAIL} FROM farmer_fail_records f WHERE f.id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return r.rows[0] ?? null;
}

/** The record registered again: REGISTERED with its farmer, and its import's pending count down. */
export async function markRegistered(tx: DbOrTx, id: number, jobId: number, farmerId: number) {
  await tx.execute(sql`UPDATE farmer_fail_records SET status = 'REGISTERED', farmer_id = ${farmerId} WHERE id = ${id}`);
  await tx.execute(sql`UPDATE farmer_imports SET pending = pending - 1 WHERE job_id = ${jobId}`);
}
