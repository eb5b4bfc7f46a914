import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** The city and its districts (PRODUCT.md section 2). */
export const regions = pgTable('regions', {
  code: varchar('code', { length: 12 }).primaryKey(),
  name: text('name').notNull(),
  /** The English name (pinyin with District / County), shown in English; '' falls back to `name`. */
  nameEn: text('name_en').notNull().default(''),
  parentCode: varchar('parent_code', { length: 12 }),
  sort: integer('sort').notNull().default(0),
});

/** Organisations: the platform root, government departments, banks (a head-office tree), guarantee companies. */
export const orgs = pgTable(
  'orgs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    orgType: varchar('org_type', { length: 16 }).notNull(),
    classifiedType: varchar('classified_type', { length: 16 }).notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    /** HEAD, BRANCH or SUB for banks; HEAD elsewhere. */
    level: varchar('level', { length: 8 }).notNull().default('HEAD'),
    regionCode: varchar('region_code', { length: 12 }).notNull(),
    chainAccess: boolean('chain_access').notNull().default(false),
    creditCode: varchar('credit_code', { length: 18 }),
    contactName: text('contact_name'),
    contactPhone: varchar('contact_phone', { length: 20 }),
    address: text('address'),
    status: varchar('status', { length: 12 }).notNull().default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('orgs_parent_idx').on(t.parentId), uniqueIndex('orgs_name_uq').on(t.name)],
);

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: varchar('username', { length: 64 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    accountType: varchar('account_type', { length: 16 }).notNull(),
    orgId: bigint('org_id', { mode: 'number' }).references(() => orgs.id),
    /** An enterprise sub-account points at its main account. */
    parentUserId: bigint('parent_user_id', { mode: 'number' }),
    /** Unified social credit code of an enterprise account. */
    creditCode: varchar('credit_code', { length: 18 }),
    regionCode: varchar('region_code', { length: 12 }),
    status: varchar('status', { length: 12 }).notNull().default('ACTIVE'),
    certified: boolean('certified').notNull().default(false),
    /** NONE, PENDING, CERTIFIED or REJECTED (certReason says why). */
    certStatus: varchar('cert_status', { length: 12 }).notNull().default('NONE'),
    certReason: text('cert_reason'),
    certifiedAt: timestamp('certified_at', { withTimezone: true }),
    /** Legal representative of an enterprise account. */
    legalRep: text('legal_rep'),
    /** Identity number of a person (shown masked). */
    idNumber: varchar('id_number', { length: 18 }),
    email: varchar('email', { length: 120 }),
    /** How a supervisor wants to be notified: SITE, SMS, BOTH or NONE (/supervisionClient/my/editSetting). */
    notifyPref: varchar('notify_pref', { length: 8 }).notNull().default('SITE'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * Set by an administrator's reset (issue 30): the account's sessions may do nothing but change the password until
     * it is changed (plugins/auth.ts); cleared by the change and by a forgotten-password reset.
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** When the password was last set by its owner or reset (null: since the account was made). */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_phone_uq').on(t.phone),
    index('users_org_idx').on(t.orgId),
  ],
);

export const roles = pgTable('roles', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  code: varchar('code', { length: 48 }).notNull().unique(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  accountType: varchar('account_type', { length: 16 }).notNull(),
  classifiedType: varchar('classified_type', { length: 16 }),
  builtin: boolean('builtin').notNull().default(false),
  description: text('description'),
  /**
   * Who may give this role to the accounts they create (ROLE_GRANTORS): ENTERPRISE, an enterprise main account to its
   * sub-accounts; an organisation classification, that organisation's staff admin to its staff. Set by the operator.
   */
  assignableTo: varchar('assignable_to', { length: 16 })
    .array()
    .notNull()
    .default(sql`'{}'::varchar[]`),
});

export const roleResources = pgTable(
  'role_resources',
  {
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.path] })],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: varchar('permission', { length: 48 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);
