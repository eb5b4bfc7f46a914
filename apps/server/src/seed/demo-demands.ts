import { eq, inArray } from 'drizzle-orm';
import { withCheckChar } from '@phjr/contract/orgs/credit-code';
import type { DemandStatus, DemandType, RejectCode } from '@phjr/contract/demands/demand';
import { guaranteeEndDays } from '@phjr/contract/demands/guarantee-terms';
import { GUARANTEE_METHODS, INDUSTRIES } from '@phjr/contract/products/product';
import type { DbOrTx } from '../db/client.ts';
import {
  demandHistory,
  demands,
  importFailures,
  importJobs,
  messages,
  orgs,
  products,
  users,
} from '../db/schema/index.ts';
import { demandCode, statusName } from '../modules/demands/demand-messages.ts';
import { POOL_GRACE_WORKING_DAYS, clockOn } from '../modules/demands/sla.ts';
import { MAKEUP_IMPORT_KIND } from '../modules/demands/makeup-import.service.ts';
import { incrementApplications, incrementGrants } from '../modules/products/products.repo.ts';
import { loadCalendar } from '../modules/system/platform.service.ts';
import { DEFAULT_SLA_ACCEPT_DAYS, DEFAULT_SLA_DECISION_DAYS } from '../modules/system/settings.service.ts';
import { isWorkingDay, shanghaiDay, workingDeadline } from '../modules/system/working-days.ts';
import { DISTRICTS } from './regions.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DEMO_BANK = '示范市农村商业银行股份有限公司';
const DEMO_GUARANTEE = '示范市融资担保集团有限公司';

/** A small deterministic hash, so the demo data is the same on every fresh start (relative to the seeding day). */
export function h(...n: number[]) {
  let x = 2166136261;
  for (const v of n) x = Math.imul(x ^ (v + 0x9e3779b9), 16777619) >>> 0;
  return x;
}
export const pick = <T>(list: readonly T[], ...n: number[]) => list[h(...n) % list.length];

export const PURPOSES = [
  '采购春茶鲜叶，补充收购季流动资金',
  '新建标准化猪舍两栋，购置自动喂料设备',
  '扩大柑橘种植面积，支付土地流转费用',
  '购置冷链运输车辆一台',
  '采购原材料，完成新增订单生产',
  '民宿装修改造，迎接旅游旺季',
  '购买农机具，开展社会化托管服务',
  '支付员工工资及日常经营周转',
  '建设食用菌大棚，购买菌包',
  '开设电商直播间，采购农产品备货',
];
export const REJECTS: { code: RejectCode; reason: string | null }[] = [
  { code: 'INSUFFICIENT_COLLATERAL', reason: null },
  { code: 'CREDIT_RECORD', reason: '近两年有逾期记录' },
  { code: 'OUTSIDE_SCOPE', reason: null },
  { code: 'OTHER', reason: '经营年限不足一年，暂不符合准入条件' },
];
export const WITHDRAW_REASONS = ['已通过其他银行获得贷款', '资金需求已解决', '项目计划推迟'];

/** The states each type of demand is seeded in, repeated in order. */
const STATES: Record<DemandType, DemandStatus[]> = {
  PUBLIC: [
    'PENDING',
    'ACCEPTED',
    'GRANTED',
    'GRANTED',
    'REJECTED',
    'WITHDRAWN',
    'EXPIRED',
    'GRANTED',
    'ACCEPTED',
    'PENDING',
  ],
  ORIENTATION: [
    'PENDING',
    'ACCEPTED',
    'GRANTED',
    'GRANTED',
    'REJECTED',
    'WITHDRAWN',
    'EXPIRED',
    'ACCEPTED',
    'GRANTED',
    'PENDING',
  ],
  GUARANTEE: ['PENDING', 'GUARANTEE_ACCEPTED', 'GUARANTEED', 'ACCEPTED', 'GRANTED', 'REJECTED', 'WITHDRAWN', 'EXPIRED'],
};

export interface Step {
  action: string;
  from: DemandStatus | null;
  to: DemandStatus | null;
  at: Date;
  userId: number | null;
  orgId: number | null;
  reason?: string | null;
}

/**
 * The demo organisations and applicants the demand seeds draw on (demo-history.ts too): the demo bank, its branch
 * serving each district and their sub-branches, the other banks' head offices, the guarantee companies, and the
 * applicants in the order demands are spread over them (the demo person and enterprise most often).
 */
