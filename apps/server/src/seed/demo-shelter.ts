import { sql } from 'drizzle-orm';
import type { ExitOutcome, HelpType, ShelterHistoryDetail, ShelterState } from '@phjr/contract/shelter/shelter';
import { shanghaiDay } from '@phjr/contract/system/shanghai-time';
import type { DbOrTx } from '../db/client.ts';
import { recomputeFigures } from '../modules/shelter/shelter-figures.repo.ts';
import * as repo from '../modules/shelter/shelter.repo.ts';
import { DEMO_BANK } from './demo-accounts.ts';

/**
 * Demo data of the financial shelter (docs/shelter.md "Demo"): 23 cases of the 13 demo enterprises across the eight
 * districts, in every state, with loans, help asked, timelines on sensible Beijing days, lead and helping banks from
 * the demo banks (the demo bank 示范农商 leads several cases in the shelter and exited), and measures given. The demo
 * `enterprise` account has a case in the shelter with help given; 示范市云岭茶叶种植有限公司 (13920000205, certified)
 * has only closed cases, so it can apply (the browser test applies with it). The figures are rebuilt from the rows
 * at the end (recomputeFigures), so they equal what the writes would have kept.
 */
const DAY = 86_400_000;

type Bank = 'DEMO' | 'DEMO_CG' | 'DEMO_DH' | 'ICBC' | 'ABC' | 'CCB' | 'PSBC';
const BANK_NAMES: Record<Bank, string> = {
  DEMO: DEMO_BANK,
  DEMO_CG: `${DEMO_BANK}城关区支行`,
  DEMO_DH: `${DEMO_BANK}东湖区支行`,
  ICBC: '中国工商银行股份有限公司',
  ABC: '中国农业银行股份有限公司',
  CCB: '中国建设银行股份有限公司',
  PSBC: '中国邮政储蓄银行股份有限公司',
};

interface Measure {
  type: HelpType;
  /** Days after admission. */
  after: number;
  bank: Bank;
  amount?: number;
  bp?: number;
  dueInDays?: number;
  waived?: number;
  note?: string;
}

interface Spec {
  /** The enterprise: `enterprise` (the demo account) or a staff enterprise's name. */
  who: string;
  state: ShelterState;
  /** Days ago it was applied. */
  applied: number;
  industry: string;
  cause: string;
  loans: { bank: Bank | string; amount: number; dueInDays: number }[];
  help: { type: HelpType; amount?: number }[];
  lead?: Bank;
  helpers?: Bank[];
  measures?: Measure[];
  /** Days after application the review started, it was admitted / refused / withdrawn, and (after admission) it exited. */
  reviewAfter?: number;
  decidedAfter?: number;
  exitAfter?: number;
  outcome?: ExitOutcome;
  exitNote?: string;
  reason?: string;
  publicOnRecovery?: boolean;
}

const CAUSE = {
  orders: '受主要客户订单延迟及回款周期拉长影响，经营性现金流阶段性紧张，存量贷款即将到期，续贷存在困难。',
  flood: '今年汛期受洪涝灾害影响，部分厂房和库存受损，生产线停工约一个月，短期偿债压力较大。',
  price: '原材料价格大幅上涨叠加下游需求走弱，毛利率明显下降，需要银行在利率和还款安排上给予支持。',
  disease: '养殖场受疫病影响出栏量下降，销售收入减少，贷款本息按期偿还存在一定困难。',
  market: '出口订单受国际市场波动影响大幅减少，企业正在开拓国内市场，过渡期资金周转困难。',
};

