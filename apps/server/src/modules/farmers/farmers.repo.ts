import { sql } from 'drizzle-orm';
import type { FARMER_SORT, Village } from '@phjr/contract/farmers/farmer';
import type { ListSort } from '@phjr/contract/list-sort';
import { GENERIC_PLAN, type DbOrTx } from '../../db/client.ts';
import { andSql, cond, shapedSql, type Cond } from '../../db/shaped-sql.ts';
import { isoText, likeText, planOnce, sqlList } from '../../db/sql.ts';
import {
  resolveSort,
  sortAfter,
  sortKeyColumn,
  sortOrderBy,
  type SortColumn,
  type SortColumns,
  type SortCursor,
} from '../../db/sort.ts';
import type { FarmerScope } from './farmer-access.ts';

/** The tables of farmer records: farmers, farmer_villages and the figures farmer_village_figures (kept by triggers). */

/** The columns a record stores from its fields and its rating (FarmerValues) and reads back (FarmerRow). */
type StoredFields = {
  kind: string;
  name: string;
  idNumber: string;
  phone: string | null;
  districtCode: string;
  townshipCode: string;
  villageCode: string;
  grid: string | null;
  landArea: number;
  landTenure: string | null;
  mainProducts: string | null;
  annualIncome: number | null;
  assets: number | null;
  liabilities: number | null;
  overdueCount: number | null;
  yearsFarming: number | null;
  creditGranted: number;
  creditDrawn: number;
  financingNeed: number;
  needPurpose: string | null;
  rating: string;
  ratingScore: number | null;
  source: string;
};

export type FarmerRow = StoredFields & {
  id: number;
  districtName: string | null;
  townshipName: string | null;
  villageName: string | null;
  /** ISO text (db/sql.ts isoText). */
  createdAt: string;
  updatedAt: string;
};

const ROW_TEXT = `f.id, f.kind, f.name, f.id_number AS "idNumber", f.phone, f.district_code AS "districtCode",
  (SELECT name FROM regions WHERE code = f.district_code) AS "districtName", f.township_code AS "townshipCode", v.township_name AS "townshipName",
  f.village_code AS "villageCode", v.name AS "villageName", f.grid, f.land_area::float8 AS "landArea", f.land_tenure AS "landTenure",
  f.main_products AS "mainProducts", f.annual_income::float8 AS "annualIncome", f.assets::float8 AS assets, f.liabilities::float8 AS liabilities,
  f.overdue_count AS "overdueCount", f.years_farming AS "yearsFarming", f.credit_granted::float8 AS "creditGranted",
  f.credit_drawn::float8 AS "creditDrawn", f.financing_need::float8 AS "financingNeed", f.need_purpose AS "needPurpose", f.rating,
  f.rating_score AS "ratingScore", f.source, ${isoText('f.created_at')} AS "createdAt", ${isoText('f.updated_at')} AS "updatedAt"`;
const ROW = sql.raw(ROW_TEXT);

/** The list's filters, with its sort (issue 30): a field of FARMER_SORT; newest record first without. */
export interface FarmerFilter extends ListSort<FarmerSortField> {
  districtCode?: string;
  townshipCode?: string;
  villageCode?: string;
  kind?: string;
  rating?: string;
  hasNeed?: 'true' | 'false';
  keyword?: string;
  idNumber?: string;
}

export type FarmerSortField = (typeof FARMER_SORT)[number];

/**
 * Each sortable field's column on `f` (NOT NULL), the same value on the page statement's outer row `p`, and its type
 * (the export's cursor); the order ends with the id. Each is indexed with the id city-wide and per district (migration
 * 0040): a township's or a village's records are read from the district's index in order.
 */
