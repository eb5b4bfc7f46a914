import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The achievement display's own reads (everything else it shows comes from the report repository's rollup reads, the
 * homepage overview, the chains' and the shelter's kept counters). Public and polled by every open dashboard: each read
 * here is a handful of rows walked on an index, whatever the number of demands.
 */

export type LatestGrantRow = {
  day: string;
  applicantName: string;
  applicantType: string;
  bankName: string | null;
  regionName: string | null;
  amount: number;
};

/**
 * The `limit` latest grants, newest grant date first (then newest demand), makeup loans included: walks
 * demands_granted_idx (status GRANTED, granted_at desc, id desc) and stops after `limit` rows. The bank is the head
 * office (a branch's grant shows its bank), else the guarantee company. A row without a grant date (no writer of the
 * app leaves one; raw data might) is not a grant the reports count, nor shown here.
 */
export async function latestGrants(db: DbOrTx, limit: number): Promise<LatestGrantRow[]> {
  return latestGrantRows((await db.execute<Record<string, unknown>>(latestGrantsSql(limit))).rows);
}

/** The statement of latestGrants, to read with the dashboard's other reads (report.repo.ts readMany). */
export const latestGrantsSql = (limit: number) => {
  // The limit a literal (a constant of the code): a prepared statement's generic plan then knows it reads a few rows.
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`limit ${limit}`);
  return sql`
    SELECT d.granted_at::text AS day, d.applicant_name AS "applicantName", d.applicant_type AS "applicantType",
      coalesce((SELECT name FROM orgs WHERE id = d.bank_id), (SELECT name FROM orgs WHERE id = d.bank_org_id), (SELECT name FROM orgs WHERE id = d.guarantee_org_id)) AS "bankName",
      (SELECT name FROM regions WHERE code = d.region_code) AS "regionName", d.granted_amount::float8 AS amount
    FROM demands d
    WHERE d.status = 'GRANTED' AND d.granted_at IS NOT NULL
    ORDER BY d.granted_at DESC, d.id DESC
    LIMIT ${sql.raw(String(limit))}`;
};

export const latestGrantRows = (rows: readonly Record<string, unknown>[]): LatestGrantRow[] =>
  rows.map((x) => ({
    day: x.day as string,
    applicantName: x.applicantName as string,
    applicantType: x.applicantType as string,
    bankName: x.bankName as string | null,
    regionName: x.regionName as string | null,
    amount: Number(x.amount),
  }));