const SPECS: Spec[] = [
  // ---- open cases (one per enterprise)
  {
    who: 'enterprise',
    state: 'IN_SHELTER',
    applied: 48,
    industry: 'AGRI_PROCESSING',
    cause: CAUSE.flood,
    loans: [
      { bank: 'DEMO', amount: 300, dueInDays: 20 },
      { bank: 'ICBC', amount: 120, dueInDays: 75 },
    ],
    help: [{ type: 'EXTENSION', amount: 300 }, { type: 'RATE_RELIEF' }, { type: 'NEW_CREDIT', amount: 100 }],
    lead: 'DEMO',
    helpers: ['ICBC'],
    reviewAfter: 1,
    decidedAfter: 6,
    measures: [
      { type: 'EXTENSION', after: 5, bank: 'DEMO', amount: 300, dueInDays: 365, note: '存量贷款展期12个月' },
      { type: 'RATE_RELIEF', after: 5, bank: 'DEMO', bp: -40, note: '执行利率下调40个基点' },
      { type: 'NEW_CREDIT', after: 16, bank: 'ICBC', amount: 80, note: '新增流动资金贷款' },
    ],
  },
  {
    who: '示范市丰禾农业发展有限公司',
    state: 'IN_SHELTER',
    applied: 70,
    industry: 'AGRICULTURE',
    cause: CAUSE.price,
    loans: [{ bank: 'DEMO_CG', amount: 500, dueInDays: 40 }],
    help: [{ type: 'RENEWAL_NO_PRINCIPAL', amount: 500 }, { type: 'RATE_RELIEF' }],
    lead: 'DEMO',
    reviewAfter: 2,
    decidedAfter: 8,
    measures: [
      { type: 'RENEWAL_NO_PRINCIPAL', after: 10, bank: 'DEMO_CG', amount: 500 },
      { type: 'RATE_RELIEF', after: 10, bank: 'DEMO_CG', bp: -30 },
    ],
  },
  {
    who: '示范市金穗粮油加工有限公司',
    state: 'IN_SHELTER',
    applied: 35,
    industry: 'AGRI_PROCESSING',
    cause: CAUSE.orders,
    loans: [
      { bank: 'ABC', amount: 800, dueInDays: 15 },
      { bank: 'DEMO_DH', amount: 200, dueInDays: 120 },
    ],
    help: [
      { type: 'EXTENSION', amount: 800 },
      { type: 'NEW_CREDIT', amount: 300 },
    ],
    lead: 'ABC',
    helpers: ['DEMO_DH'],
    reviewAfter: 1,
    decidedAfter: 4,
    measures: [{ type: 'EXTENSION', after: 6, bank: 'ABC', amount: 800, dueInDays: 270 }],
  },
  {
    who: '示范市青山柑橘专业合作社',
    state: 'UNDER_REVIEW',
    applied: 5,
    industry: 'AGRICULTURE',
    cause: CAUSE.flood,
    loans: [{ bank: 'DEMO', amount: 80, dueInDays: 30 }],
    help: [{ type: 'EXTENSION', amount: 80 }, { type: 'PENALTY_WAIVER' }],
    reviewAfter: 2,
  },
  {
    who: '示范市宏达生猪养殖有限公司',
    state: 'APPLIED',
    applied: 2,
    industry: 'FORESTRY_ANIMAL',
    cause: CAUSE.disease,
    loans: [{ bank: 'PSBC', amount: 260, dueInDays: 45 }],
    help: [{ type: 'REPAYMENT_PLAN' }, { type: 'NEW_CREDIT', amount: 150 }],
  },
  {
    who: '示范市碧水渔业科技有限公司',
    state: 'IN_SHELTER',
    applied: 12,
    industry: 'FORESTRY_ANIMAL',
    cause: CAUSE.flood,
    loans: [{ bank: 'CCB', amount: 150, dueInDays: 60 }],
    help: [{ type: 'NEW_CREDIT', amount: 100 }],
    lead: 'CCB',
    reviewAfter: 1,
    decidedAfter: 9,
  },
  {
    who: '示范市晨光农产品贸易有限公司',
    state: 'APPLIED',
    applied: 1,
    industry: 'WHOLESALE_RETAIL',
    cause: CAUSE.market,
    loans: [{ bank: '示范市外地城市商业银行', amount: 60, dueInDays: 90 }],
    help: [{ type: 'NEW_CREDIT', amount: 50 }],
  },
  {
    who: '示范市春雨农机专业合作社',
    state: 'UNDER_REVIEW',
    applied: 8,
    industry: 'MANUFACTURING',
    cause: CAUSE.price,
    loans: [{ bank: 'ICBC', amount: 90, dueInDays: 25 }],
    help: [{ type: 'RATE_RELIEF' }, { type: 'EXTENSION', amount: 90 }],
    reviewAfter: 3,
  },
  {
    who: '示范市四季鲜果蔬配送有限公司',
    state: 'IN_SHELTER',
    applied: 95,
    industry: 'LOGISTICS',
    cause: CAUSE.orders,
    loans: [{ bank: 'DEMO_CG', amount: 120, dueInDays: -10 }],
    help: [{ type: 'REPAYMENT_PLAN' }, { type: 'PENALTY_WAIVER' }],
    lead: 'DEMO',
    reviewAfter: 3,
    decidedAfter: 10,
    measures: [
      { type: 'REPAYMENT_PLAN', after: 7, bank: 'DEMO_CG', dueInDays: 540, note: '调整为按季等额还本' },
      { type: 'PENALTY_WAIVER', after: 7, bank: 'DEMO_CG', waived: 3.2 },
    ],
  },
  {
    who: '示范市山里红果业有限公司',
    state: 'APPLIED',
    applied: 3,
    industry: 'AGRICULTURE',
    cause: CAUSE.price,
    loans: [],
    help: [{ type: 'NEW_CREDIT', amount: 80 }],
  },
  {
    who: '示范市稻香米业有限公司',
    state: 'IN_SHELTER',
    applied: 60,
    industry: 'AGRI_PROCESSING',
    cause: CAUSE.market,
    loans: [
      { bank: 'PSBC', amount: 400, dueInDays: 50 },
      { bank: 'DEMO', amount: 150, dueInDays: 200 },
    ],
    help: [{ type: 'EXTENSION', amount: 400 }, { type: 'RATE_RELIEF' }],
    lead: 'PSBC',
    helpers: ['DEMO'],
    reviewAfter: 2,
    decidedAfter: 7,
    measures: [
      { type: 'EXTENSION', after: 12, bank: 'PSBC', amount: 400, dueInDays: 365 },
      { type: 'RATE_RELIEF', after: 20, bank: 'DEMO', bp: -25 },
    ],
  },
  {
    who: '示范市绿洲花卉苗木有限公司',
    state: 'UNDER_REVIEW',
    applied: 6,
    industry: 'AGRICULTURE',
    cause: CAUSE.flood,
    loans: [{ bank: 'DEMO', amount: 40, dueInDays: 35 }],
    help: [{ type: 'EXTENSION', amount: 40 }],
    reviewAfter: 1,
  },

  // ---- closed cases
  {
    who: '示范市丰禾农业发展有限公司',
    state: 'EXITED',
    applied: 420,
    industry: 'AGRICULTURE',
    cause: CAUSE.disease,
    loans: [{ bank: 'DEMO', amount: 200, dueInDays: -380 }],
    help: [
      { type: 'EXTENSION', amount: 200 },
      { type: 'NEW_CREDIT', amount: 100 },
    ],
    lead: 'DEMO',
    helpers: ['ABC'],
    reviewAfter: 2,
    decidedAfter: 7,
    exitAfter: 180,
    outcome: 'RECOVERED',
    exitNote: '订单恢复，经营回到正常水平',
    publicOnRecovery: true,
    measures: [
      { type: 'EXTENSION', after: 4, bank: 'DEMO', amount: 200, dueInDays: 365 },
      { type: 'NEW_CREDIT', after: 20, bank: 'ABC', amount: 100 },
    ],
  },
  {
    who: '示范市金穗粮油加工有限公司',
    state: 'EXITED',
    applied: 300,
    industry: 'AGRI_PROCESSING',
    cause: CAUSE.price,
    loans: [{ bank: 'DEMO', amount: 350, dueInDays: -250 }],
    help: [{ type: 'RATE_RELIEF' }, { type: 'RENEWAL_NO_PRINCIPAL', amount: 350 }],
    lead: 'DEMO',
    reviewAfter: 1,
    decidedAfter: 5,
    exitAfter: 150,
    outcome: 'RECOVERED',
    exitNote: '产品价格回升，现金流恢复',
    publicOnRecovery: true,
    measures: [
      { type: 'RENEWAL_NO_PRINCIPAL', after: 6, bank: 'DEMO', amount: 350 },
      { type: 'RATE_RELIEF', after: 6, bank: 'DEMO', bp: -50 },
    ],
  },
  {
    who: '示范市青山柑橘专业合作社',
    state: 'NOT_ADMITTED',
    applied: 210,
    industry: 'AGRICULTURE',
    cause: CAUSE.price,
    loans: [{ bank: 'CCB', amount: 30, dueInDays: -150 }],
    help: [{ type: 'NEW_CREDIT', amount: 200 }],
    reviewAfter: 3,
    decidedAfter: 9,
    reason: '新增授信需求与经营规模不匹配，且存在对外担保代偿未结清',
  },
  {
    who: '示范市宏达生猪养殖有限公司',
    state: 'EXITED',
    applied: 260,
    industry: 'FORESTRY_ANIMAL',
    cause: CAUSE.disease,
    loans: [{ bank: 'ICBC', amount: 500, dueInDays: -200 }],
    help: [{ type: 'REPAYMENT_PLAN' }, { type: 'PENALTY_WAIVER' }],
    lead: 'ICBC',
    helpers: ['DEMO'],
    reviewAfter: 2,
    decidedAfter: 12,
    exitAfter: 120,
    outcome: 'OTHER',
    exitNote: '企业已整体转让，债务由受让方承接',
    measures: [
      { type: 'REPAYMENT_PLAN', after: 8, bank: 'ICBC', dueInDays: 300 },
      { type: 'PENALTY_WAIVER', after: 8, bank: 'ICBC', waived: 5.6 },
    ],
  },
  {
    who: '示范市碧水渔业科技有限公司',
    state: 'NOT_ADMITTED',
    applied: 150,
    industry: 'FORESTRY_ANIMAL',
    cause: CAUSE.market,
    loans: [],
    help: [{ type: 'NEW_CREDIT', amount: 500 }],
    decidedAfter: 6,
    reason: '不属于暂时性困难，主营业务已停止',
  },
  {
    who: '示范市云岭茶叶种植有限公司',
    state: 'WITHDRAWN',
    applied: 90,
    industry: 'AGRICULTURE',
    cause: CAUSE.flood,
    loans: [{ bank: 'DEMO', amount: 60, dueInDays: 40 }],
    help: [{ type: 'EXTENSION', amount: 60 }],
    decidedAfter: 3,
    reason: '已与银行自行协商展期',
  },
  {
    who: '示范市云岭茶叶种植有限公司',
    state: 'EXITED',
    applied: 380,
    industry: 'AGRICULTURE',
    cause: CAUSE.price,
    loans: [{ bank: 'DEMO', amount: 90, dueInDays: -300 }],
    help: [{ type: 'RATE_RELIEF' }, { type: 'EXTENSION', amount: 90 }],
    lead: 'DEMO',
    reviewAfter: 1,
    decidedAfter: 4,
    exitAfter: 200,
    outcome: 'RECOVERED',
    exitNote: '春茶销售良好，按期还款',
    publicOnRecovery: true,
    measures: [
      { type: 'RATE_RELIEF', after: 3, bank: 'DEMO', bp: -35 },
      { type: 'EXTENSION', after: 3, bank: 'DEMO', amount: 90, dueInDays: 365 },
    ],
  },
  {
    who: '示范市晨光农产品贸易有限公司',
    state: 'WITHDRAWN',
    applied: 120,
    industry: 'WHOLESALE_RETAIL',
    cause: CAUSE.orders,
    loans: [],
    help: [{ type: 'NEW_CREDIT', amount: 30 }],
    reviewAfter: 2,
    decidedAfter: 4,
  },
  {
    who: '示范市春雨农机专业合作社',
    state: 'EXITED',
    applied: 330,
    industry: 'MANUFACTURING',
    cause: CAUSE.orders,
    loans: [{ bank: 'CCB', amount: 180, dueInDays: -280 }],
    help: [
      { type: 'NEW_CREDIT', amount: 100 },
      { type: 'EXTENSION', amount: 180 },
    ],
    lead: 'CCB',
    reviewAfter: 2,
    decidedAfter: 6,
    exitAfter: 160,
    outcome: 'RECOVERED',
    exitNote: '农机销售旺季回款，经营恢复',
    measures: [
      { type: 'EXTENSION', after: 5, bank: 'CCB', amount: 180, dueInDays: 365 },
      { type: 'NEW_CREDIT', after: 25, bank: 'CCB', amount: 100 },
    ],
  },
  {
    who: '示范市山里红果业有限公司',
    state: 'NOT_ADMITTED',
    applied: 100,
    industry: 'AGRICULTURE',
    cause: CAUSE.flood,
    loans: [{ bank: 'PSBC', amount: 20, dueInDays: -40 }],
    help: [{ type: 'PENALTY_WAIVER' }],
    reviewAfter: 1,
    decidedAfter: 5,
    reason: '逾期系主观故意，不符合入舱条件',
  },
  {
    who: '示范市绿洲花卉苗木有限公司',
    state: 'EXITED',
    applied: 240,
    industry: 'AGRICULTURE',
    cause: CAUSE.market,
    loans: [{ bank: 'DEMO_CG', amount: 70, dueInDays: -200 }],
    help: [{ type: 'EXTENSION', amount: 70 }, { type: 'RATE_RELIEF' }],
    lead: 'DEMO',
    reviewAfter: 1,
    decidedAfter: 5,
    exitAfter: 140,
    outcome: 'RECOVERED',
    exitNote: '苗木订单恢复',
    publicOnRecovery: true,
    measures: [
      { type: 'EXTENSION', after: 4, bank: 'DEMO_CG', amount: 70, dueInDays: 300 },
      { type: 'RATE_RELIEF', after: 30, bank: 'DEMO_CG', bp: -20 },
    ],
  },
];