const SORT_TEXT: Record<FarmerSortField, { inner: string; outer: string; cast: SortColumn['cast'] }> = {
  landArea: { inner: 'f.land_area', outer: 'p."landArea"', cast: 'numeric' },
  financingNeed: { inner: 'f.financing_need', outer: 'p."financingNeed"', cast: 'numeric' },
};
const sortColumn = (t: (typeof SORT_TEXT)[FarmerSortField]): SortColumn => ({
  expr: sql.raw(t.inner),
  outer: sql.raw(t.outer),
  cast: t.cast,
});
const SORT: SortColumns<FarmerSortField> = {
  landArea: sortColumn(SORT_TEXT.landArea),
  financingNeed: sortColumn(SORT_TEXT.financingNeed),
};

/**
 * The region conditions on the records (f) and on their village figures (g): the same columns, one template for each
 * table, since a shaped statement knows a condition by its template (db/shaped-sql.ts).
 */
const REGION_CONDS = {
  f: {
    scope: (codes: readonly string[]) => cond`f.district_code = ANY(${sqlList(codes)})`,
    district: (code: string) => cond`f.district_code = ${code}`,
    township: (code: string) => cond`f.township_code = ${code}`,
    village: (code: string) => cond`f.village_code = ${code}`,
  },
  g: {
    scope: (codes: readonly string[]) => cond`g.district_code = ANY(${sqlList(codes)})`,
    district: (code: string) => cond`g.district_code = ${code}`,
    township: (code: string) => cond`g.township_code = ${code}`,
    village: (code: string) => cond`g.village_code = ${code}`,
  },
};
const NONE = cond`false`;

/** The region filters alone (what farmer_village_figures can also answer), within the scope. */
function regionWhere(scope: FarmerScope, f: FarmerFilter, table: keyof typeof REGION_CONDS): Cond[] {
  const c = REGION_CONDS[table];
  const w: Cond[] = [];
  // One district (a district's users) as an equality: the generic plan then walks (district_code, id) for the page.
  if (scope !== null) w.push(scope.length === 1 ? c.district(scope[0]) : scope.length ? c.scope(scope) : NONE);
  if (f.districtCode) w.push(c.district(f.districtCode));
  if (f.townshipCode) w.push(c.township(f.townshipCode));
  if (f.villageCode) w.push(c.village(f.villageCode));
  return w;
}

/** Whether only region filters are set: the total then comes from the figures, not from counting records. */
const regionOnly = (f: FarmerFilter) => !f.kind && !f.rating && !f.hasNeed && !f.keyword && !f.idNumber;

function where(scope: FarmerScope, f: FarmerFilter): Cond[] {
  const w = regionWhere(scope, f, 'f');
  if (f.kind) w.push(cond`f.kind = ${f.kind}`);
  if (f.rating) w.push(cond`f.rating = ${f.rating}`);
  if (f.hasNeed === 'true') w.push(cond`f.financing_need > 0`);
  if (f.hasNeed === 'false') w.push(cond`f.financing_need = 0`);
  if (f.keyword) w.push(cond`f.name LIKE ${likeText(f.keyword)}`);
  // Exact: the whole number, never a prefix (docs/farmers.md "Masking").
  if (f.idNumber) w.push(cond`f.id_number = ${f.idNumber}`);
  return w;
}

// The fixed text of a page statement (pageFarmers).
const PAGE_ROWS = `) t
    LEFT JOIN LATERAL (
      SELECT ${ROW_TEXT} FROM (SELECT * FROM farmers f WHERE `;
const PAGE_TAIL = `) f
      JOIN farmer_villages v ON v.code = f.village_code
    ) p ON true
    ORDER BY p.id DESC ${GENERIC_PLAN}`;

/**
 * A page of the list and its total, in one statement (one round trip under load). Its text is made once per shape of
 * scope and filter (db/shaped-sql.ts): composed with drizzle's templates on every call, it cost ~7 µs of the page's
 * ~160 µs of Node CPU (issue 17 profile).
 */
