import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { importJobs } from './accounts.ts';
import { orgs } from './orgs.ts';

/**
 * Farmer credit data (PRODUCT.md section 10, docs/farmers.md). Amounts in 万元, land in 亩. The figures live in
 * farmer_village_figures, moved by statement-level triggers on `farmers` (migration 0016) in the statement that
 * inserts, updates or deletes records: a 100,000-row import adds one aggregated delta per village, and no request
 * ever counts records.
 */

/** Villages (行政村): code = district (6) + township (3) + village (3). */
export const farmerVillages = pgTable(
  'farmer_villages',
  {
    code: varchar('code', { length: 12 }).primaryKey(),
    districtCode: varchar('district_code', { length: 6 }).notNull(),
    townshipCode: varchar('township_code', { length: 9 }).notNull(),
    townshipName: varchar('township_name', { length: 40 }).notNull(),
    name: varchar('name', { length: 40 }).notNull(),
  },
  (t) => [index('farmer_villages_district_idx').on(t.districtCode, t.code)],
);

/**
 * One household or agricultural entity. `id_number` (resident identity number or credit code) and `phone` are stored
 * in clear and masked by the service on every answer but `sensitive` (docs/farmers.md: a production deployment adds
 * column encryption and a keyed hash for the exact search). The rating is computed (contract rateFarmer) on every
 * write, never typed in. District and township are the village code's prefixes, kept as columns for the filters.
 */
export const farmers = pgTable(
  'farmers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** FARMER_KINDS */
    kind: varchar('kind', { length: 16 }).notNull(),
    name: varchar('name', { length: 60 }).notNull(),
    idNumber: varchar('id_number', { length: 18 }).notNull(),
    phone: varchar('phone', { length: 11 }),
    districtCode: varchar('district_code', { length: 6 }).notNull(),
    townshipCode: varchar('township_code', { length: 9 }).notNull(),
    villageCode: varchar('village_code', { length: 12 })
      .notNull()
      .references(() => farmerVillages.code),
    grid: varchar('grid', { length: 40 }),
    landArea: numeric('land_area', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    /** LAND_TENURES */
    landTenure: varchar('land_tenure', { length: 16 }),
    mainProducts: varchar('main_products', { length: 100 }),
    annualIncome: numeric('annual_income', { precision: 12, scale: 2, mode: 'number' }),
    assets: numeric('assets', { precision: 12, scale: 2, mode: 'number' }),
    liabilities: numeric('liabilities', { precision: 12, scale: 2, mode: 'number' }),
    overdueCount: integer('overdue_count'),
    yearsFarming: integer('years_farming'),
    creditGranted: numeric('credit_granted', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    creditDrawn: numeric('credit_drawn', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    financingNeed: numeric('financing_need', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    needPurpose: varchar('need_purpose', { length: 100 }),
    /** FARMER_RATINGS, from rateFarmer */
    rating: varchar('rating', { length: 8 }).notNull(),
    ratingScore: integer('rating_score'),
    /** IMPORT or REREGISTERED */
    source: varchar('source', { length: 16 }).notNull(),
    importJobId: bigint('import_job_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('farmers_id_number_idx').on(t.idNumber),
    index('farmers_village_idx').on(t.villageCode, t.id),
    index('farmers_township_idx').on(t.townshipCode, t.id),
    index('farmers_district_idx').on(t.districtCode, t.id),
    // The list sorted by land area or financing need (issue 30, FARMER_SORT), city-wide and per district.
    index('farmers_land_area_idx').on(t.landArea, t.id),
    index('farmers_district_land_area_idx').on(t.districtCode, t.landArea, t.id),
    index('farmers_need_idx').on(t.financingNeed, t.id),
    index('farmers_district_need_idx').on(t.districtCode, t.financingNeed, t.id),
  ],
);

/** Per village, the figures of docs/statistics.md ("Farmer credit data"), kept by the triggers on `farmers`. */
export const farmerVillageFigures = pgTable(
  'farmer_village_figures',
  {
    villageCode: varchar('village_code', { length: 12 }).primaryKey(),
    districtCode: varchar('district_code', { length: 6 }).notNull(),
    townshipCode: varchar('township_code', { length: 9 }).notNull(),
    collected: integer('collected').notNull().default(0),
    households: integer('households').notNull().default(0),
    familyFarms: integer('family_farms').notNull().default(0),
    cooperatives: integer('cooperatives').notNull().default(0),
    largeGrowers: integer('large_growers').notNull().default(0),
    agriEnterprises: integer('agri_enterprises').notNull().default(0),
    rated: integer('rated').notNull().default(0),
    ratedAaa: integer('rated_aaa').notNull().default(0),
    ratedAa: integer('rated_aa').notNull().default(0),
    ratedA: integer('rated_a').notNull().default(0),
    ratedB: integer('rated_b').notNull().default(0),
    ratedC: integer('rated_c').notNull().default(0),
    granted: integer('granted').notNull().default(0),
    grantedAmount: numeric('granted_amount', { precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
    drawn: integer('drawn').notNull().default(0),
    drawnAmount: numeric('drawn_amount', { precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
    withNeed: integer('with_need').notNull().default(0),
    needAmount: numeric('need_amount', { precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [index('farmer_village_figures_district_idx').on(t.districtCode, t.townshipCode)],
);

/** A farmer import (its import_jobs row): who, the district it was scoped to (null: city-wide), failed rows pending. */
export const farmerImports = pgTable(
  'farmer_imports',
  {
    jobId: bigint('job_id', { mode: 'number' })
      .primaryKey()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    orgId: bigint('org_id', { mode: 'number' }).references(() => orgs.id),
    districtCode: varchar('district_code', { length: 6 }),
    updated: integer('updated').notNull().default(0),
    pending: integer('pending').notNull().default(0),
  },
  (t) => [index('farmer_imports_district_idx').on(t.districtCode, t.jobId)],
);

/** A refused import row: its cells as read, its errors by column, FAILED until registered again. */
export const farmerFailRecords = pgTable(
  'farmer_fail_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    /** The import's scope (null: city-wide), copied so the list filters without a join. */
    districtCode: varchar('district_code', { length: 6 }),
    rowNo: integer('row_no').notNull(),
    cells: jsonb('cells').$type<Record<string, string>>().notNull(),
    errors: jsonb('errors').$type<{ column: string | null; reason: string }[]>().notNull(),
    status: varchar('status', { length: 10 }).notNull().default('FAILED'),
    farmerId: bigint('farmer_id', { mode: 'number' }).references(() => farmers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('farmer_fail_records_job_idx').on(t.jobId, t.rowNo),
    index('farmer_fail_records_district_idx').on(t.districtCode, t.status, t.id),
  ],
);
