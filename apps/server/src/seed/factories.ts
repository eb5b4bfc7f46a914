import { eq, inArray } from 'drizzle-orm';
import { shanghaiDay } from '@phjr/contract/system/shanghai-time';
import type { DbOrTx } from '../db/client.ts';
import { demandHistory, demands, orgs, products, roles, userRoles, users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/password.ts';

/**
 * Row factories shared by the demo seed and the tests: each makes one valid row with its links, so no caller
 * writes the same inserts twice.
 */
export async function insertOrg(
  db: DbOrTx,
  o: {
    name: string;
    shortName?: string;
    orgType: string;
    classifiedType: string;
    regionCode: string;
    parentId?: number | null;
    level?: string;
    chainAccess?: boolean;
  },
): Promise<number> {
  const [row] = await db
    .insert(orgs)
    .values({
      name: o.name,
      shortName: o.shortName ?? o.name,
      orgType: o.orgType,
      classifiedType: o.classifiedType,
      regionCode: o.regionCode,
      parentId: o.parentId ?? null,
      level: o.level ?? 'HEAD',
      chainAccess: o.chainAccess ?? false,
    })
    .returning({ id: orgs.id });
  return row.id;
}

const hashCache = new Map<string, Promise<string>>();
/** Argon2id is slow by design; one hash per distinct password is enough for seeds and tests. */
function cachedHash(password: string) {
  let h = hashCache.get(password);
  if (!h) {
    h = hashPassword(password);
    hashCache.set(password, h);
  }
  return h;
}

export async function insertUser(
  db: DbOrTx,
  u: {
    username: string;
    name: string;
    password: string;
    accountType: string;
    orgId?: number | null;
    phone?: string | null;
    creditCode?: string | null;
    regionCode?: string | null;
    certified?: boolean;
    status?: string;
    parentUserId?: number | null;
    roleCodes: string[];
  },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      username: u.username,
      name: u.name,
      passwordHash: await cachedHash(u.password),
      accountType: u.accountType,
      orgId: u.orgId ?? null,
      phone: u.phone ?? null,
      creditCode: u.creditCode ?? null,
      regionCode: u.regionCode ?? null,
      certified: u.certified ?? false,
      status: u.status ?? 'ACTIVE',
      parentUserId: u.parentUserId ?? null,
    })
    .returning({ id: users.id });
  if (u.roleCodes.length) {
    const found = await db.select({ id: roles.id }).from(roles).where(inArray(roles.code, u.roleCodes));
    if (found.length !== u.roleCodes.length) throw new Error(`Unknown role in ${u.roleCodes.join(', ')}`);
    await db.insert(userRoles).values(found.map((r) => ({ userId: row.id, roleId: r.id })));
  }
  return row.id;
}

export async function setUserStatus(db: DbOrTx, userId: number, status: 'ACTIVE' | 'DISABLED') {
  await db.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * One product row with every required field filled in (a LISTED loan of the city unless told otherwise); `bankId`
 * defaults to `orgId` (a head office). Tests use it to build fixed catalogues with exact dates and counters.
 */
export async function insertProductRow(
  db: DbOrTx,
  p: Partial<Omit<typeof products.$inferInsert, 'id'>> & { name: string; orgId: number },
): Promise<number> {
  const status = p.status ?? 'LISTED';
  const [row] = await db
    .insert(products)
    .values({
      kind: 'LOAN',
      loanType: 'CREDIT',
      guaranteeMethods: ['CREDIT'],
      amountMin: 1,
      amountMax: 100,
      termMin: 6,
      termMax: 36,
      rateMin: 4,
      rateMax: 6,
      customerTypes: ['ENTERPRISE'],
      industries: [],
      regionCodes: ['999900'],
      industrialChainIds: [],
      features: '线上申请',
      conditions: '正常经营一年以上',
      materials: '营业执照',
      contactName: '测试经理',
      contactPhone: '0999-6123456',
      listedAt: status === 'LISTED' || status === 'DELISTED' ? new Date() : null,
      ...p,
      status,
      bankId: p.bankId ?? p.orgId,
    })
    .returning({ id: products.id });
  return row.id;
}

/**
 * One demand row in any state, with the `create` history row (and one for its state, if not PENDING), written
 * straight to the table: tests and seeds use it to set up states the API would take many calls to reach. The caller
 * gives the organisation columns consistent with the state (see the schema's comment on demands).
 */
export async function insertDemandRow(
  db: DbOrTx,
  d: Partial<Omit<typeof demands.$inferInsert, 'id'>> & { applicantName: string; regionCode: string },
  history: { userId?: number | null; orgId?: number | null; action?: string } = {},
): Promise<number> {
  const now = d.createdAt ?? new Date();
  const status = d.status ?? 'PENDING';
  const [row] = await db
    .insert(demands)
    .values({
      type: 'PUBLIC',
      source: 'APPLICANT',
      applicantType: 'ENTERPRISE',
      amount: 50,
      term: 12,
      purpose: '购买生产原料，扩大经营',
      guaranteeMethod: 'CREDIT',
      industry: 'AGRICULTURE',
      contactName: '测试联系人',
      contactPhone: '13900000000',
      createdAt: now,
      updatedAt: now,
      // A decided demand carries its decision time and, granted, its grant date, as every writer of the app records
      // them (the reports count grants and refusals on those days).
      ...(status === 'GRANTED' || status === 'REJECTED' ? { decidedAt: now } : {}),
      ...(status === 'GRANTED' ? { grantedAt: shanghaiDay(now.getTime()) } : {}),
      ...d,
      status,
    })
    .returning({ id: demands.id });
  await db.insert(demandHistory).values({
    demandId: row.id,
    action: 'create',
    fromStatus: null,
    toStatus: 'PENDING',
    userId: d.applicantUserId ?? null,
    createdAt: now,
  });
  if (status !== 'PENDING') {
    await db.insert(demandHistory).values({
      demandId: row.id,
      action: history.action ?? 'seed',
      fromStatus: 'PENDING',
      toStatus: status,
      userId: history.userId ?? null,
      orgId: history.orgId ?? null,
      createdAt: d.updatedAt ?? now,
    });
  }
  return row.id;
}
