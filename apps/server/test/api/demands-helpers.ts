import type { FastifyInstance } from 'fastify';
import type { CreateDemandRequest } from '@phjr/contract/demands/calls';
import type { DemandStatus, DemandType } from '@phjr/contract/demands/demand';
import { guaranteeEndDays } from '@phjr/contract/demands/guarantee-terms';
import type { DbOrTx } from '../../src/db/client.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { insertDemandRow, insertOrg, insertUser } from '../../src/seed/factories.ts';
import { signIn } from '../helpers.ts';
import { testBank } from './products-helpers.ts';

export { get, post } from './content-helpers.ts';
export { testBank };

const DAY_MS = 86_400_000;

/** A valid public demand of the district 城关区 (999901); fields of `over` win. */
export function demandInput(over: Partial<CreateDemandRequest> = {}): CreateDemandRequest {
  return {
    type: 'PUBLIC',
    amount: 80,
    term: 12,
    purpose: '采购春茶鲜叶，补充流动资金',
    guaranteeMethod: 'CREDIT',
    regionCode: '999901',
    industry: 'AGRICULTURE',
    contactName: '测试联系人',
    contactPhone: '13911112222',
    attachmentIds: [],
    creditConsent: true,
    ...over,
  };
}

/** Today in Beijing (YYYY-MM-DD). */
export const shanghaiToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** A valid body of guarantee.json (issue 13, point 10): signed and starting today, for 12 months. */
export function guaranteeBody(id: number, amount: number) {
  const today = shanghaiToday();
  return {
    id,
    amount,
    feeRate: 1.2,
    term: 12,
    contractNo: `DB-${id}`,
    signedAt: today,
    startDate: today,
    endDate: guaranteeEndDays(today, 12)[0],
  };
}

let phoneSeq = Math.floor(Math.random() * 9_000_000);
/** A phone nobody else in the run has. */
export const nextPhone = () => `137${String(1_000_000 + (phoneSeq++ % 8_999_999)).padStart(8, '0')}`;

/** A person of its own (certified unless told), signed in. */
export async function testApplicant(
  app: FastifyInstance,
  db: DbOrTx,
  tag: string,
  opts: { certified?: boolean; enterprise?: boolean } = {},
) {
  const phone = nextPhone();
  const username = `ta${tag}${phone.slice(-6)}`.toLowerCase();
  const id = await insertUser(db, {
    username,
    name: opts.enterprise ? `测试企业${tag}${phone.slice(-4)}有限公司` : `申请人${tag}${phone.slice(-4)}`,
    password: DEMO_PASSWORD,
    accountType: opts.enterprise ? 'ENTERPRISE' : 'PERSON',
    phone,
    regionCode: '999901',
    certified: opts.certified ?? true,
    roleCodes: [opts.enterprise ? 'ENTERPRISE' : 'PERSON'],
  });
  return { id, phone, username, tokens: await signIn(app, username) };
}

/** A guarantee company of its own with an admin, signed in. */
export async function testGuarantee(app: FastifyInstance, db: DbOrTx, tag: string) {
  const orgId = await insertOrg(db, {
    name: `测试担保${tag}有限公司`,
    orgType: 'GUARANTEE',
    classifiedType: 'GUARANTEE',
    regionCode: '999900',
  });
  const username = `tg${tag}`.toLowerCase();
  await insertUser(db, {
    username,
    name: `担保员${tag}`,
    password: DEMO_PASSWORD,
    accountType: 'GUARANTEE',
    orgId,
    phone: nextPhone(),
    roleCodes: ['GUARANTEE_ADMIN'],
  });
  return { orgId, tokens: await signIn(app, username) };
}

/** A district government department (999903 unless told) with a supervisor, signed in. */
export async function testDistrictSupervisor(app: FastifyInstance, db: DbOrTx, tag: string, regionCode = '999903') {
  const orgId = await insertOrg(db, {
    name: `测试区政府${tag}${regionCode}`,
    orgType: 'GOVERNMENT',
    classifiedType: 'GOVERNMENT',
    regionCode,
  });
  const username = `ts${tag}${regionCode}`.toLowerCase();
  await insertUser(db, {
    username,
    name: `区监管${tag}`,
    password: DEMO_PASSWORD,
    accountType: 'GOVERNMENT',
    orgId,
    roleCodes: ['GOV_SUPERVISOR'],
  });
  return { orgId, tokens: await signIn(app, username) };
}

