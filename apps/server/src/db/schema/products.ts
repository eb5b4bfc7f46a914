import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { orgs } from './orgs.ts';

const listed = sql`status = 'LISTED'`;
const noPendingList = { fastupdate: false };

/**
 * The search terms of a product: the characters of its lower-cased name and features, its customer types and its
 * region codes, in one array. It is the expression of the keyword index, which the search repeats as is:
 * `terms @> chars(keyword) || customer types` and `terms && region codes` narrow the rows in the index, and the LIKE
 * then checks the few it finds. Chinese has no word boundaries and the database runs in the C locale, so trigrams
 * (pg_trgm) would ignore Chinese characters altogether; an expression index keeps the table's rows small. The three
 * kinds of term cannot meet: a character is one letter, a customer type an upper-case word, a region code six digits.
 * With the customer type and the region in the index, the supermarket's keyword search reads the ~180 products that
 * match all three instead of the ~450 that hold the characters (issue 17: 1,340 -> 1,920 statements a second).
 */
export const searchTerms = (t: {
  name: AnyPgColumn;
  features: AnyPgColumn;
  customerTypes: AnyPgColumn;
  regionCodes: AnyPgColumn;
}) => sql`(string_to_array(lower(${t.name} || ' ' || ${t.features}), NULL) || ${t.customerTypes} || ${t.regionCodes})`;
/** The same expression on `products` as plain text, for the search's statement (rendered without drizzle's checks). */
export const PRODUCT_SEARCH_TERMS = sql.raw(
  `(string_to_array(lower(products.name || ' ' || products.features), NULL) || products.customer_types || products.region_codes)`,
);

/**
 * Loan products of the financial supermarket and guarantee services (PRODUCT.md sections 5 and 8), one row each;
 * `kind` tells them apart. Amounts in 万元, terms in months, rates in % a year. The lists of a product (guarantee
 * methods, customer types, industries, regions, chains) are arrays: they are read with the product, filtered with
 * GIN-indexed containment, and never joined on their own.
 */
export const products = pgTable(
  'products',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** LOAN or GUARANTEE_SERVICE. */
    kind: varchar('kind', { length: 20 }).notNull(),
    name: text('name').notNull(),
    /** The providing unit: a head office, a branch, a sub-branch or a guarantee company. */
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id),
    /** The head office above org_id (the root of its tree), set on every save: the bank filter and the logo. */
    bankId: bigint('bank_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id),
    loanType: varchar('loan_type', { length: 12 }).notNull(),
    /**
     * A policy programme the product belongs to (PRODUCT_POLICIES: CYDBD, 创业担保贷, followed by the HR bureau), or
     * null. A demand posted through the product carries it (demands.policy), which its statistics are kept by.
     */
    policy: varchar('policy', { length: 12 }),
    guaranteeMethods: text('guarantee_methods').array().notNull(),
    amountMin: numeric('amount_min', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    amountMax: numeric('amount_max', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    termMin: integer('term_min').notNull(),
    termMax: integer('term_max').notNull(),
    rateMin: numeric('rate_min', { precision: 6, scale: 3, mode: 'number' }).notNull(),
    rateMax: numeric('rate_max', { precision: 6, scale: 3, mode: 'number' }).notNull(),
    customerTypes: text('customer_types').array().notNull(),
    /** Empty: every industry. */
    industries: text('industries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** District codes and/or the city code (the whole city). */
    regionCodes: text('region_codes').array().notNull(),
    /** The chains table comes with the chains issue: ids are stored as given. */
    industrialChainIds: integer('industrial_chain_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    features: text('features').notNull(),
    conditions: text('conditions').notNull(),
    materials: text('materials').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: varchar('contact_phone', { length: 20 }).notNull(),
    /** A PUBLIC image uploaded by the provider (files): the product's own logo; null shows the bank's drawn badge. */
    logoFileId: varchar('logo_file_id', { length: 64 }),
    /** DRAFT, PENDING_REVIEW, LISTED, DELISTED or REJECTED (PRODUCT_TRANSITIONS in the contract). */
    status: varchar('status', { length: 16 }).notNull().default('DRAFT'),
    rejectReason: text('reject_reason'),
    views: integer('views').notNull().default(0),
    applications: integer('applications').notNull().default(0),
    grants: integer('grants').notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    listedAt: timestamp('listed_at', { withTimezone: true }),
  },
  (t) => [
    // The portal reads LISTED rows only: one partial index per sort order, so page 1 is an index walk.
    index('products_listed_newest_idx')
      .on(t.kind, t.listedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(listed),
    index('products_listed_rate_idx').on(t.kind, t.rateMin, t.id.desc().nullsFirst()).where(listed),
    index('products_listed_amount_idx')
      .on(t.kind, t.amountMax.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(listed),
    // Views are left out on purpose: counting a view then changes no indexed column (a HOT update).
    index('products_listed_popular_idx')
      .on(t.kind, t.applications.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(listed),
    index('products_listed_bank_idx').on(t.bankId, t.kind).where(listed),
    index('products_listed_loan_type_idx').on(t.kind, t.loanType).where(listed),
    // One GIN index per list, so the planner picks the selective ones and checks the others on the rows found.
    // Without fastupdate: the catalogue changes rarely, and a search never has to read a pending list.
    index('products_listed_regions_idx').using('gin', t.regionCodes).with(noPendingList).where(listed),
    index('products_listed_guarantee_idx').using('gin', t.guaranteeMethods).with(noPendingList).where(listed),
    index('products_listed_customers_idx').using('gin', t.customerTypes).with(noPendingList).where(listed),
    index('products_listed_industries_idx').using('gin', t.industries).with(noPendingList).where(listed),
    index('products_listed_chains_idx').using('gin', t.industrialChainIds).with(noPendingList).where(listed),
    index('products_listed_terms_idx').using('gin', searchTerms(t)).with(noPendingList).where(listed),
    // The back office: a provider's subtree, the operator's review queue.
    index('products_org_idx').on(t.orgId, t.updatedAt.desc().nullsFirst()),
    index('products_status_idx').on(t.status, t.updatedAt.desc().nullsFirst()),
  ],
);

/**
 * How many products of each kind each head office has LISTED, kept exact by triggers on products (migration 0004) in
 * the statement that changes them, whatever writes it (the service, the seeds, the scale generator): the
 * supermarket's unfiltered total, the bank filter's list and the homepage figure read these few rows instead of
 * counting the catalogue.
 */
export const productCounts = pgTable(
  'product_counts',
  {
    kind: varchar('kind', { length: 20 }).notNull(),
    bankId: bigint('bank_id', { mode: 'number' }).notNull(),
    listed: integer('listed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.bankId] })],
);

/** Every change of a product: creation, edits and transitions, with who, when and (for a rejection) why. */
export const productHistory = pgTable(
  'product_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** `create`, `save` or an action of PRODUCT_TRANSITIONS. */
    action: varchar('action', { length: 16 }).notNull(),
    fromStatus: varchar('from_status', { length: 16 }),
    toStatus: varchar('to_status', { length: 16 }).notNull(),
    reason: text('reason'),
    userId: bigint('user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_history_product_idx').on(t.productId, t.id)],
);