export async function pageFarmers(db: DbOrTx, scope: FarmerScope, f: FarmerFilter, current: number, pageSize: number) {
  const total = regionOnly(f)
    ? [
        'SELECT coalesce(sum(g.collected), 0)::int AS n FROM farmer_village_figures g WHERE ',
        regionWhere(scope, f, 'g'),
      ]
    : ['SELECT count(*)::int AS n FROM farmers f WHERE ', where(scope, f)];
  // A sorted page: (column, id) in one direction inside and outside, planned for its values (no GENERIC_PLAN mark).
  const t = f.sortField ? SORT_TEXT[f.sortField] : null;
  const dir = (f.sortOrder ?? 'desc') === 'desc' ? 'DESC' : 'ASC';
  const order = t ? ` ORDER BY ${t.inner} ${dir}, f.id ${dir}` : ' ORDER BY f.id DESC';
  const tail = t
    ? `) f\n      JOIN farmer_villages v ON v.code = f.village_code\n    ) p ON true\n    ORDER BY ${t.outer} ${dir}, p.id ${dir}`
    : PAGE_TAIL;
  // The page total gets a name of its own: no column of a record may overwrite it in the row object.
  const r = await db.execute<FarmerRow & { pageTotal: number }>(
    shapedSql([
      '\n    SELECT t.n AS "pageTotal", p.* FROM (',
      ...total,
      PAGE_ROWS,
      where(scope, f),
      order,
      cond` LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}`,
      tail,
    ]),
  );
  // The rows as they come (the page total beside each is not a field of a record), or none past the end (a row of NULLs).
  const rows: FarmerRow[] = r.rows[0]?.id === null ? [] : r.rows;
  return { rows, total: r.rows[0]?.pageTotal ?? 0 };
}

/**
 * A batch of the list for the export after `after` (null: from the first), in the list's order: its sort, keyset on
 * (sort value, id) with the value as PostgreSQL wrote it; else newest first, after the last id.
 */
export async function farmerBatch(
  db: DbOrTx,
  scope: FarmerScope,
  f: FarmerFilter,
  after: SortCursor | null,
  limit: number,
) {
  const w = andSql(where(scope, f));
  const sort = resolveSort(f, SORT);
  const id = sql.raw('f.id');
  const next = after === null ? sql`` : sort ? sql`AND ${sortAfter(sort, id, after)}` : sql`AND f.id < ${after.id}`;
  const order = sort ? sql.join(sortOrderBy(sort, id, []), sql`, `) : sql`f.id DESC`;
  const r = await db.execute<FarmerRow & { sortKey: string }>(sql`
    SELECT ${ROW}, ${sort ? sortKeyColumn(sort) : sql`f.id::text`} AS "sortKey" FROM (SELECT * FROM farmers f WHERE ${w} ${next} ORDER BY ${order} LIMIT ${limit}) f
    JOIN farmer_villages v ON v.code = f.village_code ORDER BY ${order}`);
  return r.rows;
}

export async function findFarmer(db: DbOrTx, id: number): Promise<FarmerRow | null> {
  const r = await db.execute<FarmerRow>(
    sql`SELECT ${ROW} FROM farmers f JOIN farmer_villages v ON v.code = f.village_code WHERE f.id = ${id}`,
  );
  return r.rows[0] ?? null;
}

/** The stored columns of a record (after the rating is computed). */
export interface FarmerValues extends StoredFields {
  importJobId: number | null;
  createdBy: number | null;
}

