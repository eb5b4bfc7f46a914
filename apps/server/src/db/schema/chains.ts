import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { importJobs } from './accounts.ts';
import { orgs, users } from './orgs.ts';

/**
 * Industrial-chain finance (PRODUCT.md section 7, docs/chains.md). Amounts in 万元, rates in % a year, terms in
 * months. The figures (PRODUCT.md: "kept exact by the writes") live in counter columns that the same transaction
 * that adds a member, a visit or a loan moves: on the chain row (the chain's totals), on the member row (its own
 * visits and loans), per member and bank (chain_enterprise_banks: did this bank visit / find an intention / lend) and
 * per chain and bank (chain_bank_figures). No figure is computed by scanning records on a request.
 */
export const industrialChains = pgTable(
  'industrial_chains',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 40 }).notNull(),
    /** CHAIN_CATEGORIES */
    category: varchar('category', { length: 16 }).notNull(),
    regionCode: varchar('region_code', { length: 12 }).notNull(),
    /** ACTIVE or ARCHIVED: an archived chain is read-only and off the portal. */
    status: varchar('status', { length: 10 }).notNull().default('ACTIVE'),
    description: text('description').notNull().default(''),
    /** {UPSTREAM, MIDSTREAM, DOWNSTREAM}: what each tier covers. */
    tiers: jsonb('tiers').$type<Record<'UPSTREAM' | 'MIDSTREAM' | 'DOWNSTREAM', string>>().notNull(),
    leadEnterprises: text('lead_enterprises')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    coverFileId: varchar('cover_file_id', { length: 64 }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Figures kept by the writes
    enterprises: integer('enterprises').notNull().default(0),
    banks: integer('banks').notNull().default(0),
    visits: integer('visits').notNull().default(0),
    enterprisesVisited: integer('enterprises_visited').notNull().default(0),
    enterprisesWithIntention: integer('enterprises_with_intention').notNull().default(0),
    enterprisesFinanced: integer('enterprises_financed').notNull().default(0),
    loans: integer('loans').notNull().default(0),
    loanAmount: numeric('loan_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    /** Kept from chain_orgs by a trigger (migration 0030): the lead bank and the chain-chief department. */
    leadBankOrgId: bigint('lead_bank_org_id', { mode: 'number' }),
    chiefDepartmentOrgId: bigint('chief_department_org_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('industrial_chains_name_idx').on(t.name),
    index('industrial_chains_status_idx').on(t.status, t.category),
  ],
);

/** The organisations taking part, each with its CHAIN_ORG_ROLES role (one CHIEF_DEPARTMENT, one LEAD_BANK). */
export const chainOrgs = pgTable(
  'chain_orgs',
  {
    chainId: bigint('chain_id', { mode: 'number' })
      .notNull()
      .references(() => industrialChains.id, { onDelete: 'cascade' }),
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id),
    role: varchar('role', { length: 20 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.orgId] }), index('chain_orgs_org_idx').on(t.orgId)],
);

/** Chain managers: users of a taking-part organisation; `kind` GOVERNMENT or BANK, from the user's organisation. */
export const chainManagers = pgTable(
  'chain_managers',
  {
    chainId: bigint('chain_id', { mode: 'number' })
      .notNull()
      .references(() => industrialChains.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 12 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.userId] }), index('chain_managers_user_idx').on(t.userId)],
);

