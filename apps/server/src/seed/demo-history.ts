import { and, eq, sql } from 'drizzle-orm';
import { withCheckChar } from '@phjr/contract/orgs/credit-code';
import type { DemandStatus, DemandType, RejectCode } from '@phjr/contract/demands/demand';
import { guaranteeEndDays } from '@phjr/contract/demands/guarantee-terms';
import { INDUSTRIES } from '@phjr/contract/products/product';
import type { DbOrTx } from '../db/client.ts';
import { demandHistory, demands, orgs, products } from '../db/schema/index.ts';
import { POOL_GRACE_WORKING_DAYS, clockOn } from '../modules/demands/sla.ts';
import { loadCalendar } from '../modules/system/platform.service.ts';
import { DEFAULT_SLA_ACCEPT_DAYS, DEFAULT_SLA_DECISION_DAYS } from '../modules/system/settings.service.ts';
import { addWorkingDays, isWorkingDay, shanghaiDay, workingDeadline } from '../modules/system/working-days.ts';
import { PURPOSES, REJECTS, WITHDRAW_REASONS, h, loadDemoCast, pick, type Step } from './demo-demands.ts';
import { DISTRICTS } from './regions.ts';
import { DEMO_BANK } from './demo-accounts.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The history ends where the demo month (demo-demands.ts) begins, and goes back a year. */
const NEWEST_DAYS_AGO = 35;
const OLDEST_DAYS_AGO = 365;
/** Applicant demands in a whole month, growing from the oldest month to the newest. */
const PER_MONTH_FIRST = 12;
const PER_MONTH_LAST = 30;
const MAKEUP_PER_MONTH = 5;
/** Coded refusals: the demo's, and the applicant nobody could reach. */
const REFUSALS: { code: RejectCode; reason: string | null }[] = [
  ...REJECTS,
  { code: 'UNREACHABLE', reason: '多次电话联系申请人均未接通' },
];
/** How the granted loans were secured: credit loans the most common (the dashboard's credit share). */
const LOAN_METHODS = ['CREDIT', 'CREDIT', 'CREDIT', 'MORTGAGE', 'PLEDGE', 'GUARANTOR'] as const;
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高';
const GIVEN = ['建华', '秀兰', '志明', '春梅', '国强', '玉珍', '永福', '海燕', '德明', '丽华', '长青', '金凤'];
const FIRMS = ['兴农', '丰收', '绿野', '惠民', '百川', '宏图', '山水', '福源', '鑫盛', '田园'];
const FIRM_KINDS = ['农业开发有限公司', '种养殖专业合作社', '农产品加工有限公司', '生态农业有限公司'];

type Outcome = 'GRANTED' | 'REJECTED' | 'WITHDRAWN' | 'EXPIRED';
/** How demands ended, in turn (every ten in a row: 6 granted, 2 rejected, 1 withdrawn, 1 expired first). */
const OUTCOMES: readonly Outcome[] = [
  'GRANTED',
  'REJECTED',
  'GRANTED',
  'WITHDRAWN',
  'GRANTED',
  'GRANTED',
  'EXPIRED',
  'GRANTED',
  'REJECTED',
  'GRANTED',
];

/** Beijing wall time `minutes` after midnight of `day` (YYYY-MM-DD). */
const bjAt = (day: string, minutes: number) => new Date(Date.parse(`${day}T00:00:00+08:00`) + minutes * 60_000);
const dayAfter = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/**
 * A year of finished demands before the demo month (docs/statistics.md needs history for the reports and the
 * dashboard's 12-month trends): for each Beijing month of the last year, the part of it 35 to 365 days ago gets its
 * share of 12 (the oldest month) to 30 (the newest) applicant demands of the three types from the demo applicants (a
 * quarter from the demo person and enterprise), at the banks serving their district (the demo bank's unit there for
 * about half) and the guarantee companies, and about five makeup loans. All end in a final
 * state: ~60 % granted, ~20 % rejected, ~10 % withdrawn (half before acceptance), ~10 % that expired first (then were
 * reassigned and granted, or returned to the pool and withdrawn). Deadlines follow the calendar; a few were accepted
 * or decided late. No product is linked, so the product counters stay as demo-demands.ts leaves them. Written after
 * the demo demands (their ids come after the demo makeup import's) in a few multi-row statements the report triggers
 * count; then the expired ones get the unit that let them expire, and the first-loan marks are recomputed in order of
 * grant now that older grants exist.
 */
