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
import { orgs, users } from './orgs.ts';

/**
 * The financial shelter (金融方舱, docs/shelter.md): one row per application (a case), its outstanding loans, the help
 * it asks for, its banks, the help measures they recorded, its timeline and attachments, and the figures kept per
 * district by the writes. Amounts in 万元, rate changes in basis points. Display numbers (FC + day + id) are derived.
 */
export const shelterCases = pgTable(
  'shelter_cases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** SHELTER_STATES; moved only through SHELTER_TRANSITIONS. */
    state: varchar('state', { length: 16 }).notNull(),
    /** The enterprise's main account (also when its sub-account applies): the case belongs to the enterprise. */
    enterpriseUserId: bigint('enterprise_user_id', { mode: 'number' }).notNull(),
    enterpriseName: text('enterprise_name').notNull(),
    creditCode: varchar('credit_code', { length: 18 }).notNull(),
    /** The enterprise's district: who supervises the case and where its figures count. */
    regionCode: varchar('region_code', { length: 12 }).notNull(),
    industry: varchar('industry', { length: 20 }).notNull(),
    cause: text('cause').notNull(),
    difficultySince: date('difficulty_since').notNull(),
    expectedRecovery: text('expected_recovery').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: varchar('contact_phone', { length: 20 }).notNull(),
    /** May the platform show that the enterprise was helped and recovered (the credit search reads it). */
    publicOnRecovery: boolean('public_on_recovery').notNull().default(false),
    /** The help types asked, for the list rows (the amounts are in shelter_help_asked). */
    helpTypes: varchar('help_types', { length: 24 }).array().notNull(),
    /** Outstanding loans summed (万元). */
    loanTotal: numeric('loan_total', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    leadBankOrgId: bigint('lead_bank_org_id', { mode: 'number' }).references(() => orgs.id),
    planNote: text('plan_note'),
    refuseReason: text('refuse_reason'),
    withdrawReason: text('withdraw_reason'),
    /** RECOVERED or OTHER. */
    exitOutcome: varchar('exit_outcome', { length: 12 }),
    exitNote: text('exit_note'),
    urgeCount: integer('urge_count').notNull().default(0),
    measureCount: integer('measure_count').notNull().default(0),
    /** The day of the first measure of help (the figure "days from admission to the first help"). */
    firstHelpOn: date('first_help_on'),
    createdBy: bigint('created_by', { mode: 'number' }),
    /** The application's instant. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewStartedAt: timestamp('review_started_at', { withTimezone: true }),
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
    /** Refused, withdrawn or exited. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Every list is newest first. A district supervisor's view walks (region, state, newest); the city's (state, newest).
    index('shelter_cases_region_state_idx').on(
      t.regionCode,
      t.state,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('shelter_cases_state_idx').on(t.state, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('shelter_cases_region_idx').on(t.regionCode, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('shelter_cases_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('shelter_cases_enterprise_idx').on(t.enterpriseUserId, t.createdAt.desc().nullsFirst()),
    // The lists sorted by the loans or the day admitted (issue 30, SHELTER_SORT; not admitted sorts below every day).
    index('shelter_cases_loan_total_idx').on(t.loanTotal, t.id),
    index('shelter_cases_admitted_idx').on(sql`(coalesce(admitted_at, '-infinity'::timestamptz))`, t.id),
    // The credit record reads an enterprise's cases by its credit code (docs/credit.md).
    index('shelter_cases_credit_code_idx').on(t.creditCode),
    // One open case per enterprise (SHELTER_CASE_OPEN): two applications at once cannot both pass.
    uniqueIndex('shelter_cases_open_uq')
      .on(t.enterpriseUserId)
      .where(sql`state IN ('APPLIED', 'UNDER_REVIEW', 'IN_SHELTER')`),
  ],
);

/** The application's outstanding loans: a bank on the platform or one named freely. */
export const shelterLoans = pgTable(
  'shelter_loans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => shelterCases.id, { onDelete: 'cascade' }),
    bankOrgId: bigint('bank_org_id', { mode: 'number' }).references(() => orgs.id),
    bankName: text('bank_name').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    dueDate: date('due_date').notNull(),
  },
  (t) => [index('shelter_loans_case_idx').on(t.caseId, t.id)],
);

/** The help asked, one row per type, with the amount asked if any. */
export const shelterHelpAsked = pgTable(
  'shelter_help_asked',
  {
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => shelterCases.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 24 }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.caseId, t.type] })],
);

