import { sql, type SQL } from 'drizzle-orm';
import type { ExitOutcome, ShelterFigures, ShelterState } from '@phjr/contract/shelter/shelter';
import type { DbOrTx } from '../../db/client.ts';
import type { ReadPart } from '../../db/sql.ts';

/**
 * The shelter's figures (docs/statistics.md "Financial shelter"), one row per district in shelter_figures, moved by
 * the transaction of every application, transition and measure (never counted from the cases on a request). The
 * city's figures sum the rows (at most 8). `recomputeFigures` rebuilds the table from the cases and measures: the
 * seeds use it, and the tests compare it with what the writes kept.
 */

/** The counters a write may move (column names of shelter_figures). */
const COUNTERS = [
  'applied',
  'under_review',
  'in_shelter',
  'not_admitted',
  'withdrawn',
  'exited_recovered',
  'exited_other',
  'measures',
  'new_credit_amount',
  'extended_amount',
  'renewed_amount',
  'rate_cuts',
  'rate_cut_bp_sum',
  'penalty_waived',
  'admission_days_sum',
  'first_help_days_sum',
  'first_help_cases',
] as const;
export type Counter = (typeof COUNTERS)[number];

/** The counter of the cases in a state (an exited case counts by its outcome). */
export function stateCounter(state: ShelterState, outcome?: ExitOutcome | null): Counter {
  switch (state) {
    case 'APPLIED':
      return 'applied';
    case 'UNDER_REVIEW':
      return 'under_review';
    case 'IN_SHELTER':
      return 'in_shelter';
    case 'NOT_ADMITTED':
      return 'not_admitted';
    case 'WITHDRAWN':
      return 'withdrawn';
    case 'EXITED':
      return outcome === 'RECOVERED' ? 'exited_recovered' : 'exited_other';
  }
}

/** Adds `deltas` to the district's row (creating it), in the caller's transaction. */
export async function bumpFigures(tx: DbOrTx, regionCode: string, deltas: Partial<Record<Counter, number>>) {
  const cols = (Object.keys(deltas) as Counter[]).filter((k) => COUNTERS.includes(k) && deltas[k]);
  if (!cols.length) return;
  const names = sql.raw(cols.join(', '));
  const values = sql.join(
    cols.map((k) => sql`${deltas[k]}`),
    sql`, `,
  );
  const sets = sql.raw(cols.map((k) => `${k} = shelter_figures.${k} + EXCLUDED.${k}`).join(', '));
  await tx.execute(
    sql`INSERT INTO shelter_figures (region_code, ${names}) VALUES (${regionCode}, ${values}) ON CONFLICT (region_code) DO UPDATE SET ${sets}`,
  );
}

type Row = Record<Counter, number> & { regionCode: string; regionName: string };

const SUMS = sql.raw(COUNTERS.map((k) => `coalesce(sum(g.${k}), 0)::float8 AS ${k}`).join(', '));
const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;

/** The figures of one row (or a sum of rows). */
export function figuresOf(r: Record<Counter, number>): ShelterFigures {
  const admitted = r.in_shelter + r.exited_recovered + r.exited_other;
  return {
    applications: r.applied + r.under_review + r.not_admitted + r.withdrawn + admitted,
    admitted,
    refused: r.not_admitted,
    withdrawn: r.withdrawn,
    inShelter: r.in_shelter,
    exitedRecovered: r.exited_recovered,
    exitedOther: r.exited_other,
    measures: r.measures,
    newCreditAmount: round2(r.new_credit_amount),
    extendedAmount: round2(r.extended_amount),
    renewedAmount: round2(r.renewed_amount),
    rateCuts: r.rate_cuts,
    avgRateCutBp: r.rate_cuts ? round1(r.rate_cut_bp_sum / r.rate_cuts) : null,
    penaltyWaived: round2(r.penalty_waived),
    avgDaysToAdmission: admitted ? round1(r.admission_days_sum / admitted) : null,
    avgDaysToFirstHelp: r.first_help_cases ? round1(r.first_help_days_sum / r.first_help_cases) : null,
  };
}

/** The figures summed over the districts (all of them, or `regionCodes`). */
export async function sumFigures(db: DbOrTx, regionCodes?: string[]): Promise<ShelterFigures> {
  const w: SQL = regionCodes ? sql`WHERE g.region_code = ANY(${sql.param(regionCodes)})` : sql``;
  const r = await db.execute<Record<Counter, number>>(sql`SELECT ${SUMS} FROM shelter_figures g ${w}`);
  return figuresOf(r.rows[0]);
}

