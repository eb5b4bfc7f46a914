import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { orgs } from './orgs.ts';

/** A demand still open on its product: the one-open-demand-per-applicant-per-product rule is this unique index. */
const open = sql`product_id IS NOT NULL AND status IN ('PENDING', 'ACCEPTED', 'GUARANTEE_ACCEPTED', 'GUARANTEED', 'EXPIRED')`;
/** The public pool: pending, not (or no longer) addressed to a bank, not a guarantee demand. */
const pool = sql`status = 'PENDING' AND bank_org_id IS NULL AND type <> 'GUARANTEE'`;
const running = sql`due_at IS NOT NULL`;

/**
 * Financing demands (PRODUCT.md section 6), one row each, whatever their type and source. Amounts in 万元, terms in
 * months, rates in % a year. The organisation columns say who has the demand now:
 * - `target_org_id`: the unit it is addressed to (an ORIENTATION or reassigned demand's bank unit, a GUARANTEE
 *   demand's guarantee company); `owner_org_id`: the bank unit that accepted it (or took it from the guarantee company);
 * - `bank_org_id`: the bank unit in charge now (the owner, else the addressed bank unit; NULL in the public pool and
 *   while a guarantee company has it), `bank_id` its head office: the banks' lists and the bank filter read these;
 * - `guarantee_org_id`: the guarantee company of a GUARANTEE demand.
 * `due_at` is the deadline running now (acceptance while PENDING, decision once accepted), `warn_at` the moment its
 * warning is due (one working day before), `pool_at` when an expired orientation demand goes back to the public
 * pool. Display codes (XQ + day + id) are derived from the id and the creation day, not stored.
 */