const PLANS = [
  '主办行牵头办理存量贷款展期并下调利率，协办行视经营恢复情况新增授信。',
  '主办行办理无还本续贷，按季跟踪企业经营和回款情况。',
  '主办行调整还款计划并减免逾期罚息，监管部门每月督导。',
];

/** 10:30 (Beijing) of the day `daysAgo` days before `now`, plus `minutes`. */
function at(now: number, daysAgo: number, minutes = 0) {
  return new Date(new Date(`${shanghaiDay(now - daysAgo * DAY)}T10:30:00+08:00`).getTime() + minutes * 60_000);
}

export async function seedDemoShelter(db: DbOrTx) {
  const now = Date.now();
  const one = async <T>(q: ReturnType<typeof sql>) => (await db.execute<T & Record<string, unknown>>(q)).rows;
  const accounts = await one<{
    id: number;
    name: string;
    username: string;
    creditCode: string;
    regionCode: string;
    phone: string;
  }>(sql`
    SELECT id, name, username, credit_code AS "creditCode", region_code AS "regionCode", phone FROM users
    WHERE account_type = 'ENTERPRISE' AND parent_user_id IS NULL AND credit_code IS NOT NULL`);
  const orgRows = await one<{ id: number; name: string }>(
    sql`SELECT id, name FROM orgs WHERE classified_type = 'BANK'`,
  );
  const orgId = new Map(orgRows.map((o) => [o.name, Number(o.id)]));
  const bankOf = (b: Bank) => orgId.get(BANK_NAMES[b])!;
  const userOf = async (username: string) =>
    Number((await one<{ id: number }>(sql`SELECT id FROM users WHERE username = ${username}`))[0]?.id ?? 0) || null;
  const gov = await userOf('gov');
  const govOrg = Number(
    (await one<{ orgId: number }>(sql`SELECT org_id AS "orgId" FROM users WHERE username = 'gov'`))[0].orgId,
  );
  const bankUser = await userOf('bank');

  for (const [i, s] of SPECS.entries()) {
    const a = accounts.find((x) => (s.who === 'enterprise' ? x.username === 'enterprise' : x.name === s.who));
    if (!a) continue;
    const appliedAt = at(now, s.applied, i * 7);
    const reviewAt = s.reviewAfter !== undefined ? at(now, s.applied - s.reviewAfter, 30) : null;
    const decidedAt = s.decidedAfter !== undefined ? at(now, s.applied - s.decidedAfter, 90) : null;
    const admitted = s.state === 'IN_SHELTER' || s.state === 'EXITED';
    const exitedAt = s.state === 'EXITED' ? at(now, s.applied - s.decidedAfter! - s.exitAfter!, 180) : null;
    const loans = s.loans.map((l) => {
      const named = l.bank in BANK_NAMES ? bankOf(l.bank as Bank) : null;
      return {
        bankOrgId: named,
        bankName: named ? BANK_NAMES[l.bank as Bank] : l.bank,
        amount: l.amount,
        dueDate: shanghaiDay(appliedAt.getTime() + l.dueInDays * DAY),
      };
    });
    const measures = admitted ? (s.measures ?? []).filter((m) => s.applied - s.decidedAfter! - m.after >= 0) : [];
    const helpers = (s.helpers ?? []).map(bankOf);
    const c = await repo.insertCase(db, {
      state: s.state,
      enterpriseUserId: a.id,
      enterpriseName: a.name,
      creditCode: a.creditCode,
      regionCode: a.regionCode,
      industry: s.industry,
      cause: s.cause,
      difficultySince: shanghaiDay(appliedAt.getTime() - 60 * DAY),
      expectedRecovery: shanghaiDay(appliedAt.getTime() + 240 * DAY).slice(0, 7),
      contactName: `${a.name.replace(/^示范市/, '').slice(0, 1)}经理`,
      contactPhone: a.phone,
      publicOnRecovery: s.publicOnRecovery ?? false,
      helpTypes: s.help.map((h) => h.type),
      loanTotal: Math.round(loans.reduce((x, l) => x + l.amount, 0) * 100) / 100,
      leadBankOrgId: admitted ? bankOf(s.lead!) : null,
      planNote: admitted ? PLANS[i % PLANS.length] : null,
      refuseReason: s.state === 'NOT_ADMITTED' ? s.reason! : null,
      withdrawReason: s.state === 'WITHDRAWN' ? (s.reason ?? null) : null,
      exitOutcome: s.state === 'EXITED' ? s.outcome! : null,
      exitNote: s.state === 'EXITED' ? (s.exitNote ?? null) : null,
      measureCount: measures.length,
      firstHelpOn: measures.length
        ? shanghaiDay(at(now, s.applied - s.decidedAfter! - Math.min(...measures.map((m) => m.after))).getTime())
        : null,
      createdBy: a.id,
      createdAt: appliedAt,
      reviewStartedAt: reviewAt,
      admittedAt: admitted ? decidedAt : null,
      closedAt: s.state === 'NOT_ADMITTED' || s.state === 'WITHDRAWN' ? decidedAt : exitedAt,
      updatedAt: exitedAt ?? decidedAt ?? reviewAt ?? appliedAt,
    });
    await repo.insertParts(db, c.id, {
      loans,
      help: s.help.map((h) => ({ type: h.type, amount: h.amount ?? null })),
      attachments: [],
    });
    const h = (
      action: string,
      from: ShelterState | null,
      to: ShelterState | null,
      when: Date,
      reason: string | null,
      userId: number | null,
      org: number | null,
      detail: ShelterHistoryDetail | null = null,
    ) =>
      repo.insertHistory(db, {
        caseId: c.id,
        action,
        fromState: from,
        toState: to,
        userId,
        orgId: org,
        reason,
        detail,
        at: when,
      });
    await h('apply', null, 'APPLIED', appliedAt, null, a.id, null);
    let state: ShelterState = 'APPLIED';
    if (reviewAt) {
      await h('startReview', state, 'UNDER_REVIEW', reviewAt, null, gov, govOrg);
      state = 'UNDER_REVIEW';
    }
    if (admitted) {
      await repo.insertBanks(db, c.id, [
        { orgId: bankOf(s.lead!), role: 'LEAD' },
        ...helpers.map((orgId) => ({ orgId, role: 'HELPER' as const })),
      ]);
      const names = [BANK_NAMES[s.lead!], ...(s.helpers ?? []).map((b) => BANK_NAMES[b])];
      await h('admit', state, 'IN_SHELTER', decidedAt!, PLANS[i % PLANS.length], gov, govOrg, {
        kind: 'admit',
        leadBank: names[0],
        helperBanks: names.slice(1),
      });
      for (const m of measures) {
        const givenOn = shanghaiDay(at(now, s.applied - s.decidedAfter! - m.after).getTime());
        const when = at(now, s.applied - s.decidedAfter! - m.after, 120);
        const bank = bankOf(m.bank);
        const newDueDate =
          m.dueInDays !== undefined ? shanghaiDay(Date.parse(`${givenOn}T00:00:00+08:00`) + m.dueInDays * DAY) : null;
        await repo.insertMeasure(db, {
          caseId: c.id,
          bankOrgId: m.bank === 'DEMO_CG' && s.lead === 'DEMO' ? bankOf('DEMO') : bank,
          orgId: bank,
          userId: m.bank === 'DEMO' ? bankUser : null,
          type: m.type,
          amount: m.amount ?? null,
          rateChangeBp: m.bp ?? null,
          newDueDate,
          penaltyWaived: m.waived ?? null,
          givenOn,
          note: m.note ?? null,
          createdAt: when,
        });
        const detail: ShelterHistoryDetail = {
          kind: 'help',
          type: m.type,
          amount: m.amount ?? null,
          rateChangeBp: m.bp ?? null,
          newDueDate,
          penaltyWaived: m.waived ?? null,
          givenOn,
        };
        await h('help', null, null, when, m.note ?? null, m.bank === 'DEMO' ? bankUser : null, bank, detail);
      }
      if (s.state === 'EXITED')
        await h('exit', 'IN_SHELTER', 'EXITED', exitedAt!, s.exitNote ?? null, gov, govOrg, {
          kind: 'exit',
          outcome: s.outcome!,
        });
    } else if (s.state === 'NOT_ADMITTED') {
      await h('refuse', state, 'NOT_ADMITTED', decidedAt!, s.reason!, gov, govOrg);
    } else if (s.state === 'WITHDRAWN') {
      await h('withdraw', state, 'WITHDRAWN', decidedAt!, s.reason ?? null, a.id, null);
    }
  }
  await recomputeFigures(db);
}