/** The cases exited recovered over every district (the total's `exitedRecovered`), as a read part. */
export const recoveredTotal: ReadPart<number> = {
  sql: sql`SELECT coalesce(sum(exited_recovered), 0)::float8 AS n FROM shelter_figures`,
  of: (rows) => Number(rows[0]?.n ?? 0),
};

/** Every district's figures (districts without a case show zeros), in the regions' order. */
export async function figuresByDistrict(db: DbOrTx) {
  const cols = sql.raw(COUNTERS.map((k) => `coalesce(g.${k}, 0)::float8 AS ${k}`).join(', '));
  const r = await db.execute<Row>(sql`
    SELECT d.code AS "regionCode", d.name AS "regionName", ${cols}
    FROM regions d LEFT JOIN shelter_figures g ON g.region_code = d.code
    WHERE d.parent_code IS NOT NULL ORDER BY d.sort, d.code`);
  return r.rows.map((row) => ({ regionCode: row.regionCode, regionName: row.regionName, figures: figuresOf(row) }));
}

/**
 * Rebuilds every district's row from the cases and the measures (the definitions of docs/statistics.md as SQL). The
 * seeds call it after writing cases directly; the tests compare it with the counters the writes kept.
 */
export async function recomputeFigures(tx: DbOrTx) {
  await tx.execute(sql`DELETE FROM shelter_figures`);
  await tx.execute(sql`
    INSERT INTO shelter_figures (region_code, applied, under_review, in_shelter, not_admitted, withdrawn, exited_recovered, exited_other,
      measures, new_credit_amount, extended_amount, renewed_amount, rate_cuts, rate_cut_bp_sum, penalty_waived,
      admission_days_sum, first_help_days_sum, first_help_cases)
    SELECT c.region_code,
      count(*) FILTER (WHERE c.state = 'APPLIED'), count(*) FILTER (WHERE c.state = 'UNDER_REVIEW'), count(*) FILTER (WHERE c.state = 'IN_SHELTER'),
      count(*) FILTER (WHERE c.state = 'NOT_ADMITTED'), count(*) FILTER (WHERE c.state = 'WITHDRAWN'),
      count(*) FILTER (WHERE c.state = 'EXITED' AND c.exit_outcome = 'RECOVERED'), count(*) FILTER (WHERE c.state = 'EXITED' AND c.exit_outcome IS DISTINCT FROM 'RECOVERED'),
      coalesce(sum(m.n), 0), coalesce(sum(m.new_credit), 0), coalesce(sum(m.extended), 0), coalesce(sum(m.renewed), 0),
      coalesce(sum(m.cuts), 0), coalesce(sum(m.cut_bp), 0), coalesce(sum(m.waived), 0),
      coalesce(sum(((c.admitted_at AT TIME ZONE 'Asia/Shanghai')::date - (c.created_at AT TIME ZONE 'Asia/Shanghai')::date)) FILTER (WHERE c.admitted_at IS NOT NULL), 0),
      coalesce(sum(c.first_help_on - (c.admitted_at AT TIME ZONE 'Asia/Shanghai')::date) FILTER (WHERE c.first_help_on IS NOT NULL), 0),
      count(*) FILTER (WHERE c.first_help_on IS NOT NULL)
    FROM shelter_cases c LEFT JOIN LATERAL (
      SELECT count(*) AS n,
        sum(amount) FILTER (WHERE type = 'NEW_CREDIT') AS new_credit, sum(amount) FILTER (WHERE type = 'EXTENSION') AS extended,
        sum(amount) FILTER (WHERE type = 'RENEWAL_NO_PRINCIPAL') AS renewed,
        count(*) FILTER (WHERE type = 'RATE_RELIEF' AND rate_change_bp < 0) AS cuts, sum(rate_change_bp) FILTER (WHERE type = 'RATE_RELIEF' AND rate_change_bp < 0) AS cut_bp,
        sum(penalty_waived) FILTER (WHERE type = 'PENALTY_WAIVER') AS waived
      FROM shelter_measures WHERE case_id = c.id) m ON true
    GROUP BY c.region_code`);
}

/** The table as it is (for the tests: compared with recomputeFigures' result). */
export async function figureRows(db: DbOrTx) {
  const r = await db.execute<Row>(
    sql`SELECT region_code AS "regionCode", ${sql.raw(COUNTERS.map((k) => `${k}::float8 AS ${k}`).join(', '))} FROM shelter_figures ORDER BY region_code`,
  );
  return r.rows;
}