/** Each stored column with its PostgreSQL type and its value of a record (in the order of the INSERT). */
const COLUMNS: [column: string, type: string, value: (v: FarmerValues) => unknown][] = [
  ['kind', 'text', (v) => v.kind],
  ['name', 'text', (v) => v.name],
  ['id_number', 'text', (v) => v.idNumber],
  ['phone', 'text', (v) => v.phone],
  ['district_code', 'text', (v) => v.districtCode],
  ['township_code', 'text', (v) => v.townshipCode],
  ['village_code', 'text', (v) => v.villageCode],
  ['grid', 'text', (v) => v.grid],
  ['land_area', 'numeric', (v) => v.landArea],
  ['land_tenure', 'text', (v) => v.landTenure],
  ['main_products', 'text', (v) => v.mainProducts],
  ['annual_income', 'numeric', (v) => v.annualIncome],
  ['assets', 'numeric', (v) => v.assets],
  ['liabilities', 'numeric', (v) => v.liabilities],
  ['overdue_count', 'int', (v) => v.overdueCount],
  ['years_farming', 'int', (v) => v.yearsFarming],
  ['credit_granted', 'numeric', (v) => v.creditGranted],
  ['credit_drawn', 'numeric', (v) => v.creditDrawn],
  ['financing_need', 'numeric', (v) => v.financingNeed],
  ['need_purpose', 'text', (v) => v.needPurpose],
  ['rating', 'text', (v) => v.rating],
  ['rating_score', 'int', (v) => v.ratingScore],
  ['source', 'text', (v) => v.source],
  ['import_job_id', 'bigint', (v) => v.importJobId],
  ['created_by', 'bigint', (v) => v.createdBy],
];
/** Columns an upsert replaces (the record keeps its id, source, creator and creation time). */
const UPDATED = COLUMNS.map(([c]) => c).filter(
  (c) => !['id_number', 'source', 'import_job_id', 'created_by'].includes(c),
);
const INSERT_COLUMNS = sql.raw(COLUMNS.map(([c]) => c).join(', '));
const ON_CONFLICT = sql.raw(
  `ON CONFLICT (id_number) DO UPDATE SET ${UPDATED.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, updated_at = now()`,
);

/**
 * Inserts records, or updates the record of an ID number already there (docs/farmers.md "Import": upsert). One
 * statement per batch of 5,000, its values as one array per column (unnest): 25 parameters whatever the batch, cheap
 * to build and to parse; the figures' trigger adds one delta per village and statement. Answers the ids and whether
 * each was new. `districts` (the writer's scope, null for the whole city): a record already there is updated only if
 * its district is among them, checked by the statement itself on the row it conflicts with (committed by another
 * transaction meanwhile included); a row it did not write is not in the answer.
 */
export async function upsertFarmers(
  db: DbOrTx,
  rows: FarmerValues[],
  districts: string[] | null,
): Promise<{ id: number; idNumber: string; inserted: boolean }[]> {
  const out: { id: number; idNumber: string; inserted: boolean }[] = [];
  for (let i = 0; i < rows.length; i += 5000) {
    const batch = rows.slice(i, i + 5000);
    const arrays = COLUMNS.map(([, type, value]) => sql`${sql.param(batch.map(value))}::${sql.raw(type)}[]`);
    const r = await db.execute<{ id: number; idNumber: string; inserted: boolean }>(sql`
      INSERT INTO farmers (${INSERT_COLUMNS}) SELECT * FROM unnest(${sql.join(arrays, sql`, `)}) ${ON_CONFLICT}
      ${districts === null ? sql`` : sql`WHERE farmers.district_code = ANY(${sql.param(districts)}::text[])`}
      RETURNING id, id_number AS "idNumber", (xmax = 0) AS inserted`);
    out.push(...r.rows);
  }
  return out;
}

/** The ID numbers among `ids` already on the platform, with each record's district. */
export async function existingIdNumbers(db: DbOrTx, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const r = await db.execute<{ idNumber: string; districtCode: string }>(sql`
    SELECT id_number AS "idNumber", district_code AS "districtCode" FROM farmers WHERE id_number IN (${sql.join(
      ids.map((x) => sql`${x}`),
      sql`, `,
    )})`);
  return new Map(r.rows.map((x) => [x.idNumber, x.districtCode]));
}

// ---------------------------------------------------------------------------------------------------------------------
// Villages

export async function listVillages(db: DbOrTx, districtCode?: string): Promise<Village[]> {
  const r = await db.execute<Village>(sql`
    SELECT v.code, v.name, v.township_code AS "townshipCode", v.township_name AS "townshipName", v.district_code AS "districtCode", rg.name AS "districtName"
    FROM farmer_villages v LEFT JOIN regions rg ON rg.code = v.district_code
    ${districtCode ? sql`WHERE v.district_code = ${districtCode}` : sql``} ORDER BY v.code`);
  return r.rows;
}