/** The banks of an admitted case: one LEAD and any HELPER banks. Their users and their branches' see the case. */
export const shelterBanks = pgTable(
  'shelter_banks',
  {
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => shelterCases.id, { onDelete: 'cascade' }),
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id),
    /** LEAD or HELPER. */
    role: varchar('role', { length: 8 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.caseId, t.orgId] }), index('shelter_banks_org_idx').on(t.orgId, t.caseId)],
);

/** A measure of help a bank recorded on an IN_SHELTER case. */
export const shelterMeasures = pgTable(
  'shelter_measures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => shelterCases.id, { onDelete: 'cascade' }),
    /** The case's bank it counts for (the lead or a helping bank the recording user belongs to, or is under). */
    bankOrgId: bigint('bank_org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id),
    /** The recording user's own organisation (a branch of the case's bank, say). */
    orgId: bigint('org_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    /** HELP_TYPES */
    type: varchar('type', { length: 24 }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }),
    rateChangeBp: integer('rate_change_bp'),
    newDueDate: date('new_due_date'),
    penaltyWaived: numeric('penalty_waived', { precision: 12, scale: 2, mode: 'number' }),
    givenOn: date('given_on').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shelter_measures_case_idx').on(t.caseId, t.id)],
);

/** Every transition of a case, its urges and its measures: the timeline. */
export const shelterHistory = pgTable(
  'shelter_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => shelterCases.id, { onDelete: 'cascade' }),
    /** `apply`, a SHELTER_TRANSITIONS action, `urge` or `help`. */
    action: varchar('action', { length: 16 }).notNull(),
    fromState: varchar('from_state', { length: 16 }),
    toState: varchar('to_state', { length: 16 }),
    userId: bigint('user_id', { mode: 'number' }),
    orgId: bigint('org_id', { mode: 'number' }),
    reason: text('reason'),
    /**
     * What the server composed, as data the reader's language words (issue 30, item 7): the admission's banks, a
     * measure's type and figures, an exit's outcome (contract ZShelterHistoryDetail). `reason` keeps only what a person
     * wrote; older rows have their composed Chinese sentence there and no detail.
     */
    detail: jsonb('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shelter_history_case_idx').on(t.caseId, t.id)],
);

/** Files the applicant attached (PRIVATE uploads, read through the case). */
export const shelterAttachments = pgTable(
  'shelter_attachments',
  {
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => shelterCases.id, { onDelete: 'cascade' }),
    fileId: varchar('file_id', { length: 64 }).notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.caseId, t.fileId] })],
);

/**
 * The figures of the shelter per district (docs/statistics.md), moved by the transaction of every application,
 * transition and measure: cases per state now, and the sums of the help given and of the days waited. The city's
 * figures sum these rows (one per district: at most 8).
 */
export const shelterFigures = pgTable('shelter_figures', {
  regionCode: varchar('region_code', { length: 12 }).primaryKey(),
  applied: integer('applied').notNull().default(0),
  underReview: integer('under_review').notNull().default(0),
  inShelter: integer('in_shelter').notNull().default(0),
  notAdmitted: integer('not_admitted').notNull().default(0),
  withdrawn: integer('withdrawn').notNull().default(0),
  exitedRecovered: integer('exited_recovered').notNull().default(0),
  exitedOther: integer('exited_other').notNull().default(0),
  measures: integer('measures').notNull().default(0),
  newCreditAmount: numeric('new_credit_amount', { precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
  extendedAmount: numeric('extended_amount', { precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
  renewedAmount: numeric('renewed_amount', { precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
  rateCuts: integer('rate_cuts').notNull().default(0),
  rateCutBpSum: bigint('rate_cut_bp_sum', { mode: 'number' }).notNull().default(0),
  penaltyWaived: numeric('penalty_waived', { precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
  /** Beijing calendar days from application to admission, summed over the cases ever admitted. */
  admissionDaysSum: bigint('admission_days_sum', { mode: 'number' }).notNull().default(0),
  /** Days from admission to the first measure, summed over the cases with one, and their count. */
  firstHelpDaysSum: bigint('first_help_days_sum', { mode: 'number' }).notNull().default(0),
  firstHelpCases: integer('first_help_cases').notNull().default(0),
});

/**
 * A shelter application saved as a draft (issue 30, docs/shelter.md "The draft"): one per applicant account, read and
 * written only by that account, removed when it is submitted (in the application's transaction) or discarded. Kept
 * apart from shelter_cases so that no list, export or figure of the cases ever counts a draft. `content` is the
 * contract's ZShelterDraftContent, checked before it is stored.
 */
export const shelterDrafts = pgTable('shelter_drafts', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  content: jsonb('content').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
