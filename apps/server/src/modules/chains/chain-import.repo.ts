import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chainFailRecords, chainImports } from '../../db/schema/index.ts';
import { sqlList } from '../../db/sql.ts';

/** Tables of the member imports: chain_imports (with their import_jobs row) and chain_fail_records. */

export async function insertChainImport(
  tx: DbOrTx,
  v: { jobId: number; chainId: number; orgId: number | null; pending: number },
) {
  await tx.insert(chainImports).values(v);
}

export async function insertFailRecords(tx: DbOrTx, rows: (typeof chainFailRecords.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(chainFailRecords).values(rows.slice(i, i + 1000));
}

export type ImportRecordRow = {
  id: number;
  chainId: number;
  chainName: string;
  fileName: string;
  total: number;
  succeeded: number;
  failed: number;
  pending: number;
  userName: string | null;
  orgName: string | null;
  createdAtMs: number;
};

const RECORD =
  sql.raw(`j.id, ci.chain_id AS "chainId", c.name AS "chainName", j.file_name AS "fileName", j.total, j.succeeded, j.failed, ci.pending,
  (SELECT name FROM users WHERE id = j.user_id) AS "userName", (SELECT name FROM orgs WHERE id = ci.org_id) AS "orgName",
  (extract(epoch FROM j.created_at) * 1000)::float8 AS "createdAtMs"`);

const inChains = (col: SQL, chainIds: number[] | null) =>
  chainIds === null ? sql`true` : chainIds.length ? sql`${col} = ANY(${sqlList(chainIds)})` : sql`false`;

export async function pageImportRecords(
  db: DbOrTx,
  f: { chainIds: number[] | null; chainId?: number },
  current: number,
  pageSize: number,
) {
  const where = sql.join(
    [inChains(sql`ci.chain_id`, f.chainIds), f.chainId !== undefined ? sql`ci.chain_id = ${f.chainId}` : sql`true`],
    sql` AND `,
  );
  // The page total gets a name of its own: a record's `total` (rows in its file) would overwrite it in the row object.
  const r = await db.execute<ImportRecordRow & { pageTotal: number }>(sql`
    SELECT t.n AS "pageTotal", p.* FROM (SELECT count(*)::int AS n FROM chain_imports ci WHERE ${where}) t
    LEFT JOIN LATERAL (
      SELECT ${RECORD} FROM (SELECT * FROM chain_imports ci WHERE ${where} ORDER BY ci.job_id DESC LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}) ci
      JOIN import_jobs j ON j.id = ci.job_id JOIN industrial_chains c ON c.id = ci.chain_id
    ) p ON true
    ORDER BY p.id DESC`);
  return { rows: r.rows.filter((x) => x.id !== null), total: r.rows[0]?.pageTotal ?? 0 };
}

export async function findImport(db: DbOrTx, jobId: number) {
  const r = await db.execute<{ jobId: number; chainId: number; fileName: string }>(sql`
    SELECT ci.job_id AS "jobId", ci.chain_id AS "chainId", j.file_name AS "fileName" FROM chain_imports ci JOIN import_jobs j ON j.id = ci.job_id WHERE ci.job_id = ${jobId}`);
  return r.rows[0] ?? null;
}

export type FailRecordRow = {
  id: number;
  jobId: number;
  chainId: number;
  chainName: string;
  rowNo: number;
  cells: Record<string, string>;
  errors: { column: string | null; reason: string }[];
  status: string;
  enterpriseId: number | null;
  createdAtMs: number;
};

const FAIL =
  sql.raw(`f.id, f.job_id AS "jobId", f.chain_id AS "chainId", c.name AS "chainName", f.row_no AS "rowNo", f.cells, f.errors, f.status,
  f.enterprise_id AS "enterpriseId", (extract(epoch FROM f.created_at) * 1000)::float8 AS "createdAtMs"`);

export interface FailFilter {
  chainIds: number[] | null;
  chainId?: number;
  jobId?: number;
  status?: string;
}

function failWhere(f: FailFilter): SQL {
  const w: SQL[] = [inChains(sql`f.chain_id`, f.chainIds)];
  if (f.chainId !== undefined) w.push(sql`f.chain_id = ${f.chainId}`);
  if (f.jobId !== undefined) w.push(sql`f.job_id = ${f.jobId}`);
  if (f.status) w.push(sql`f.status = ${f.status}`);
  return sql.join(w, sql` AND `);
}

export async function pageFailRecords(db: DbOrTx, f: FailFilter, current: number, pageSize: number) {
  const where = failWhere(f);
  const r = await db.execute<FailRecordRow & { total: number }>(sql`
    SELECT t.n AS total, p.* FROM (SELECT count(*)::int AS n FROM chain_fail_records f WHERE ${where}) t
    LEFT JOIN LATERAL (
      SELECT ${FAIL} FROM (SELECT * FROM chain_fail_records f WHERE ${where} ORDER BY f.job_id DESC, f.row_no LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}) f
      JOIN industrial_chains c ON c.id = f.chain_id
    ) p ON true
    ORDER BY p."jobId" DESC, p."rowNo"`);
  return { rows: r.rows.filter((x) => x.id !== null), total: r.rows[0]?.total ?? 0 };
}

/**
 * The failed-rows export's batch (issue 30): the records of the filter after `after` in the page's order (newest
 * import first, then by row), `limit` of them: keyset paging on (job, row).
 */
export async function failRecordBatch(
  db: DbOrTx,
  f: FailFilter,
  after: { jobId: number; rowNo: number } | null,
  limit: number,
) {
  const where = after
    ? sql`${failWhere(f)} AND (f.job_id < ${after.jobId} OR (f.job_id = ${after.jobId} AND f.row_no > ${after.rowNo}))`
    : failWhere(f);
  const r = await db.execute<FailRecordRow>(sql`
    SELECT ${FAIL} FROM chain_fail_records f JOIN industrial_chains c ON c.id = f.chain_id
    WHERE ${where} ORDER BY f.job_id DESC, f.row_no LIMIT ${limit}`);
  return r.rows;
}

/** The failed rows of one import still FAILED, in sheet order, a batch after row `afterRowNo`. */
export async function failedRowsAfter(db: DbOrTx, jobId: number, afterRowNo: number, limit: number) {
  const r = await db.execute<{
    rowNo: number;
    cells: Record<string, string>;
    errors: { column: string | null; reason: string }[];
  }>(sql`
    SELECT row_no AS "rowNo", cells, errors FROM chain_fail_records WHERE job_id = ${jobId} AND status = 'FAILED' AND row_no > ${afterRowNo} ORDER BY row_no LIMIT ${limit}`);
  return r.rows;
}

export async function findFailRecord(db: DbOrTx, id: number, lock = false): Promise<FailRecordRow | null> {
  const r = await db.execute<FailRecordRow>(
    sql`SELECT ${FAIL} FROM chain_fail_records f JOIN industrial_chains c ON c.id = f.chain_id WHERE f.id = ${id} ${lock ? sql`FOR UPDATE OF f` : sql``}`,
  );
  return r.rows[0] ?? null;
}

/** The record registered again: REGISTERED with its member, and its import's pending count down. */
export async function markRegistered(tx: DbOrTx, id: number, jobId: number, enterpriseId: number) {
  await tx.execute(
    sql`UPDATE chain_fail_records SET status = 'REGISTERED', enterprise_id = ${enterpriseId} WHERE id = ${id}`,
  );
  await tx.execute(sql`UPDATE chain_imports SET pending = pending - 1 WHERE job_id = ${jobId}`);
}

/** A removed member's records forget it (the record stays REGISTERED). */
export async function forgetEnterprise(tx: DbOrTx, enterpriseId: number) {
  await tx.execute(sql`UPDATE chain_fail_records SET enterprise_id = NULL WHERE enterprise_id = ${enterpriseId}`);
}