/** The villages among `codes` that exist. */
export async function existingVillages(db: DbOrTx, codes: string[]) {
  if (!codes.length) return new Set<string>();
  const r = await db.execute<{ code: string }>(
    sql`SELECT code FROM farmer_villages WHERE code IN (${sql.join(
      codes.map((c) => sql`${c}`),
      sql`, `,
    )})`,
  );
  return new Set(r.rows.map((x) => x.code));
}

// ---------------------------------------------------------------------------------------------------------------------
// Figures (farmer_village_figures)

export type FigureSums = {
  code: string;
  name: string | null;
  townshipName: string | null;
  districtName: string | null;
  collected: number;
  households: number;
  familyFarms: number;
  cooperatives: number;
  largeGrowers: number;
  agriEnterprises: number;
  rated: number;
  ratedAaa: number;
  ratedAa: number;
  ratedA: number;
  ratedB: number;
  ratedC: number;
  granted: number;
  grantedAmount: number;
  drawn: number;
  drawnAmount: number;
  withNeed: number;
  needAmount: number;
};

const SUMS =
  sql.raw(`coalesce(sum(g.collected), 0)::int AS collected, coalesce(sum(g.households), 0)::int AS households,
  coalesce(sum(g.family_farms), 0)::int AS "familyFarms", coalesce(sum(g.cooperatives), 0)::int AS cooperatives,
  coalesce(sum(g.large_growers), 0)::int AS "largeGrowers", coalesce(sum(g.agri_enterprises), 0)::int AS "agriEnterprises",
  coalesce(sum(g.rated), 0)::int AS rated, coalesce(sum(g.rated_aaa), 0)::int AS "ratedAaa", coalesce(sum(g.rated_aa), 0)::int AS "ratedAa",
  coalesce(sum(g.rated_a), 0)::int AS "ratedA", coalesce(sum(g.rated_b), 0)::int AS "ratedB", coalesce(sum(g.rated_c), 0)::int AS "ratedC",
  coalesce(sum(g.granted), 0)::int AS granted, coalesce(sum(g.granted_amount), 0)::float8 AS "grantedAmount",
  coalesce(sum(g.drawn), 0)::int AS drawn, coalesce(sum(g.drawn_amount), 0)::float8 AS "drawnAmount",
  coalesce(sum(g.with_need), 0)::int AS "withNeed", coalesce(sum(g.need_amount), 0)::float8 AS "needAmount"`);

/**
 * The portal's figures in one statement: the city (level T), each district (D), and each village of `districtCode`
 * (V), with the names. One generic plan serves every district, the largest and the smallest alike (planOnce: 1.15 ->
 * 0.81 ms a call for the bench's largest district, 1.03 -> 0.71 for its smallest).
 */
export async function portalSums(
  db: DbOrTx,
  districtCode?: string,
): Promise<(FigureSums & { level: 'T' | 'D' | 'V' })[]> {
  const r = await db.execute<FigureSums & { level: 'T' | 'D' | 'V' }>(sql`
    SELECT 'T' AS level, '' AS code, NULL AS name, NULL AS "townshipName", NULL AS "districtName", ${SUMS} FROM farmer_village_figures g
    UNION ALL
    SELECT 'D', s.code, rg.name, NULL, NULL, s.collected, s.households, s."familyFarms", s.cooperatives, s."largeGrowers", s."agriEnterprises", s.rated,
      s."ratedAaa", s."ratedAa", s."ratedA", s."ratedB", s."ratedC", s.granted, s."grantedAmount", s.drawn, s."drawnAmount", s."withNeed", s."needAmount"
    FROM (SELECT g.district_code AS code, ${SUMS} FROM farmer_village_figures g GROUP BY g.district_code) s LEFT JOIN regions rg ON rg.code = s.code
    UNION ALL
    SELECT 'V', g.village_code, v.name, v.township_name, NULL, g.collected, g.households, g.family_farms, g.cooperatives, g.large_growers, g.agri_enterprises,
      g.rated, g.rated_aaa, g.rated_aa, g.rated_a, g.rated_b, g.rated_c, g.granted, g.granted_amount::float8, g.drawn, g.drawn_amount::float8, g.with_need,
      g.need_amount::float8
    FROM farmer_village_figures g JOIN farmer_villages v ON v.code = g.village_code WHERE g.district_code = ${districtCode ?? ''}
    ORDER BY 1 DESC, 2${planOnce()}`);
  return r.rows;
}