export interface Cast {
  bank: Awaited<ReturnType<typeof testBank>>;
  guarantee: Awaited<ReturnType<typeof testGuarantee>>;
  applicant: Awaited<ReturnType<typeof testApplicant>>;
}

/**
 * A demand of `type` in `status`, written straight to the table with the organisation columns that state implies for
 * the cast: ORIENTATION demands are addressed to the bank's 城关 branch, PUBLIC ones wait in the pool of 城关区,
 * GUARANTEE ones are the guarantee company's until handed to that branch; accepted ones are owned by the branch.
 * `overdue`: the running deadline has passed.
 */
export async function demandIn(
  db: DbOrTx,
  cast: Cast,
  type: DemandType,
  status: DemandStatus,
  opts: { overdue?: boolean; amount?: number } = {},
) {
  const { ids } = cast.bank;
  const now = Date.now();
  const due = new Date(now + (opts.overdue ? -DAY_MS : 3 * DAY_MS));
  const owned = ['ACCEPTED', 'GRANTED', 'REJECTED'].includes(status);
  const withdrawnAfter = status === 'WITHDRAWN';
  const running = ['PENDING', 'ACCEPTED', 'GUARANTEE_ACCEPTED', 'GUARANTEED'].includes(status);
  const bankOrg =
    type === 'ORIENTATION'
      ? status === 'WITHDRAWN' || status === 'EXPIRED' || status === 'PENDING' || owned
        ? ids.branchA
        : null
      : owned
        ? ids.branchA
        : null;
  return insertDemandRow(db, {
    type,
    status,
    applicantUserId: cast.applicant.id,
    applicantName: `申请人${cast.applicant.id}`,
    applicantType: 'PERSON',
    regionCode: '999901',
    amount: opts.amount ?? 60,
    contactPhone: cast.applicant.phone,
    targetOrgId: type === 'ORIENTATION' ? ids.branchA : type === 'GUARANTEE' ? cast.guarantee.orgId : null,
    ownerOrgId: owned ? ids.branchA : null,
    bankOrgId: bankOrg,
    bankId: bankOrg ? ids.head : null,
    guaranteeOrgId: type === 'GUARANTEE' ? cast.guarantee.orgId : null,
    dueAt: running ? due : null,
    warnAt: running ? new Date(due.getTime() - DAY_MS) : null,
    acceptDeadline: due,
    acceptedAt: owned || withdrawnAfter || status.startsWith('GUARANTEE') ? new Date(now - DAY_MS) : null,
    expiredAt: status === 'EXPIRED' ? new Date(now - DAY_MS) : null,
    poolAt: status === 'EXPIRED' && type === 'ORIENTATION' ? new Date(now + DAY_MS) : null,
    // Decided an hour ago, as the service records every grant and refusal (the reports count them on that day).
    decidedAt: status === 'GRANTED' || status === 'REJECTED' ? new Date(now - 3_600_000) : null,
    rejectCode: status === 'REJECTED' ? 'CREDIT_RECORD' : null,
    grantedAmount: status === 'GRANTED' ? 50 : null,
    grantedAt: status === 'GRANTED' ? new Date(now).toISOString().slice(0, 10) : null,
    createdAt: new Date(now - 2 * DAY_MS),
  });
}

/** The states each type of demand can be in (GUARANTEE_* only for guarantee demands). */
export const STATES_OF: Record<DemandType, DemandStatus[]> = {
  PUBLIC: ['PENDING', 'ACCEPTED', 'GRANTED', 'REJECTED', 'WITHDRAWN', 'EXPIRED'],
  ORIENTATION: ['PENDING', 'ACCEPTED', 'GRANTED', 'REJECTED', 'WITHDRAWN', 'EXPIRED'],
  GUARANTEE: ['PENDING', 'GUARANTEE_ACCEPTED', 'GUARANTEED', 'ACCEPTED', 'GRANTED', 'REJECTED', 'WITHDRAWN', 'EXPIRED'],
};