export const demands = pgTable(
  'demands',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** PUBLIC, ORIENTATION or GUARANTEE. */
    type: varchar('type', { length: 12 }).notNull(),
    /** DEMAND_STATUSES; moved only through DEMAND_TRANSITIONS. */
    status: varchar('status', { length: 20 }).notNull(),
    /** APPLICANT or MAKEUP. */
    source: varchar('source', { length: 10 }).notNull().default('APPLICANT'),
    /** The applicant's account (an enterprise's main account, also when its sub-account posts); NULL for makeup. */
    applicantUserId: bigint('applicant_user_id', { mode: 'number' }),
    applicantName: text('applicant_name').notNull(),
    /** A CustomerType: PERSON, ENTERPRISE, FARMER, NEW_AGRI_ENTITY. */
    applicantType: varchar('applicant_type', { length: 16 }).notNull(),
    creditCode: varchar('credit_code', { length: 18 }),
    /** Who wrote it: the applicant, its sub-account, or the operator (makeup). */
    createdBy: bigint('created_by', { mode: 'number' }),
    productId: bigint('product_id', { mode: 'number' }),
    /**
     * The product's policy programme at posting (CYDBD: 创业担保贷), set by a BEFORE trigger from products.policy
     * (migration 0035) whatever writes the demand; the rollup's scope C counts these demands (docs/statistics.md).
     */
    policy: varchar('policy', { length: 12 }),
    targetOrgId: bigint('target_org_id', { mode: 'number' }).references(() => orgs.id),
    ownerOrgId: bigint('owner_org_id', { mode: 'number' }).references(() => orgs.id),
    bankOrgId: bigint('bank_org_id', { mode: 'number' }).references(() => orgs.id),
    bankId: bigint('bank_id', { mode: 'number' }).references(() => orgs.id),
    guaranteeOrgId: bigint('guarantee_org_id', { mode: 'number' }).references(() => orgs.id),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    term: integer('term').notNull(),
    purpose: text('purpose').notNull(),
    guaranteeMethod: varchar('guarantee_method', { length: 20 }).notNull(),
    /** A district or county. */
    regionCode: varchar('region_code', { length: 12 }).notNull(),
    industry: varchar('industry', { length: 20 }).notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: varchar('contact_phone', { length: 20 }).notNull(),
    /** Consent to the credit query: who gave it, when, for which institution (NULL: none, e.g. makeup). */
    consentUserId: bigint('consent_user_id', { mode: 'number' }),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentInstitution: text('consent_institution'),
    acceptDeadline: timestamp('accept_deadline', { withTimezone: true }),
    decideDeadline: timestamp('decide_deadline', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    warnAt: timestamp('warn_at', { withTimezone: true }),
    warnedAt: timestamp('warned_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    poolAt: timestamp('pool_at', { withTimezone: true }),
    /** First acceptance, by a bank or a guarantee company. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** Granted or rejected. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    grantedAmount: numeric('granted_amount', { precision: 12, scale: 2, mode: 'number' }),
    grantedRate: numeric('granted_rate', { precision: 6, scale: 3, mode: 'number' }),
    grantedTerm: integer('granted_term'),
    grantedAt: date('granted_at'),
    guaranteedAmount: numeric('guaranteed_amount', { precision: 12, scale: 2, mode: 'number' }),
    /** The guarantee issued (contract demands/guarantee-terms.ts): fee rate % a year, term, contract number, days. */
    guaranteeFeeRate: numeric('guarantee_fee_rate', { precision: 6, scale: 3, mode: 'number' }),
    guaranteeTerm: integer('guarantee_term'),
    guaranteeContractNo: varchar('guarantee_contract_no', { length: 40 }),
    guaranteeSignedAt: date('guarantee_signed_at'),
    guaranteeStartDate: date('guarantee_start_date'),
    guaranteeEndDate: date('guarantee_end_date'),
    rejectCode: varchar('reject_code', { length: 24 }),
    /**
     * Kept by the BEFORE trigger `demand_report_marks` (migration 0020) for the reports (docs/statistics.md, "Report
     * figures"), whatever writes the row: when it was withdrawn; the unit that let it expire (its bank unit, else its
     * guarantee company, at expiry); working days (the operator's calendar then) from posting to acceptance and from
     * acceptance to the grant date; whether the grant was the borrower's first on the platform (首贷户).
     */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    expiredOrgId: bigint('expired_org_id', { mode: 'number' }),
    acceptWd: smallint('accept_wd'),
    grantWd: smallint('grant_wd'),
    firstLoan: boolean('first_loan'),
    rejectReason: text('reject_reason'),
    withdrawReason: text('withdraw_reason'),
    urgeCount: integer('urge_count').notNull().default(0),
    lastUrgedAt: timestamp('last_urged_at', { withTimezone: true }),
    /** The makeup import that wrote it. */
    importJobId: bigint('import_job_id', { mode: 'number' }),
    /**
     * The key the applicant's form sent with it (one per opening of the form): a retry or double submit with the same
     * key is answered with this demand instead of a new one. Unique per applicant.
     */
    idempotencyKey: varchar('idempotency_key', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Every list is newest first: one index per scope, so a first page is an index walk.
    index('demands_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('demands_status_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The operator's views (type and source) by state and date: pages walk it, capped counts read it alone.
    index('demands_view_idx').on(t.type, t.source, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('demands_region_idx').on(t.regionCode, t.status, t.createdAt.desc().nullsFirst()),
    index('demands_region_created_idx').on(t.regionCode, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('demands_bank_idx').on(t.bankId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('demands_bank_org_idx').on(t.bankOrgId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('demands_guarantee_idx')
      .on(t.guaranteeOrgId, t.createdAt.desc().nullsFirst())
      .where(sql`guarantee_org_id IS NOT NULL`),
    index('demands_applicant_idx').on(t.applicantUserId, t.createdAt.desc().nullsFirst()),
    uniqueIndex('demands_open_product_uq').on(t.applicantUserId, t.productId).where(open),
    uniqueIndex('demands_idempotency_uq')
      .on(t.applicantUserId, t.idempotencyKey)
      .where(sql`idempotency_key IS NOT NULL`),
    // The public pool, whole city and per district.
    index('demands_pool_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(pool),
    index('demands_pool_region_idx')
      .on(t.regionCode, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(pool),
    // Running deadlines: the sweep, the overdue lists and the workbench's "due soon".
    // With the district: the reports' count of deadlines passed per district reads the few entries before now()
    // (an index-only scan) instead of every running demand of every district (issue 17: 217 -> 7 buffers).
    index('demands_due_idx').on(t.dueAt, t.regionCode).where(running),
    index('demands_bank_due_idx').on(t.bankId, t.dueAt).where(running),
    index('demands_bank_org_due_idx').on(t.bankOrgId, t.dueAt).where(running),
    index('demands_guarantee_due_idx').on(t.guaranteeOrgId, t.dueAt).where(running),
    index('demands_region_due_idx').on(t.regionCode, t.dueAt).where(running),
    index('demands_warn_idx')
      .on(t.warnAt)
      .where(sql`warned_at IS NULL AND warn_at IS NOT NULL`),
    index('demands_pool_at_idx')
      .on(t.poolAt)
      .where(sql`pool_at IS NOT NULL`),
    // The latest grants (the achievement display) and the first-loan check of each grant.
    index('demands_granted_idx')
      .on(t.grantedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'GRANTED'`),
    index('demands_borrower_granted_idx')
      .on(sql`demand_borrower(credit_code, applicant_user_id, applicant_name)`)
      .where(sql`status = 'GRANTED'`),
    // A list sorted by the amount applied for (issue 30, DEMAND_SORT): each scope walks its rows in that order (a bank's
    // head office, its units, the operator's views, a district, a guarantee company, the city).
    index('demands_bank_amount_idx').on(t.bankId, t.amount, t.id),
    index('demands_bank_org_amount_idx').on(t.bankOrgId, t.amount, t.id),
    index('demands_view_amount_idx').on(t.type, t.source, t.amount, t.id),
    index('demands_region_amount_idx').on(t.regionCode, t.amount, t.id),
    index('demands_guarantee_amount_idx')
      .on(t.guaranteeOrgId, t.amount, t.id)
      .where(sql`guarantee_org_id IS NOT NULL`),
    index('demands_amount_idx').on(t.amount, t.id),
    // Makeup duplicates are looked up by applicant and grant day.
    index('demands_makeup_idx')
      .on(t.applicantName, t.grantedAt)
      .where(sql`source = 'MAKEUP'`),
  ],
);

/** Every transition of a demand, and its dispatches, urges and deadline warnings: the timeline. */
export const demandHistory = pgTable(
  'demand_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    demandId: bigint('demand_id', { mode: 'number' })
      .notNull()
      .references(() => demands.id, { onDelete: 'cascade' }),
    /** `create`, `makeup`, an action of DEMAND_TRANSITIONS, or `dispatch`, `urge`, `warn`. */
    action: varchar('action', { length: 16 }).notNull(),
    /** Both NULL for what changes no state (dispatch, urge, warn). */
    fromStatus: varchar('from_status', { length: 20 }),
    toStatus: varchar('to_status', { length: 20 }),
    /** NULL: the system (the SLA sweep). */
    userId: bigint('user_id', { mode: 'number' }),
    /** The actor's organisation at the time. */
    orgId: bigint('org_id', { mode: 'number' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('demand_history_demand_idx').on(t.demandId, t.id)],
);

/** Files the applicant attached (PRIVATE uploads, read through the demand). */
export const demandAttachments = pgTable(
  'demand_attachments',
  {
    demandId: bigint('demand_id', { mode: 'number' })
      .notNull()
      .references(() => demands.id, { onDelete: 'cascade' }),
    fileId: varchar('file_id', { length: 64 }).notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.demandId, t.fileId] })],
);

/**
 * How many demands there are per (region, type, status, source, bank unit, guarantee company), 0 standing for none:
 * every list's total without a date, overdue or keyword filter is a sum over these rows. Kept exact by triggers on
 * demands (migration 0005) in the statement that changes them, whatever writes it (service, sweep, import, seeds).
 */
export const demandCounts = pgTable(
  'demand_counts',
  {
    regionCode: varchar('region_code', { length: 12 }).notNull(),
    type: varchar('type', { length: 12 }).notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    source: varchar('source', { length: 10 }).notNull(),
    bankOrgId: bigint('bank_org_id', { mode: 'number' }).notNull(),
    guaranteeOrgId: bigint('guarantee_org_id', { mode: 'number' }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.regionCode, t.type, t.status, t.source, t.bankOrgId, t.guaranteeOrgId] }),
    index('demand_counts_bank_org_idx').on(t.bankOrgId),
    index('demand_counts_guarantee_idx').on(t.guaranteeOrgId),
  ],
);

/**
 * How many demands were created per Beijing day (bj_day(created_at)) and (type, source, status, region): the total of
 * a list with a date filter and no finer condition (the operator's and supervisors' lists) is a sum over the days'
 * rows instead of a count of up to DEMAND_COUNT_CAP demands. Kept exact by triggers on demands (migration
 * 0024_demand_day_counts) like demand_counts.
 */
export const demandDayCounts = pgTable(
  'demand_day_counts',
  {
    type: varchar('type', { length: 12 }).notNull(),
    source: varchar('source', { length: 10 }).notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    day: date('day').notNull(),
    regionCode: varchar('region_code', { length: 12 }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.type, t.source, t.status, t.day, t.regionCode] })],
);

/**
 * Exact platform totals for the homepage overview (docs/statistics.md), one row per key and shard: a change adds to
 * the shard of its row's id, so concurrent transactions rarely wait on one row; a reader sums the shards. Kept by
 * triggers on demands and users (migration 0005).
 */
export const statTotals = pgTable(
  'stat_totals',
  {
    key: varchar('key', { length: 32 }).notNull(),
    shard: smallint('shard').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    amount: numeric('amount', { precision: 18, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.shard] })],
);

/**
 * The reports' rollup (docs/statistics.md, "Report figures"): each demand's events counted on their Beijing day, per
 * - `scope` R: a district (`org_id` 0); O: an organisation unit in a district (a bank unit, a guarantee company);
 *   H: a bank head office (its units rolled up) or a guarantee company, whole city (`region_code` '');
 * - `grain` D (`period` the day) and M (`period` the first of the month), so a range reads whole months and its edge
 *   days; T (`period` 2000-01-01): all time, one row per key (migration 0021), for the dashboard's totals; Y (`period`
 *   the first of the year, migration 0023): a range reads whole years from them, then months and days.
 * Kept exact by triggers on demands (migration 0020) in the statement that changes a demand: the row's old
 * contribution is taken out and its new one added, so the table always equals the same sums over the demands.
 * `accept_hist` / `grant_hist`: how many took 0, 1, … 30, 31+ working days (REPORT_WD_BUCKETS); `rejected_codes`:
 * refusals per REJECT_CODES, in that order.
 */
export const demandReportFigures = pgTable(
  'demand_report_figures',
  {
    scope: char('scope', { length: 1 }).notNull(),
    grain: char('grain', { length: 1 }).notNull(),
    period: date('period').notNull(),
    regionCode: varchar('region_code', { length: 12 }).notNull(),
    type: varchar('type', { length: 12 }).notNull(),
    orgId: bigint('org_id', { mode: 'number' }).notNull(),
    countedN: integer('counted_n').notNull().default(0),
    countedAmount: numeric('counted_amount', { precision: 18, scale: 2, mode: 'number' }).notNull().default(0),
    postedN: integer('posted_n').notNull().default(0),
    acceptedN: integer('accepted_n').notNull().default(0),
    acceptWdSum: bigint('accept_wd_sum', { mode: 'number' }).notNull().default(0),
    acceptWdN: integer('accept_wd_n').notNull().default(0),
    acceptHist: integer('accept_hist').array().notNull(),
    acceptLateN: integer('accept_late_n').notNull().default(0),
    grantedN: integer('granted_n').notNull().default(0),
    grantedAmount: numeric('granted_amount', { precision: 18, scale: 2, mode: 'number' }).notNull().default(0),
    grantedRateSum: numeric('granted_rate_sum', { precision: 18, scale: 3, mode: 'number' }).notNull().default(0),
    grantedRateN: integer('granted_rate_n').notNull().default(0),
    grantedCreditN: integer('granted_credit_n').notNull().default(0),
    grantedCreditAmount: numeric('granted_credit_amount', { precision: 18, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    firstLoanN: integer('first_loan_n').notNull().default(0),
    grantWdSum: bigint('grant_wd_sum', { mode: 'number' }).notNull().default(0),
    grantWdN: integer('grant_wd_n').notNull().default(0),
    grantHist: integer('grant_hist').array().notNull(),
    makeupN: integer('makeup_n').notNull().default(0),
    makeupAmount: numeric('makeup_amount', { precision: 18, scale: 2, mode: 'number' }).notNull().default(0),
    rejectedN: integer('rejected_n').notNull().default(0),
    rejectedCodes: integer('rejected_codes').array().notNull(),
    decideLateN: integer('decide_late_n').notNull().default(0),
    withdrawnN: integer('withdrawn_n').notNull().default(0),
    /** Withdrawn before any acceptance (the acceptance rate's base). */
    withdrawnPreN: integer('withdrawn_pre_n').notNull().default(0),
    expiredN: integer('expired_n').notNull().default(0),
    guaranteedN: integer('guaranteed_n').notNull().default(0),
    guaranteedAmount: numeric('guaranteed_amount', { precision: 18, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.grain, t.period, t.regionCode, t.type, t.orgId] })],
);

/** One row per run of a database-backed job (jobs/runner.ts): when, how it ended, what it did. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    job: varchar('job', { length: 48 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** DONE or FAILED. */
    status: varchar('status', { length: 8 }).notNull(),
    detail: jsonb('detail'),
  },
  (t) => [index('job_runs_job_idx').on(t.job, t.startedAt.desc().nullsFirst())],
);