/** Member enterprises: a credit code is in a chain once (the unique index). */
export const chainEnterprises = pgTable(
  'chain_enterprises',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chainId: bigint('chain_id', { mode: 'number' })
      .notNull()
      .references(() => industrialChains.id),
    creditCode: varchar('credit_code', { length: 18 }).notNull(),
    name: varchar('name', { length: 60 }).notNull(),
    legalPerson: varchar('legal_person', { length: 20 }),
    contactName: varchar('contact_name', { length: 20 }),
    contactPhone: varchar('contact_phone', { length: 20 }),
    /** ENTERPRISE_SCALES */
    scale: varchar('scale', { length: 8 }),
    /** CHAIN_TIERS */
    tier: varchar('tier', { length: 10 }).notNull(),
    mainBusiness: varchar('main_business', { length: 200 }),
    financingNeed: numeric('financing_need', { precision: 12, scale: 2, mode: 'number' }),
    /** CHAIN_ENTERPRISE_TAGS */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** IMPORT, MANUAL or REREGISTERED (a corrected failed row). */
    source: varchar('source', { length: 14 }).notNull(),
    importJobId: bigint('import_job_id', { mode: 'number' }).references(() => importJobs.id),
    /** A bank's live claim for a visit (CHAIN_CLAIM_DAYS); a visit or a loan by that bank ends it. */
    claimedByOrgId: bigint('claimed_by_org_id', { mode: 'number' }).references(() => orgs.id),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** When the claiming bank was told its claim lapses soon (CHAIN_CLAIM_WARN_DAYS); a new claim clears it. */
    claimWarnedAt: timestamp('claim_warned_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Its own figures, kept by the writes
    visits: integer('visits').notNull().default(0),
    lastVisitDate: date('last_visit_date'),
    hasIntention: boolean('has_intention').notNull().default(false),
    loans: integer('loans').notNull().default(0),
    loanAmount: numeric('loan_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('chain_enterprises_code_idx').on(t.chainId, t.creditCode),
    index('chain_enterprises_chain_idx').on(t.chainId, t.id),
    // The member lists' filters (chains in scope, tier, visited or not; financed from the included loans): their exact
    // total is an index-only count over the matching entries alone, not a pass over the scope's member rows (loans last,
    // as INCLUDE would hold it: drizzle has no INCLUDE).
    index('chain_enterprises_list_idx').on(t.chainId, t.tier, t.visits, t.id, t.loans),
    // The home page's list (a tier, not visited yet), newest first, over a bank's chains: a backward walk of the tier's
    // unvisited members stops at the page's last row (chain_id checked in the index), rather than reading every
    // matching member to sort them. The total comes from chain_tier_figures.
    index('chain_enterprises_unvisited_idx')
      .on(t.tier, t.id, t.chainId)
      .where(sql`visits = 0`),
    index('chain_enterprises_tags_idx').using('gin', t.tags),
    // The clock sweep's lapse warnings: only live claims not yet warned, by the day they lapse.
    index('chain_enterprises_claim_warn_idx')
      .on(t.claimedUntil)
      .where(sql`claimed_by_org_id IS NOT NULL AND claim_warned_at IS NULL`),
    // Every chain's members by the amount of their loans (the operator's list sorted by it, issue 30): read in order,
    // either way, rather than every member sorted (docs/lists.md, measured at the bench scale).
    index('chain_enterprises_loan_amount_idx').on(t.loanAmount, t.id),
  ],
);

/** Per member and bank: what this bank did with this member (the per-bank funnel counts distinct members from here). */
export const chainEnterpriseBanks = pgTable(
  'chain_enterprise_banks',
  {
    enterpriseId: bigint('enterprise_id', { mode: 'number' })
      .notNull()
      .references(() => chainEnterprises.id, { onDelete: 'cascade' }),
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id),
    visits: integer('visits').notNull().default(0),
    hasIntention: boolean('has_intention').notNull().default(false),
    loans: integer('loans').notNull().default(0),
    loanAmount: numeric('loan_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.orgId] })],
);

/** Per chain and taking-part bank: the bank's figures in the chain, kept by the writes. */
export const chainBankFigures = pgTable(
  'chain_bank_figures',
  {
    chainId: bigint('chain_id', { mode: 'number' })
      .notNull()
      .references(() => industrialChains.id, { onDelete: 'cascade' }),
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id),
    visits: integer('visits').notNull().default(0),
    enterprisesVisited: integer('enterprises_visited').notNull().default(0),
    enterprisesWithIntention: integer('enterprises_with_intention').notNull().default(0),
    enterprisesFinanced: integer('enterprises_financed').notNull().default(0),
    loans: integer('loans').notNull().default(0),
    loanAmount: numeric('loan_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.orgId] })],
);

/** Visits (走访, interview records) of a bank to a member. */
export const chainVisits = pgTable(
  'chain_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chainId: bigint('chain_id', { mode: 'number' })
      .notNull()
      .references(() => industrialChains.id),
    enterpriseId: bigint('enterprise_id', { mode: 'number' })
      .notNull()
      .references(() => chainEnterprises.id),
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id),
    userId: bigint('user_id', { mode: 'number' }),
    visitDate: date('visit_date').notNull(),
    staff: varchar('staff', { length: 60 }).notNull(),
    content: text('content').notNull(),
    /** VISIT_INTENTIONS */
    intention: varchar('intention', { length: 10 }).notNull(),
    intendedAmount: numeric('intended_amount', { precision: 12, scale: 2, mode: 'number' }),
    /** VISIT_RESULTS */
    result: varchar('result', { length: 16 }).notNull(),
    /** NO_LOAN_REASONS, when the result is NO_LOAN. */
    noLoanReason: varchar('no_loan_reason', { length: 14 }),
    photoIds: text('photo_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The lists read newest visit first (visit_date, then id): per chain, per bank, per member, and every chain's.
  // NULLS FIRST as a plain `ORDER BY … DESC` sorts (drizzle's desc() alone says NULLS LAST, which it could not use).
  (t) => [
    index('chain_visits_chain_idx').on(t.chainId, t.visitDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('chain_visits_org_idx').on(t.orgId, t.visitDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('chain_visits_enterprise_idx').on(t.enterpriseId, t.visitDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('chain_visits_date_idx').on(t.visitDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** Loans (loan records, `recordId`) a bank registers to a member. */
export const chainLoans = pgTable(
  'chain_loans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chainId: bigint('chain_id', { mode: 'number' })
      .notNull()
      .references(() => industrialChains.id),
    enterpriseId: bigint('enterprise_id', { mode: 'number' })
      .notNull()
      .references(() => chainEnterprises.id),
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id),
    userId: bigint('user_id', { mode: 'number' }),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    rate: numeric('rate', { precision: 6, scale: 3, mode: 'number' }).notNull(),
    term: integer('term').notNull(),
    loanDate: date('loan_date').notNull(),
    productId: bigint('product_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The lists read newest loan first (loan_date, then id): per chain, per bank, per member, and every chain's.
  (t) => [
    index('chain_loans_chain_idx').on(t.chainId, t.loanDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('chain_loans_org_idx').on(t.orgId, t.loanDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('chain_loans_enterprise_idx').on(t.enterpriseId, t.loanDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('chain_loans_date_idx').on(t.loanDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Every chain's loans by amount (the operator's loan list sorted by it, issue 30; docs/lists.md).
    index('chain_loans_amount_idx').on(t.amount, t.id),
  ],
);

/** A member import (import_jobs row, kind CHAIN_ENTERPRISES): its chain, the importing organisation. */
export const chainImports = pgTable(
  'chain_imports',
  {
    jobId: bigint('job_id', { mode: 'number' })
      .primaryKey()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    chainId: bigint('chain_id', { mode: 'number' })
      .notNull()
      .references(() => industrialChains.id),
    orgId: bigint('org_id', { mode: 'number' }).references(() => orgs.id),
    /** Failed rows not registered again yet. */
    pending: integer('pending').notNull().default(0),
  },
  (t) => [index('chain_imports_chain_idx').on(t.chainId, t.jobId)],
);

/**
 * Failed-registration records: a refused import row as read (cells by column key), each error with its column,
 * FAILED until corrected and registered again (registerEnterpriseAgain.json), then REGISTERED with the member's id.
 */
export const chainFailRecords = pgTable(
  'chain_fail_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    chainId: bigint('chain_id', { mode: 'number' })
      .notNull()
      .references(() => industrialChains.id),
    rowNo: integer('row_no').notNull(),
    cells: jsonb('cells').$type<Record<string, string>>().notNull(),
    errors: jsonb('errors').$type<{ column: string | null; reason: string }[]>().notNull(),
    status: varchar('status', { length: 10 }).notNull().default('FAILED'),
    enterpriseId: bigint('enterprise_id', { mode: 'number' }).references(() => chainEnterprises.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chain_fail_records_job_idx').on(t.jobId, t.rowNo),
    index('chain_fail_records_chain_idx').on(t.chainId, t.status, t.id),
  ],
);

/**
 * Per chain and tier: members, members visited, members financed and their loan amount (the portal's tier counts, the figures'
 * byTier), kept by the writes through chains.repo.ts `bumpTier` so no request groups the members.
 */
export const chainTierFigures = pgTable(
  'chain_tier_figures',
  {
    chainId: bigint('chain_id', { mode: 'number' })
      .notNull()
      .references(() => industrialChains.id, { onDelete: 'cascade' }),
    /** CHAIN_TIERS */
    tier: varchar('tier', { length: 10 }).notNull(),
    enterprises: integer('enterprises').notNull().default(0),
    enterprisesFinanced: integer('enterprises_financed').notNull().default(0),
    loanAmount: numeric('loan_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    /** Members with a visit: the member lists' totals of "visited / not visited yet" read it (issue 17). */
    enterprisesVisited: integer('enterprises_visited').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.tier] })],
);