export async function seedDemoHistory(db: DbOrTx, now = new Date()) {
  const { orgRows, subOf, otherHeads, guarantees, demoGuarantee, user, staffOf, gov, operator, applicants, serving } =
    await loadDemoCast(db);
  const calendar = await loadCalendar(
    db,
    shanghaiDay(new Date(now.getTime() - (OLDEST_DAYS_AGO + 40) * DAY)),
    OLDEST_DAYS_AGO + 120,
  );
  const acceptClock = (at: Date) => clockOn(calendar, at, DEFAULT_SLA_ACCEPT_DAYS);
  const decideClock = (at: Date) => clockOn(calendar, at, DEFAULT_SLA_DECISION_DAYS);
  /** A moment `wd` working days after the day of `after` (0: the same day), between 9:00 and 17:00 Beijing, never before `after`. */
  const workAt = (after: Date, wd: number, ...n: number[]) => {
    const day = addWorkingDays(shanghaiDay(after), wd, calendar);
    const at = bjAt(day, 9 * 60 + (h(...n) % 480));
    return at > after ? at : new Date(after.getTime() + (1 + (h(...n, 1) % 3)) * HOUR);
  };
  const others = applicants.filter(
    (p, i) => p.username !== 'person' && p.username !== 'enterprise' && applicants.indexOf(p) === i,
  );
  const certifiedOthers = others.filter((p) => p.certified);
  const nameOf = (id: number) => orgRows.find((o) => o.id === id)!.name;
  const districtName = (code: string) => DISTRICTS.find((d) => d.code === code)?.name ?? '';

  const first = shanghaiDay(new Date(now.getTime() - OLDEST_DAYS_AGO * DAY));
  const last = shanghaiDay(new Date(now.getTime() - NEWEST_DAYS_AGO * DAY));
  const [y, m] = shanghaiDay(now).split('-').map(Number) as [number, number];
  const months: { days: string[]; applicantN: number; makeupN: number }[] = [];
  for (let k = 12; k >= 1; k--) {
    const start = new Date(Date.UTC(y, m - 1 - k, 1));
    const length = new Date(Date.UTC(y, m - k, 0)).getUTCDate();
    const days = Array.from({ length }, (_, d) =>
      new Date(start.getTime() + d * DAY).toISOString().slice(0, 10),
    ).filter((d) => d >= first && d <= last);
    if (days.length < 3) continue;
    const whole = PER_MONTH_FIRST + Math.round(((12 - k) * (PER_MONTH_LAST - PER_MONTH_FIRST)) / 11);
    months.push({
      days,
      applicantN: Math.max(3, Math.round((whole * days.length) / length)),
      makeupN: Math.max(1, Math.round((MAKEUP_PER_MONTH * days.length) / length)),
    });
  }

  // The demo bank's listed 创业担保贷 product (policy CYDBD): about a third of the orientation demands the demo bank
  // ends up with are posted through it, so the HR bureau's 创业担保贷 figures have a year of history of their own.
  const cydbd = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(orgs, eq(orgs.id, products.bankId))
    .where(
      and(
        eq(products.policy, 'CYDBD'),
        eq(products.kind, 'LOAN'),
        eq(products.status, 'LISTED'),
        eq(orgs.name, DEMO_BANK),
      ),
    )
    .limit(1);
  const cydbdProductId = cydbd[0]?.id ?? null;

  const rows: { row: typeof demands.$inferInsert; steps: Step[]; expiredOrg?: number | null }[] = [];
  let n = 0;
  // Demands of a month in order of posting, each of the ten outcomes in turn.
  for (const [mi, month] of months.entries()) {
    for (let j = 0; j < month.applicantN; j++, n++) {
      const built = applicantDemand(
        n,
        month.days[Math.floor(((j + (h(n, 1) % 100) / 100) * month.days.length) / month.applicantN)],
        mi,
      );
      if (built) rows.push(built);
    }
  }

  function applicantDemand(n: number, postDay: string, monthIndex: number) {
    const r = h(n, 2) % 100;
    const type: DemandType = r < 35 ? 'PUBLIC' : r < 80 ? 'ORIENTATION' : 'GUARANTEE';
    let outcome = OUTCOMES[n % OUTCOMES.length];
    // A guarantee demand cannot be reassigned or returned to the pool: those that would expire are withdrawn instead.
    if (outcome === 'EXPIRED' && type === 'GUARANTEE') outcome = 'WITHDRAWN';
    // A quarter from the demo person and enterprise (their lists go back a year), the rest spread over the others'
    // districts; only certified applicants address a bank or a guarantee company.
    const from =
      h(n, 4) % 100 < 25 ? [user('person'), user('enterprise')] : type === 'PUBLIC' ? others : certifiedOthers;
    const a = from[h(n, 5) % from.length];
    const enterprise = a.accountType === 'ENTERPRISE';
    const regionCode = a.regionCode ?? DISTRICTS[n % DISTRICTS.length].code;
    const amount = enterprise ? [50, 80, 100, 150, 200, 300, 500][h(n, 50) % 7] : [5, 10, 15, 20, 30, 50][h(n, 50) % 6];
    const term = [6, 12, 12, 12, 24, 36][h(n, 6) % 6];
    const created = bjAt(postDay, 7 * 60 + (h(n, 7) % (15 * 60)));
    const accept = acceptClock(created);
    // Only demands old enough for a late decision to be over long before the demo month get one.
    const old = monthIndex < 8;
    const acceptLate = h(n, 8) % 100 < 5;
    const decideLate = old && h(n, 9) % 100 < 6;

    // The bank unit that ends up with it: the demo bank's unit serving the district, or another bank's head office.
    const other = pick(otherHeads, n, 10);
    const atDemo = h(n, 11) % 100 < 55;
    const unit = atDemo ? serving(regionCode) : other;
    const g = type === 'GUARANTEE' ? (h(n, 12) % 10 < 6 ? demoGuarantee : pick(guarantees, n, 13)) : null;
    const target = type === 'ORIENTATION' ? unit : g;
    const row: typeof demands.$inferInsert = {
      type,
      status: outcome === 'EXPIRED' ? 'GRANTED' : outcome,
      source: 'APPLICANT',
      applicantUserId: a.id,
      applicantName: a.name,
      applicantType: enterprise ? 'ENTERPRISE' : 'PERSON',
      creditCode: a.creditCode,
      createdBy: a.id,
      targetOrgId: target?.id ?? null,
      productId: type === 'ORIENTATION' && atDemo && h(n, 61) % 100 < 35 ? cydbdProductId : null,
      bankOrgId: null,
      bankId: null,
      guaranteeOrgId: g?.id ?? null,
      amount,
      term,
      purpose: pick(PURPOSES, n, 14),
      guaranteeMethod: type === 'GUARANTEE' ? 'GUARANTEE_COMPANY' : pick(LOAN_METHODS, n, 15),
      regionCode,
      industry: pick(INDUSTRIES, n, 16),
      contactName: enterprise ? `${a.name.replace(/^示范市/, '').slice(0, 1)}经理` : a.name,
      contactPhone: a.phone ?? '13800000000',
      consentUserId: a.id,
      consentAt: created,
      consentInstitution: target?.name ?? `${districtName(regionCode)}辖内银行业金融机构`,
      acceptDeadline: accept.dueAt,
      createdAt: created,
    };
    const steps: Step[] = [{ action: 'create', from: null, to: 'PENDING', at: created, userId: a.id, orgId: null }];
    let expiredOrg: number | null | undefined;
    const bankTakes = (u: { id: number; parentId: number | null }, at: Date) => {
      Object.assign(row, {
        ownerOrgId: u.id,
        bankOrgId: u.id,
        bankId: u.parentId ?? u.id,
        decideDeadline: decideClock(at).dueAt,
      });
      return staffOf(u.id) ?? staffOf(u.parentId ?? u.id);
    };
    /** The bank accepts it at `at` (a sub-branch of the demo bank takes some over), and decides: GRANTED or REJECTED. */
    const bankAccepts = (at: Date) => {
      row.acceptedAt = at;
      const staff = bankTakes(unit, at);
      steps.push({ action: 'accept', from: 'PENDING', to: 'ACCEPTED', at, userId: staff, orgId: unit.id });
      const sub = subOf.get(unit.id);
      if (sub && h(n, 17) % 2 === 0) {
        steps.push({
          action: 'dispatch',
          from: null,
          to: null,
          at: new Date(at.getTime() + HOUR),
          userId: staff,
          orgId: unit.id,
          reason: `分派至${sub.name}`,
        });
        Object.assign(row, { ownerOrgId: sub.id, bankOrgId: sub.id });
      }
      return staff;
    };
    /** The bank in charge decides `wd` working days after `from`. */
    const bankDecides = (from: Date, status: 'GRANTED' | 'REJECTED') => {
      const late = decideLate;
      const at = workAt(from, late ? DEFAULT_SLA_DECISION_DAYS + 2 + (h(n, 18) % 3) : 2 + (h(n, 18) % 8), n, 19);
      const by = staffOf(row.bankOrgId!) ?? staffOf(row.bankId!);
      if (late) {
        const urgedAt = new Date(row.decideDeadline!.getTime() + 10 * HOUR);
        steps.push({
          action: 'urge',
          from: null,
          to: null,
          at: urgedAt,
          userId: gov,
          orgId: null,
          reason: '该需求已超过办理时限，请尽快办结并反馈结果',
        });
        Object.assign(row, { urgeCount: 1, lastUrgedAt: urgedAt });
      }
      if (status === 'GRANTED') {
        const share = h(n, 20) % 10 < 4 ? 1 : 0.6 + (h(n, 21) % 40) / 100;
        const granted = Math.max(1, Math.round(amount * share));
        Object.assign(row, {
          grantedAmount: granted,
          grantedRate: (345 + (h(n, 22) % 50) * 5) / 100,
          grantedTerm: term,
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
        const refusal = pick(REFUSALS, n, 23);
        Object.assign(row, { rejectCode: refusal.code, rejectReason: refusal.reason, decidedAt: at });
        steps.push({
          action: 'reject',
          from: 'ACCEPTED',
          to: 'REJECTED',
          at,
          userId: by,
          orgId: row.bankOrgId!,
          reason: refusal.reason,
        });
      }
    };
    const withdraw = (from: DemandStatus, at: Date, reason: string | null) => {
      steps.push({ action: 'withdraw', from, to: 'WITHDRAWN', at, userId: a.id, orgId: null, reason });
      Object.assign(row, { withdrawReason: reason, withdrawnAt: at });
    };
    // Accepted within the three working days (the same day for some), a few the day after the deadline.
    const acceptedAt = acceptLate
      ? workAt(accept.dueAt, 1, n, 24)
      : workAt(
          created,
          isWorkingDay(postDay, calendar) && h(n, 25) % 3 === 0 ? 0 : 1 + (h(n, 25) % DEFAULT_SLA_ACCEPT_DAYS),
          n,
          26,
        );

    if (outcome === 'EXPIRED') {
      // Nobody accepted it in time: a public demand (or, for some, an orientation one) a supervisor gave to the demo
      // bank's unit, which granted it; the other orientation ones went back to the pool, and their applicants withdrew.
      const expiredAt = new Date(accept.dueAt.getTime() + 60_000);
      steps.push({ action: 'expire', from: 'PENDING', to: 'EXPIRED', at: expiredAt, userId: null, orgId: null });
      row.expiredAt = expiredAt;
      expiredOrg = type === 'ORIENTATION' ? unit.id : null;
      if (type === 'ORIENTATION' && h(n, 27) % 2 === 0) {
        const poolAt = workingDeadline(expiredAt, POOL_GRACE_WORKING_DAYS, calendar);
        const back = new Date(poolAt.getTime() + 60_000);
        const fresh = acceptClock(back);
        steps.push({
          action: 'returnToPool',
          from: 'EXPIRED',
          to: 'PENDING',
          at: back,
          userId: null,
          orgId: null,
          reason: '转入公开需求池',
        });
        Object.assign(row, { type: 'PUBLIC', targetOrgId: null, acceptDeadline: fresh.dueAt, status: 'WITHDRAWN' });
        withdraw('PENDING', workAt(back, 1 + (h(n, 28) % 2), n, 29), '长时间未获受理，资金需求已通过其他渠道解决');
      } else {
        // An orientation demand goes to another unit than the one that let it expire.
        const to = type === 'ORIENTATION' && unit.id === serving(regionCode).id ? other : serving(regionCode);
        const again = workAt(expiredAt, 1, n, 30);
        const fresh = acceptClock(again);
        steps.push({
          action: 'reassign',
          from: 'EXPIRED',
          to: 'PENDING',
          at: again,
          userId: gov,
          orgId: null,
          reason: `分派至${to.name}：请优先对接`,
        });
        Object.assign(row, { targetOrgId: to.id, acceptDeadline: fresh.dueAt });
        const took = workAt(again, h(n, 31) % 2, n, 32);
        row.acceptedAt = took;
        const staff = bankTakes(to, took);
        steps.push({ action: 'accept', from: 'PENDING', to: 'ACCEPTED', at: took, userId: staff, orgId: to.id });
        bankDecides(took, 'GRANTED');
      }
    } else if (outcome === 'WITHDRAWN' && h(n, 33) % 2 === 0) {
      // Before anyone accepted it, well within the deadline.
      withdraw(
        'PENDING',
        new Date(Math.min(created.getTime() + (2 + (h(n, 34) % 30)) * HOUR, accept.dueAt.getTime() - HOUR)),
        h(n, 35) % 2 ? pick(WITHDRAW_REASONS, n, 36) : null,
      );
    } else if (type === 'GUARANTEE') {
      // The guarantee company accepted it, guaranteed it and handed it to a bank, which decided; or refused it itself.
      const gStaff = staffOf(g!.id);
      Object.assign(row, { acceptedAt, decideDeadline: decideClock(acceptedAt).dueAt });
      steps.push({
        action: 'guaranteeAccept',
        from: 'PENDING',
        to: 'GUARANTEE_ACCEPTED',
        at: acceptedAt,
        userId: gStaff,
        orgId: g!.id,
      });
      const t2 = workAt(acceptedAt, 1 + (h(n, 37) % 4), n, 38);
      if (outcome === 'WITHDRAWN') {
        withdraw('GUARANTEE_ACCEPTED', t2, pick(WITHDRAW_REASONS, n, 39));
      } else if (outcome === 'REJECTED' && h(n, 40) % 2 === 0) {
        const refusal = pick(REFUSALS, n, 41);
        steps.push({
          action: 'guaranteeReject',
          from: 'GUARANTEE_ACCEPTED',
          to: 'REJECTED',
          at: t2,
          userId: gStaff,
          orgId: g!.id,
          reason: refusal.reason,
        });
        Object.assign(row, { rejectCode: refusal.code, rejectReason: refusal.reason, decidedAt: t2 });
      } else {
        const guaranteed = Math.round(amount * 0.8);
        const feeRate = [0.8, 1, 1.2, 1.5][h(n, 42) % 4];
        const signedAt = shanghaiDay(t2);
        const contractNo = `示担保字〔${signedAt.slice(0, 4)}〕第${300 + n}号`;
        const endDate = guaranteeEndDays(signedAt, term)[0];
        Object.assign(row, {
          guaranteedAmount: guaranteed,
          guaranteeFeeRate: feeRate,
          guaranteeTerm: term,
          guaranteeContractNo: contractNo,
          guaranteeSignedAt: signedAt,
          guaranteeStartDate: signedAt,
          guaranteeEndDate: endDate,
        });
        const terms = `担保金额${guaranteed}万元，担保费率${feeRate}%，期限${term}个月，合同编号${contractNo}（${signedAt}签订），保证期间${signedAt}至${endDate}`;
        steps.push({
          action: 'guarantee',
          from: 'GUARANTEE_ACCEPTED',
          to: 'GUARANTEED',
          at: t2,
          userId: gStaff,
          orgId: g!.id,
          reason: terms,
        });
        const t3 = workAt(t2, h(n, 43) % 2, n, 44);
        bankTakes(unit, t3);
        steps.push({
          action: 'handToBank',
          from: 'GUARANTEED',
          to: 'ACCEPTED',
          at: t3,
          userId: gStaff,
          orgId: g!.id,
          reason: `转交${nameOf(unit.id)}`,
        });
        bankDecides(t3, outcome === 'GRANTED' ? 'GRANTED' : 'REJECTED');
      }
    } else {
      bankAccepts(acceptedAt);
      if (outcome === 'WITHDRAWN')
        withdraw('ACCEPTED', workAt(acceptedAt, 1 + (h(n, 45) % 4), n, 46), pick(WITHDRAW_REASONS, n, 47));
      else bankDecides(acceptedAt, outcome);
    }
    // An orientation demand is addressed to its bank unit from the start, also when it never got further.
    if (row.type === 'ORIENTATION' && row.bankOrgId == null)
      Object.assign(row, { bankOrgId: unit.id, bankId: unit.parentId ?? unit.id });
    const lastAt = steps.reduce((t, s) => (s.at > t ? s.at : t), created);
    // A safety net (these delays never reach it): the history is over a week before the seeding day.
    if (lastAt.getTime() > now.getTime() - 7 * DAY) return null;
    row.updatedAt = lastAt;
    return { row, steps, expiredOrg };
  }

  // Makeup: loans granted offline, recorded by the operator a few days after the grant.
  let k = 0;
  for (const month of months) {
    for (let j = 0; j < month.makeupN; j++, k++) {
      const grantDay = month.days[Math.floor(((j + 0.5) * month.days.length) / month.makeupN)];
      const at = bjAt(dayAfter(grantDay, 2 + (h(k, 60) % 5)), 9 * 60 + (h(k, 61) % 480));
      const regionCode = DISTRICTS[h(k, 62) % DISTRICTS.length].code;
      const head = h(k, 63) % 3 === 0 ? null : pick(otherHeads, k, 64);
      const unit = head ?? serving(regionCode);
      const kind = h(k, 65) % 3;
      const applicantName =
        kind === 0
          ? `示范市${pick(FIRMS, k, 66)}${pick(FIRM_KINDS, k, 67)}`
          : `${SURNAMES[h(k, 68) % SURNAMES.length]}${pick(GIVEN, k, 69)}`;
      const amount = kind === 0 ? [50, 100, 150, 200][h(k, 70) % 4] : [5, 10, 20, 30][h(k, 70) % 4];
      rows.push({
        steps: [{ action: 'makeup', from: null, to: 'GRANTED', at, userId: operator.id, orgId: operator.orgId }],
        row: {
          type: 'ORIENTATION',
          status: 'GRANTED',
          source: 'MAKEUP',
          applicantName,
          applicantType: kind === 0 ? 'ENTERPRISE' : kind === 1 ? 'FARMER' : 'PERSON',
          creditCode: kind === 0 ? withCheckChar(`91${regionCode}MH${String(k + 1).padStart(7, '0')}`) : null,
          createdBy: operator.id,
          targetOrgId: unit.id,
          ownerOrgId: unit.id,
          bankOrgId: unit.id,
          bankId: unit.parentId ?? unit.id,
          amount,
          term: 12,
          purpose: '补录线下放款',
          guaranteeMethod: pick(LOAN_METHODS, k, 71),
          regionCode,
          industry: pick(INDUSTRIES, k, 72),
          contactName: applicantName,
          contactPhone: '',
          acceptedAt: at,
          decidedAt: at,
          grantedAmount: amount,
          grantedRate: (365 + (h(k, 73) % 6) * 25) / 100,
          grantedTerm: 12,
          grantedAt: grantDay,
          createdAt: at,
          updatedAt: at,
        },
      });
    }
  }

  // A few multi-row statements: the report triggers count each statement's rows together.
  const written: { id: number; steps: Step[]; expiredOrg?: number | null }[] = [];
  for (let i = 0; i < rows.length; i += 150) {
    const chunk = rows.slice(i, i + 150);
    const ids = await db
      .insert(demands)
      .values(chunk.map((r) => r.row))
      .returning({ id: demands.id });
    chunk.forEach((r, c) => written.push({ id: ids[c].id, steps: r.steps, expiredOrg: r.expiredOrg }));
  }
  const history = written.flatMap((w) =>
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
  );
  for (let i = 0; i < history.length; i += 1000) await db.insert(demandHistory).values(history.slice(i, i + 1000));

  // The unit that let each expired demand expire is the one it was addressed to then (none for a public demand): the
  // insert trigger can only take the unit it has now.
  const expired = written.filter((w) => w.expiredOrg !== undefined);
  if (expired.length) {
    const values = sql.join(
      expired.map((w) => sql`(${w.id}::bigint, ${w.expiredOrg ?? null}::bigint)`),
      sql`, `,
    );
    await db.execute(
      sql`UPDATE demands d SET expired_org_id = v.org FROM (VALUES ${values}) AS v(id, org) WHERE d.id = v.id`,
    );
  }
  // The demands posted through the 创业担保贷 product count on it, as an application through the service counts
  // (products.applications and grants, which demands-demo.test.ts compares with the demands).
  if (cydbdProductId !== null) {
    await db.execute(sql`
      UPDATE products p SET applications = p.applications + d.apps, grants = p.grants + d.grants
      FROM (SELECT count(*)::int AS apps, count(*) FILTER (WHERE status = 'GRANTED')::int AS grants
            FROM demands WHERE product_id = ${cydbdProductId} AND id = ANY(${sql.raw(`'{${written.map((w) => w.id).join(',')}}'`)}::bigint[])) d
      WHERE p.id = ${cydbdProductId}`);
  }
  // A borrower's first loan on the platform is its earliest grant, now that the history goes back a year.
  await db.execute(sql`
    UPDATE demands d SET first_loan = f.first
    FROM (SELECT id, row_number() OVER (PARTITION BY demand_borrower(credit_code, applicant_user_id, applicant_name) ORDER BY granted_at, decided_at, id) = 1 AS first
          FROM demands WHERE status = 'GRANTED') f
    WHERE d.id = f.id AND d.first_loan IS DISTINCT FROM f.first`);
  return { demands: written.length };
}