export async function loadDemoCast(db: DbOrTx) {
  const orgRows = await db
    .select({
      id: orgs.id,
      name: orgs.name,
      parentId: orgs.parentId,
      regionCode: orgs.regionCode,
      classifiedType: orgs.classifiedType,
    })
    .from(orgs);
  const byName = new Map(orgRows.map((o) => [o.name, o]));
  const demoBank = byName.get(DEMO_BANK)!;
  const branchOf = new Map(orgRows.filter((o) => o.parentId === demoBank.id).map((o) => [o.regionCode, o]));
  const branchIds = new Set([...branchOf.values()].map((b) => b.id));
  const subOf = new Map(
    orgRows.filter((o) => o.parentId !== null && branchIds.has(o.parentId)).map((o) => [o.parentId!, o]),
  );
  const otherHeads = orgRows.filter((o) => o.classifiedType === 'BANK' && o.parentId === null && o.id !== demoBank.id);
  const guarantees = orgRows.filter((o) => o.classifiedType === 'GUARANTEE');
  const demoGuarantee = byName.get(DEMO_GUARANTEE)!;

  const people = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      accountType: users.accountType,
      orgId: users.orgId,
      regionCode: users.regionCode,
      certified: users.certified,
      phone: users.phone,
      creditCode: users.creditCode,
      status: users.status,
    })
    .from(users)
    .where(inArray(users.accountType, ['PERSON', 'ENTERPRISE', 'BANK', 'GUARANTEE', 'GOVERNMENT', 'PLATFORM']));
  const user = (username: string) => people.find((p) => p.username === username)!;
  const staffOf = (orgId: number) => people.find((p) => p.orgId === orgId)?.id ?? null;
  const gov = user('gov').id;
  const operator = user('operator');
  // The demo person and enterprise post most; the other active applicants the rest.
  const others = people.filter(
    (p) =>
      (p.accountType === 'PERSON' || p.accountType === 'ENTERPRISE') &&
      p.status === 'ACTIVE' &&
      p.username !== 'person' &&
      p.username !== 'enterprise',
  );
  const applicants = [user('person'), user('enterprise')];
  for (const [i, o] of others.entries())
    applicants.push(o, ...(i % 3 === 0 ? [user('person'), user('enterprise')] : []));
  /** The demo bank's unit serving a district: its branch there, else the head office. */
  const serving = (regionCode: string) => branchOf.get(regionCode) ?? demoBank;
  return {
    orgRows,
    demoBank,
    subOf,
    otherHeads,
    guarantees,
    demoGuarantee,
    people,
    user,
    staffOf,
    gov,
    operator,
    applicants,
    serving,
  };
}

/**
 * Demo demands (PRODUCT.md section 13): about 120 over the last month, of the three types and in every state, from
 * the demo person and enterprise and the other demo applicants, at the demo bank's branches and the other banks and
 * at the guarantee companies, each with the history its state implies and the deadlines of the calendar; a few
 * overdue, expired, urged, dispatched, reassigned and returned to the pool; makeup loans and one makeup import with
 * failed rows. Product counters and the kept totals follow (the counters through the products repo, the totals by
 * the triggers).
 */