export type FigureLevel = 'CITY' | 'DISTRICT' | 'TOWNSHIP' | 'VILLAGE';

/**
 * The figures summed per district, township or village (or in one row for the city), within the scope and the
 * region filters: a scan of farmer_village_figures (one row per village), whatever the number of records.
 */
export async function figureSums(
  db: DbOrTx,
  scope: FarmerScope,
  f: { districtCode?: string; townshipCode?: string },
  level: FigureLevel,
): Promise<FigureSums[]> {
  const whereSql = andSql(regionWhere(scope, f, 'g'));
  if (level === 'CITY') {
    const r = await db.execute<FigureSums>(
      sql`SELECT '' AS code, NULL AS name, NULL AS "townshipName", NULL AS "districtName", ${SUMS} FROM farmer_village_figures g WHERE ${whereSql}`,
    );
    return r.rows;
  }
  if (level === 'DISTRICT') {
    const r = await db.execute<FigureSums>(sql`
      SELECT s.*, rg.name AS name, NULL AS "townshipName", NULL AS "districtName" FROM (SELECT g.district_code AS code, ${SUMS} FROM farmer_village_figures g WHERE ${whereSql} GROUP BY g.district_code) s
      LEFT JOIN regions rg ON rg.code = s.code ORDER BY s.code`);
    return r.rows;
  }
  if (level === 'TOWNSHIP') {
    const r = await db.execute<FigureSums>(sql`
      SELECT s.*, NULL AS "townshipName", rg.name AS "districtName"
      FROM (SELECT g.township_code AS code, min(g.district_code) AS district, min(v.township_name) AS name, ${SUMS}
            FROM farmer_village_figures g JOIN farmer_villages v ON v.code = g.village_code WHERE ${whereSql} GROUP BY g.township_code) s
      LEFT JOIN regions rg ON rg.code = s.district ORDER BY s.code`);
    return r.rows;
  }
  const r = await db.execute<FigureSums>(sql`
    SELECT s.*, v.name, v.township_name AS "townshipName", rg.name AS "districtName"
    FROM (SELECT g.village_code AS code, ${SUMS} FROM farmer_village_figures g WHERE ${whereSql} GROUP BY g.village_code) s
    JOIN farmer_villages v ON v.code = s.code LEFT JOIN regions rg ON rg.code = v.district_code ORDER BY s.code`);
  return r.rows;
}

/**
 * The farmer-data entity (family farm, cooperative, agricultural enterprise) holding a credit code, for the credit
 * query's full record (modules/credit CreditLinks.farmerEntity): its kind, district and rating; never a person's record.
 */
export async function farmerEntityByCode(
  db: DbOrTx,
  creditCode: string,
): Promise<{ entityType: string; regionName: string | null; rating: string | null } | null> {
  const r = await db.execute<{ entityType: string; regionName: string | null; rating: string | null }>(sql`
    SELECT f.kind AS "entityType", (SELECT name FROM regions WHERE code = f.district_code) AS "regionName", f.rating
    FROM farmers f WHERE f.id_number = ${creditCode} AND f.kind NOT IN ('HOUSEHOLD', 'LARGE_GROWER')`);
  return r.rows[0] ?? null;
}