export async function seedDemoDemands(db: DbOrTx, now = new Date()) {
  const {
    orgRows,
    demoBank,
    subOf,
    otherHeads,
    guarantees,
    demoGuarantee,
    user,
    staffOf,
    gov,
    operator,
    applicants,
    serving,
  } = await loadDemoCast(db);
  const loans = await db
    .select({ id: products.id, orgId: products.orgId, bankId: products.bankId, kind: products.kind })
    .from(products)
    .where(eq(products.status, 'LISTED'));
  const calendar = await loadCalendar(db, shanghaiDay(new Date(now.getTime() - 60 * DAY)), 200);
  const acceptClock = (at: Date) => clockOn(calendar, at, DEFAULT_SLA_ACCEPT_DAYS);
  const decideClock = (at: Date) => clockOn(calendar, at, DEFAULT_SLA_DECISION_DAYS);
  /** The last working day before today, and a posting time whose acceptance deadline ended then. */
  const lastWorkingDay = (() => {
    let t = now.getTime() - DAY;
    while (!isWorkingDay(shanghaiDay(new Date(t)), calendar)) t -= DAY;
    return shanghaiDay(new Date(t));
  })();
  const postedToExpireOn = (day: string) => {
    let t = Date.parse(`${day}T10:00:00+08:00`);
    for (let n = 0; n < DEFAULT_SLA_ACCEPT_DAYS;) {
      t -= DAY;
      if (isWorkingDay(shanghaiDay(new Date(t)), calendar)) n += 1;
    }
    return new Date(t);
  };

  const openProducts = new Set<string>();
  const rows: { row: typeof demands.$inferInsert; steps: Step[]; news: boolean }[] = [];
  const between = (a: Date, b: Date, f: number) => new Date(a.getTime() + (b.getTime() - a.getTime()) * f);

  const plan: { type: DemandType; status: DemandStatus }[] = [];
  for (let i = 0; i < 45; i++) plan.push({ type: 'PUBLIC', status: STATES.PUBLIC[i % STATES.PUBLIC.length] });
  for (let i = 0; i < 50; i++)
    plan.push({ type: 'ORIENTATION', status: STATES.ORIENTATION[i % STATES.ORIENTATION.length] });
  for (let i = 0; i < 24; i++) plan.push({ type: 'GUARANTEE', status: STATES.GUARANTEE[i % STATES.GUARANTEE.length] });

  for (const [n, p] of plan.entries()) {
    let a = applicants[n % applicants.length];
    if (p.type !== 'PUBLIC' && !a.certified) a = n % 2 ? user('person') : user('enterprise');
    const regionCode = a.regionCode ?? DISTRICTS[n % DISTRICTS.length].code;
    const status = p.status;
    const amount =
      [10, 20, 30, 50, 80, 100, 150, 200, 300, 500][h(n, 1) % 10] + (a.accountType === 'ENTERPRISE' ? 50 : 0);
    // When it was posted: pending ones in the last day, expired ones so that their deadline ended on the last working
    // day, accepted ones overdue for every third of them, the rest over the last month.
    const overdue = status === 'ACCEPTED' && n % 3 === 0;
    let created: Date;
    if (status === 'PENDING') created = new Date(now.getTime() - (1 + (h(n, 2) % 20)) * HOUR);
    else if (status === 'EXPIRED') created = postedToExpireOn(lastWorkingDay);
    else if (overdue) created = new Date(now.getTime() - (26 + (h(n, 2) % 3)) * DAY);
    else if (status === 'ACCEPTED' || status === 'GUARANTEE_ACCEPTED' || status === 'GUARANTEED')
      created = new Date(now.getTime() - (2 + (h(n, 2) % 8)) * DAY - (h(n, 3) % 10) * HOUR);
    else created = new Date(now.getTime() - (3 + (h(n, 2) % 27)) * DAY - (h(n, 3) % 10) * HOUR);

    // Who it is addressed to.
    let target: { id: number; name: string; bankId: number | null } | null = null;
    let productId: number | null = null;
    let guaranteeOrg: { id: number; name: string } | null = null;
    if (p.type === 'ORIENTATION') {
      const atDemo = h(n, 4) % 10 < 6;
      const head = atDemo ? demoBank : pick(otherHeads, n, 5);
      const unit = atDemo ? serving(regionCode) : head;
      target = { id: unit.id, name: unit.name, bankId: head.id };
      const candidates = loans.filter(
        (l) => l.kind === 'LOAN' && l.bankId === head.id && (l.orgId === head.id || l.orgId === unit.id),
      );
      const product = candidates.length && h(n, 6) % 10 < 7 ? pick(candidates, n, 7) : null;
      const open = !['GRANTED', 'REJECTED', 'WITHDRAWN'].includes(status);
      if (product && !(open && openProducts.has(`${a.id}:${product.id}`))) {
        productId = product.id;
        if (open) openProducts.add(`${a.id}:${product.id}`);
      }
    }
    if (p.type === 'GUARANTEE') {
      const g = h(n, 8) % 10 < 6 ? demoGuarantee : pick(guarantees, n, 9);
      guaranteeOrg = { id: g.id, name: g.name };
      target = { id: g.id, name: g.name, bankId: null };
    }

    const steps: Step[] = [{ action: 'create', from: null, to: 'PENDING', at: created, userId: a.id, orgId: null }];
    const accept = acceptClock(created);
    const row: typeof demands.$inferInsert = {
      type: p.type,
      status,
      source: 'APPLICANT',
      applicantUserId: a.id,
      applicantName: a.name,
      applicantType: a.accountType === 'ENTERPRISE' ? 'ENTERPRISE' : 'PERSON',
      creditCode: a.creditCode,
      createdBy: a.id,
      productId,
      targetOrgId: target?.id ?? null,
      bankOrgId: p.type === 'ORIENTATION' ? target!.id : null,
      bankId: p.type === 'ORIENTATION' ? target!.bankId : null,
      guaranteeOrgId: guaranteeOrg?.id ?? null,
      amount,
      term: [6, 12, 12, 24, 36][h(n, 10) % 5],
      purpose: pick(PURPOSES, n, 11),
      guaranteeMethod: pick(
        GUARANTEE_METHODS.filter((g) =>
          p.type === 'GUARANTEE' ? g === 'GUARANTEE_COMPANY' : g !== 'GUARANTEE_COMPANY',
        ),
        n,
        12,
      ),
      regionCode,
      industry: pick(INDUSTRIES, n, 13),
      contactName: a.accountType === 'ENTERPRISE' ? `${a.name.replace(/^示范市/, '').slice(0, 1)}经理` : a.name,
      contactPhone: a.phone ?? '13800000000',
      consentUserId: a.id,
      consentAt: created,
      consentInstitution:
        target?.name ?? `${DISTRICTS.find((d) => d.code === regionCode)?.name ?? ''}辖内银行业金融机构`,
      acceptDeadline: accept.dueAt,
      createdAt: created,
      updatedAt: created,
    };
    const ageEnd = status === 'EXPIRED' ? accept.dueAt : now;
    const bankUnit =
      p.type === 'ORIENTATION'
        ? { id: target!.id, bankId: target!.bankId! }
        : (() => {
            const u = h(n, 14) % 10 < 6 ? serving(regionCode) : pick(otherHeads, n, 15);
            return { id: u.id, bankId: u.parentId ?? u.id };
          })();
    const bankStaff = staffOf(bankUnit.id) ?? staffOf(bankUnit.bankId);
    const own = (at: Date) => {
      const d = decideClock(at);
      Object.assign(row, {
        ownerOrgId: bankUnit.id,
        bankOrgId: bankUnit.id,
        bankId: bankUnit.bankId,
        decideDeadline: d.dueAt,
      });
      return d;
    };

    // The path to the state.
    const t1 = new Date(
      Math.min(
        accept.dueAt.getTime() - HOUR,
        created.getTime() + (3 + (h(n, 16) % 20)) * HOUR,
        now.getTime() - 2 * HOUR,
      ),
    );
    let running: { dueAt: Date; warnAt: Date } | null = null;
    if (status === 'PENDING') running = accept;
    if (status === 'EXPIRED') {
      const expiredAt = new Date(accept.dueAt.getTime() + 60_000);
      steps.push({ action: 'expire', from: 'PENDING', to: 'EXPIRED', at: expiredAt, userId: null, orgId: null });
      Object.assign(row, {
        expiredAt,
        poolAt: p.type === 'ORIENTATION' ? workingDeadline(expiredAt, POOL_GRACE_WORKING_DAYS, calendar) : null,
      });
    }
    if (status === 'WITHDRAWN') {
      const after = h(n, 17) % 2 === 0 && p.type !== 'GUARANTEE';
      if (after) {
        own(t1);
        Object.assign(row, { acceptedAt: t1 });
        steps.push({
          action: 'accept',
          from: 'PENDING',
          to: 'ACCEPTED',
          at: t1,
          userId: bankStaff,
          orgId: bankUnit.id,
        });
      }
      const reason = after ? pick(WITHDRAW_REASONS, n, 18) : null;
      const withdrawnAt = between(t1, ageEnd, 0.5);
      steps.push({
        action: 'withdraw',
        from: after ? 'ACCEPTED' : 'PENDING',
        to: 'WITHDRAWN',
        at: withdrawnAt,
        userId: a.id,
        orgId: null,
        reason,
      });
      // Set as the service sets it: left empty, the report trigger would date the withdrawal on the seeding day.
      Object.assign(row, { withdrawReason: reason, withdrawnAt });
    }
    if (
      p.type === 'GUARANTEE' &&
      ['GUARANTEE_ACCEPTED', 'GUARANTEED', 'ACCEPTED', 'GRANTED', 'REJECTED'].includes(status)
    ) {
      const g = guaranteeOrg!;
      const gStaff = staffOf(g.id);
      const d = decideClock(t1);
      Object.assign(row, { acceptedAt: t1, decideDeadline: d.dueAt });
      steps.push({
        action: 'guaranteeAccept',
        from: 'PENDING',
        to: 'GUARANTEE_ACCEPTED',
        at: t1,
        userId: gStaff,
        orgId: g.id,
      });
      running = d;
      const t2 = between(t1, now, 0.3);
      if (status === 'REJECTED' && n % 2 === 0) {
        const r = pick(REJECTS, n, 19);
        steps.push({
          action: 'guaranteeReject',
          from: 'GUARANTEE_ACCEPTED',
          to: 'REJECTED',
          at: t2,
          userId: gStaff,
          orgId: g.id,
          reason: r.reason ?? null,
        });
        Object.assign(row, { rejectCode: r.code, rejectReason: r.reason, decidedAt: t2 });
        running = null;
      } else if (status !== 'GUARANTEE_ACCEPTED') {
        const guaranteed = Math.round(amount * 0.8);
        // The terms a bank lends on (issue 13, point 10): fee, term, contract and its days, as guarantee.json takes them.
        const feeRate = [0.8, 1, 1.2, 1.5][n % 4]!;
        const signedAt = shanghaiDay(t2);
        const contractNo = `示担保字〔${signedAt.slice(0, 4)}〕第${String(100 + n).padStart(3, '0')}号`;
        const endDate = guaranteeEndDays(signedAt, row.term)[0];
        Object.assign(row, {
          guaranteedAmount: guaranteed,
          guaranteeFeeRate: feeRate,
          guaranteeTerm: row.term,
          guaranteeContractNo: contractNo,
          guaranteeSignedAt: signedAt,
          guaranteeStartDate: signedAt,
          guaranteeEndDate: endDate,
        });
        const reason = `担保金额${guaranteed}万元，担保费率${feeRate}%，期限${row.term}个月，合同编号${contractNo}（${signedAt}签订），保证期间${signedAt}至${endDate}`;
        steps.push({
          action: 'guarantee',
          from: 'GUARANTEE_ACCEPTED',
          to: 'GUARANTEED',
          at: t2,
          userId: gStaff,
          orgId: g.id,
          reason,
        });
        if (status !== 'GUARANTEED') {
          const t3 = between(t2, now, 0.3);
          running = own(t3);
          steps.push({
            action: 'handToBank',
            from: 'GUARANTEED',
            to: 'ACCEPTED',
            at: t3,
            userId: gStaff,
            orgId: g.id,
            reason: `转交${orgRows.find((o) => o.id === bankUnit.id)!.name}`,
          });
        }
      }
    } else if (['ACCEPTED', 'GRANTED', 'REJECTED'].includes(status)) {
      running = own(t1);
      row.acceptedAt = t1;
      steps.push({ action: 'accept', from: 'PENDING', to: 'ACCEPTED', at: t1, userId: bankStaff, orgId: bankUnit.id });
      // A few of the demo bank's accepted demands went on to the 城关/东湖 sub-branch.
      const sub = subOf.get(bankUnit.id);
      if (sub && n % 2 === 0) {
        steps.push({
          action: 'dispatch',
          from: null,
          to: null,
          at: new Date(t1.getTime() + HOUR),
          userId: bankStaff,
          orgId: bankUnit.id,
          reason: `分派至${sub.name}`,
        });
        Object.assign(row, { ownerOrgId: sub.id, bankOrgId: sub.id });
      }
    }
    const lastState = [...steps].reverse().find((s) => s.to !== null)!;
    const lastAt = steps.reduce((m, s) => (s.at > m ? s.at : m), created);
    if ((status === 'GRANTED' || status === 'REJECTED') && lastState.to === 'ACCEPTED') {
      const at = between(lastAt, now, 0.25 + (h(n, 20) % 50) / 100);
      const by = staffOf(row.bankOrgId!) ?? bankStaff;
      if (status === 'GRANTED') {
        const granted = Math.round(amount * (0.6 + (h(n, 21) % 40) / 100) * 100) / 100;
        Object.assign(row, {
          grantedAmount: granted,
          grantedRate: 3.45 + (h(n, 22) % 250) / 100,
          grantedTerm: row.term,
          grantedAt: shanghaiDay(at),
          decidedAt: at,
        });
        steps.push({
          action: 'grant',
          from: 'ACCEPTED',
          to: 'GRANTED',
          at,
          userId: by,
          orgId: row.bankOrgId!,
          reason: null,
        });
      } else {
        const r = pick(REJECTS, n, 23);
        Object.assign(row, { rejectCode: r.code, rejectReason: r.reason, decidedAt: at });
        steps.push({
          action: 'reject',
          from: 'ACCEPTED',
          to: 'REJECTED',
          at,
          userId: by,
          orgId: row.bankOrgId!,
          reason: r.reason,
        });
      }
      running = null;
    }
    if (['GRANTED', 'REJECTED', 'WITHDRAWN', 'EXPIRED'].includes(status)) running = null;
    if (running) {
      Object.assign(row, { dueAt: running.dueAt, warnAt: running.warnAt });
      if (running.warnAt < now) {
        const warnedAt = new Date(running.warnAt.getTime() + 60_000);
        row.warnedAt = warnedAt;
        steps.push({
          action: 'warn',
          from: null,
          to: null,
          at: warnedAt,
          userId: null,
          orgId: null,
          reason: `距${status === 'PENDING' ? '受理' : '办结'}时限（${shanghaiDay(running.dueAt)}）不足一个工作日`,
        });
      }
      if (running.dueAt < now && status !== 'PENDING') {
        const at = new Date(Math.min(now.getTime() - HOUR, running.dueAt.getTime() + DAY));
        steps.push({
          action: 'urge',
          from: null,
          to: null,
          at,
          userId: gov,
          orgId: null,
          reason: '该需求已超过办理时限，请尽快办结并反馈结果',
        });
        Object.assign(row, { urgeCount: 1, lastUrgedAt: at });
      }
    }
    row.updatedAt = steps.reduce((m, s) => (s.at > m ? s.at : m), created);
    rows.push({ row, steps, news: a.username === 'person' || a.username === 'enterprise' });
  }

  // Two that went round the clock: an expired public demand a supervisor gave to the demo bank, and an expired
  // orientation demand that went back to the public pool; both pending again with a new deadline.
  for (const [k, kind] of (['reassign', 'returnToPool'] as const).entries()) {
    const a = kind === 'reassign' ? user('enterprise') : user('person');
    const regionCode = a.regionCode ?? '999906';
    const created = postedToExpireOn(lastWorkingDay);
    created.setTime(created.getTime() - 2 * DAY);
    const old = acceptClock(created);
    const expiredAt = new Date(old.dueAt.getTime() + 60_000);
    const again = new Date(now.getTime() - (3 + k) * HOUR);
    const fresh = acceptClock(again);
    const unit = serving(regionCode);
    const otherBank = pick(otherHeads, k, 31);
    const steps: Step[] = [
      { action: 'create', from: null, to: 'PENDING', at: created, userId: a.id, orgId: null },
      { action: 'expire', from: 'PENDING', to: 'EXPIRED', at: expiredAt, userId: null, orgId: null },
      kind === 'reassign'
        ? {
            action: 'reassign',
            from: 'EXPIRED',
            to: 'PENDING',
            at: again,
            userId: gov,
            orgId: null,
            reason: `分派至${unit.name}：请优先对接`,
          }
        : {
            action: 'returnToPool',
            from: 'EXPIRED',
            to: 'PENDING',
            at: again,
            userId: null,
            orgId: null,
            reason: '转入公开需求池',
          },
    ];
    rows.push({
      news: true,
      steps,
      row: {
        type: 'PUBLIC',
        status: 'PENDING',
        applicantUserId: a.id,
        applicantName: a.name,
        applicantType: a.accountType === 'ENTERPRISE' ? 'ENTERPRISE' : 'PERSON',
        creditCode: a.creditCode,
        createdBy: a.id,
        targetOrgId: kind === 'reassign' ? unit.id : null,
        bankOrgId: kind === 'reassign' ? unit.id : null,
        bankId: kind === 'reassign' ? demoBank.id : null,
        amount: 120 + k * 40,
        term: 12,
        purpose: pick(PURPOSES, 90 + k),
        guaranteeMethod: 'CREDIT',
        regionCode,
        industry: 'AGRICULTURE',
        contactName: a.name,
        contactPhone: a.phone ?? '13800000000',
        consentUserId: a.id,
        consentAt: created,
        consentInstitution:
          kind === 'reassign'
            ? `${DISTRICTS.find((d) => d.code === regionCode)?.name}辖内银行业金融机构`
            : otherBank.name,
        acceptDeadline: fresh.dueAt,
        dueAt: fresh.dueAt,
        warnAt: fresh.warnAt,
        expiredAt,
        createdAt: created,
        updatedAt: again,
      },
    });
  }

  // Makeup: offline loans the operator recorded one by one over the month.
  for (let k = 0; k < 10; k++) {
    const head = k % 3 === 0 ? demoBank : pick(otherHeads, k, 40);
    const regionCode = DISTRICTS[k % DISTRICTS.length].code;
    const unit = head.id === demoBank.id ? serving(regionCode) : head;
    const at = new Date(now.getTime() - (2 + ((k * 3) % 28)) * DAY - k * HOUR);
    const grantedAt = shanghaiDay(new Date(at.getTime() - (1 + (k % 5)) * DAY));
    const amount = [20, 50, 80, 100, 200][k % 5];
    const enterprise = k % 2 === 0;
    const applicantName = enterprise
      ? `示范市${['兴隆', '金田', '长丰', '万家', '丰源'][k % 5]}农业开发有限公司`
      : `${['王', '李', '张', '刘', '陈'][k % 5]}${['建国', '秀英', '志强', '桂芳', '国华'][k % 5]}`;
    rows.push({
      news: false,
      steps: [{ action: 'makeup', from: null, to: 'GRANTED', at, userId: operator.id, orgId: operator.orgId }],
      row: {
        type: 'ORIENTATION',
        status: 'GRANTED',
        source: 'MAKEUP',
        applicantName,
        applicantType: enterprise ? 'ENTERPRISE' : k % 4 === 1 ? 'FARMER' : 'PERSON',
        creditCode: enterprise ? withCheckChar(`91${regionCode}MC${String(k + 1).padStart(7, '0')}`) : null,
        createdBy: operator.id,
        targetOrgId: unit.id,
        ownerOrgId: unit.id,
        bankOrgId: unit.id,
        bankId: head.id,
        amount,
        term: 12,
        purpose: '补录线下放款',
        guaranteeMethod: k % 2 ? 'MORTGAGE' : 'CREDIT',
        regionCode,
        industry: pick(INDUSTRIES, k, 41),
        contactName: applicantName,
        contactPhone: '',
        acceptedAt: at,
        decidedAt: at,
        grantedAmount: amount,
        grantedRate: 4 + (k % 4) * 0.25,
        grantedTerm: 12,
        grantedAt,
        createdAt: at,
        updatedAt: at,
      },
    });
  }

  // Product counters follow the demands (applications, and loans granted through the product).
  const written: { id: number; row: typeof demands.$inferInsert; steps: Step[]; news: boolean }[] = [];
  for (const r of rows) {
    const [d] = await db.insert(demands).values(r.row).returning({ id: demands.id });
    written.push({ id: d.id, ...r });
    if (r.row.productId) {
      await incrementApplications(db, r.row.productId);
      if (r.row.status === 'GRANTED') await incrementGrants(db, r.row.productId);
    }
  }
  await db.insert(demandHistory).values(
    written.flatMap((w) =>
      w.steps.map((s) => ({
        demandId: w.id,
        action: s.action,
        fromStatus: s.from,
        toStatus: s.to,
        userId: s.userId,
        orgId: s.orgId,
        reason: s.reason ?? null,
        createdAt: s.at,
      })),
    ),
  );
  // The demo person and enterprise find their demands' news in the bell (news older than three days read already).
  const TITLES: Record<string, string> = {
    create: '融资需求已提交',
    accept: '融资需求已受理',
    grant: '融资需求已放款',
    reject: '融资需求未获通过',
    withdraw: '融资需求已撤回',
    expire: '融资需求受理超时',
    reassign: '融资需求已重新分派',
    returnToPool: '融资需求已转为公开需求',
    guaranteeAccept: '担保需求已受理',
    guaranteeReject: '融资需求未获通过',
    guarantee: '担保机构同意担保',
    handToBank: '担保需求已转交银行',
  };
  const PATH = {
    PUBLIC: '/userClient/demand/public',
    ORIENTATION: '/userClient/demand/orientation',
    GUARANTEE: '/userClient/demand/guarantee',
  } as const;
  const news = written
    .filter((w) => w.news)
    .flatMap((w) =>
      w.steps
        .filter((s) => s.to !== null && TITLES[s.action])
        .map((s) => ({
          userId: w.row.applicantUserId!,
          title: TITLES[s.action],
          content: `您的融资需求${demandCode(w.id, w.row.createdAt!)}状态已更新为${statusName(s.to!)}${s.reason ? `（${s.reason}）` : ''}。`,
          kind: 'demand.statusChanged',
          params: { demandNo: demandCode(w.id, w.row.createdAt!), status: s.to!, reason: s.reason ?? null },
          link: `${PATH[w.row.type as DemandType]}?id=${w.id}`,
          createdAt: s.at,
          readAt: s.at.getTime() < now.getTime() - 3 * DAY ? new Date(s.at.getTime() + HOUR) : null,
        })),
    );
  if (news.length) await db.insert(messages).values(news);

  // One makeup import of last week: six loans in, two rows refused with their reasons.
  const importedAt = new Date(now.getTime() - 6 * DAY);
  const [job] = await db
    .insert(importJobs)
    .values({
      kind: MAKEUP_IMPORT_KIND,
      fileName: '线下放款补录-10月.xlsx',
      total: 8,
      succeeded: 6,
      failed: 2,
      userId: operator.id,
      createdAt: importedAt,
    })
    .returning({ id: importJobs.id });
  const imported: (typeof demands.$inferInsert)[] = [];
  for (let k = 0; k < 6; k++) {
    const regionCode = DISTRICTS[(k + 2) % DISTRICTS.length].code;
    const unit = k % 2 ? serving(regionCode) : pick(otherHeads, k, 50);
    const amount = [15, 30, 45, 60, 90, 120][k];
    const name = `${['赵', '钱', '孙', '周', '吴', '郑'][k]}${['大山', '红梅', '立新', '春燕', '德福', '玉兰'][k]}`;
    imported.push({
      type: 'ORIENTATION',
      status: 'GRANTED',
      source: 'MAKEUP',
      applicantName: name,
      applicantType: k % 2 ? 'FARMER' : 'PERSON',
      createdBy: operator.id,
      targetOrgId: unit.id,
      ownerOrgId: unit.id,
      bankOrgId: unit.id,
      bankId: unit.parentId ?? unit.id,
      amount,
      term: 12,
      purpose: '补录线下放款',
      guaranteeMethod: 'CREDIT',
      regionCode,
      industry: 'AGRICULTURE',
      contactName: name,
      contactPhone: '',
      acceptedAt: importedAt,
      decidedAt: importedAt,
      grantedAmount: amount,
      grantedRate: 4.35,
      grantedTerm: 12,
      grantedAt: shanghaiDay(new Date(importedAt.getTime() - (10 + k) * DAY)),
      importJobId: job.id,
      createdAt: importedAt,
      updatedAt: importedAt,
    });
  }
  const importedIds = await db.insert(demands).values(imported).returning({ id: demands.id });
  await db.insert(demandHistory).values(
    importedIds.map((d) => ({
      demandId: d.id,
      action: 'makeup',
      fromStatus: null,
      toStatus: 'GRANTED',
      userId: operator.id,
      orgId: operator.orgId,
      reason: `导入批次 ${job.id}`,
      createdAt: importedAt,
    })),
  );
  await db.insert(importFailures).values([
    {
      jobId: job.id,
      rowNo: 4,
      data: JSON.stringify({
        applicantName: '示范市顺发商贸有限公司',
        applicantType: '企业',
        creditCode: '',
        bankName: DEMO_BANK,
        region: '城关区',
      }),
      reason: '企业须填写统一社会信用代码',
    },
    {
      jobId: job.id,
      rowNo: 9,
      data: JSON.stringify({
        applicantName: '何永福',
        applicantType: '农户',
        bankName: '示范市某某银行',
        region: '云溪县',
      }),
      reason: '未找到放款银行（请填写机构全称）：示范市某某银行',
    },
  ]);
  return { demands: written.length + importedIds.length };
}
