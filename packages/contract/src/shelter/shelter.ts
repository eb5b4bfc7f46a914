import { z } from 'zod';
import { MAX_AMOUNT, ZAmount, ZDay, ZId, ZIdText } from '../bounds.ts';
import { ZPageQuery, page } from '../envelope.ts';
import { sortShape } from '../list-sort.ts';
import { ZPhone } from '../auth/sms.ts';
import { ZIndustry } from '../products/product.ts';
import { shanghaiDay } from '../system/shanghai-time.ts';

/**
 * The financial shelter (金融方舱, PRODUCT.md section 8, issue 15, docs/shelter.md): an enterprise in temporary
 * difficulty applies; a supervisor reviews it against the admission criteria, admits it with a lead bank (主办银行) and
 * helping banks, or refuses it; the banks record the help they give; the supervisor closes the case. Amounts in 万元
 * (2 decimals), rate changes in basis points, days YYYY-MM-DD in Beijing time, instants ISO.
 */

export const SHELTER_STATES = ['APPLIED', 'UNDER_REVIEW', 'IN_SHELTER', 'NOT_ADMITTED', 'WITHDRAWN', 'EXITED'] as const;
export const ZShelterState = z.enum(SHELTER_STATES);
export type ShelterState = z.infer<typeof ZShelterState>;
/** An enterprise has at most one case in these states (SHELTER_CASE_OPEN). */
export const SHELTER_OPEN_STATES: readonly ShelterState[] = ['APPLIED', 'UNDER_REVIEW', 'IN_SHELTER'];

/** The help an enterprise asks for and a bank gives. */
export const HELP_TYPES = [
  'EXTENSION',
  'RENEWAL_NO_PRINCIPAL',
  'RATE_RELIEF',
  'NEW_CREDIT',
  'REPAYMENT_PLAN',
  'PENALTY_WAIVER',
] as const;
export const ZHelpType = z.enum(HELP_TYPES);
export type HelpType = z.infer<typeof ZHelpType>;
/** Measures of these types carry an amount (万元). */
export const HELP_NEEDS_AMOUNT: readonly HelpType[] = ['NEW_CREDIT', 'EXTENSION', 'RENEWAL_NO_PRINCIPAL'];
/** Measures of these types carry a new due date. */
export const HELP_NEEDS_DUE_DATE: readonly HelpType[] = ['EXTENSION', 'REPAYMENT_PLAN'];

export const EXIT_OUTCOMES = ['RECOVERED', 'OTHER'] as const;
export const ZExitOutcome = z.enum(EXIT_OUTCOMES);
export type ExitOutcome = z.infer<typeof ZExitOutcome>;

export const SHELTER_BANK_ROLES = ['LEAD', 'HELPER'] as const;
export const ZShelterBankRole = z.enum(SHELTER_BANK_ROLES);

/** Who moves a case: the enterprise that applied, or a supervisor of its district (the city's and the operator: all). */
export type ShelterActor = 'enterprise' | 'supervisor';

/**
 * The state machine as data: action → allowed source states, target state, who. Every transition writes one history
 * row, the audit log, an in-site message and an SMS to the enterprise, and the figures, in one transaction. Urging a
 * bank (督办) and recording help change no state and are not in this table.
 */
export const SHELTER_TRANSITIONS = {
  startReview: { from: ['APPLIED'], to: 'UNDER_REVIEW', by: ['supervisor'] },
  admit: { from: ['APPLIED', 'UNDER_REVIEW'], to: 'IN_SHELTER', by: ['supervisor'] },
  refuse: { from: ['APPLIED', 'UNDER_REVIEW'], to: 'NOT_ADMITTED', by: ['supervisor'] },
  withdraw: { from: ['APPLIED', 'UNDER_REVIEW'], to: 'WITHDRAWN', by: ['enterprise'] },
  exit: { from: ['IN_SHELTER'], to: 'EXITED', by: ['supervisor'] },
} as const satisfies Record<string, { from: readonly ShelterState[]; to: ShelterState; by: readonly ShelterActor[] }>;
export type ShelterTransition = keyof typeof SHELTER_TRANSITIONS;

/** What a viewer may do to a case, in the order screens show them; each row and detail carries the allowed ones. */
export const SHELTER_USER_ACTIONS = [
  'startReview',
  'admit',
  'refuse',
  'urge',
  'recordHelp',
  'exit',
  'withdraw',
] as const;
export const ZShelterUserAction = z.enum(SHELTER_USER_ACTIONS);
export type ShelterUserAction = z.infer<typeof ZShelterUserAction>;

/** The supervisor's lists: UN (not yet in: applied, under review, refused), IN (in the shelter), ALL. */
export const SHELTER_VIEWS = ['UN', 'IN', 'ALL'] as const;
export const SHELTER_VIEW_STATES: Record<(typeof SHELTER_VIEWS)[number], readonly ShelterState[] | null> = {
  UN: ['APPLIED', 'UNDER_REVIEW', 'NOT_ADMITTED'],
  IN: ['IN_SHELTER'],
  ALL: null,
};

/** The written admission criteria (入舱条件), shown on /stowdown and on the review screen. */
export const SHELTER_CRITERIA: readonly { zh: string; en: string }[] = [
  {
    zh: '在本市依法登记、正常经营的企业，持有统一社会信用代码',
    en: 'An enterprise registered and operating in the city, with a unified social credit code',
  },
  {
    zh: '生产经营受外部冲击出现暂时困难，但主营业务稳定、有订单或市场、具备恢复前景',
    en: 'Temporary difficulty from an outside shock, while its main business, orders or market and prospects of recovery hold',
  },
  {
    zh: '在本市银行有存量贷款或明确的融资需求，需要展期、续贷、降息或新增授信等帮扶',
    en: 'Outstanding loans with banks in the city or a clear need for credit: extension, renewal, rate relief or new credit',
  },
  {
    zh: '无恶意逃废债务、无欺诈骗贷等严重失信记录，未被列入失信被执行人名单',
    en: 'No deliberate evasion of debt, no loan fraud and not on the list of dishonest judgment debtors',
  },
  {
    zh: '不属于国家明令淘汰的落后产能、高污染高耗能等限制类行业',
    en: 'Not in an industry the state restricts (obsolete capacity, heavy pollution or energy use)',
  },
  {
    zh: '如实提供经营、财务和贷款情况，同意银行和监管部门查询核实',
    en: 'Gives true figures of its business, finances and loans, and agrees to their verification by the banks and supervisors',
  },
];

// ---------------------------------------------------------------------------------------------------------------------
// Limits

export const SHELTER_CAUSE_MIN = 10;
export const SHELTER_CAUSE_MAX = 1000;
export const SHELTER_MAX_LOANS = 20;
export const SHELTER_MAX_ATTACHMENTS = 9;
export const SHELTER_MAX_HELPERS = 10;
/** A rate change in basis points: a cut is negative; at most 10 percentage points either way. */
export const SHELTER_MAX_BP = 1000;

const ZText = (min: number, max: number, what: string) =>
  z
    .string()
    .trim()
    .min(min, min <= 1 ? `请填写${what}` : `${what}至少${min}个字`)
    .max(max, `${what}不超过${max}个字`);
/** Money in 万元 that may be small (a penalty waived): 0.01 万元 upwards. */
const ZSmallAmount = z.number().min(0.01, '金额至少0.01万元').max(MAX_AMOUNT, '金额不超过10亿元');
/** An uploaded file's id (/zscms/files/upload.json). */
const ZFileId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, '文件无效');
/** A day not after Beijing today (read when the request is parsed). */
const ZPastDay = (what: string) => ZDay.refine((d) => d <= shanghaiDay(Date.now()), `${what}不能晚于今天`);

// ---------------------------------------------------------------------------------------------------------------------
// Entities

/** One outstanding loan: a bank on the platform (its organisation id) or one named freely. */
export const ZShelterLoan = z.object({
  bankOrgId: z.number().int().nullable(),
  bankName: z.string(),
  /** 万元 */
  amount: z.number(),
  dueDate: z.string(),
});
export type ShelterLoan = z.infer<typeof ZShelterLoan>;

export const ZShelterHelpAsked = z.object({ type: ZHelpType, amount: z.number().nullable() });

export const ZShelterBank = z.object({ orgId: z.number().int(), name: z.string(), role: ZShelterBankRole });

/** One measure of help a bank recorded. */
export const ZShelterMeasure = z.object({
  id: z.number().int(),
  type: ZHelpType,
  orgId: z.number().int(),
  orgName: z.string(),
  amount: z.number().nullable(),
  rateChangeBp: z.number().int().nullable(),
  newDueDate: z.string().nullable(),
  penaltyWaived: z.number().nullable(),
  givenOn: z.string(),
  note: z.string().nullable(),
  recordedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type ShelterMeasure = z.infer<typeof ZShelterMeasure>;

/** The plan, one row per help type asked or given: what was asked against what the banks gave. */
export const ZShelterPlanRow = z.object({
  type: ZHelpType,
  asked: z.boolean(),
  askedAmount: z.number().nullable(),
  /** Measures of this type recorded. */
  givenCount: z.number().int(),
  /** Their amounts summed (the penalty waived for PENALTY_WAIVER); null for types without an amount. */
  givenAmount: z.number().nullable(),
  /** RATE_RELIEF: the average change in basis points of its measures; null otherwise or with none. */
  avgRateChangeBp: z.number().nullable(),
});

/**
 * What the server composed for a history row, as data the reader's language words (issue 30, item 7): never a
 * sentence. `admit`: the banks named (organisation names); `help`: the measure's type and figures (amounts in 万元,
 * the rate change in basis points, days Beijing); `exit`: the outcome. What a person wrote stays in `reason`.
 */
export const ZShelterHistoryDetail = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('admit'), leadBank: z.string(), helperBanks: z.array(z.string()) }),
  z.object({
    kind: z.literal('help'),
    type: ZHelpType,
    amount: z.number().nullable(),
    rateChangeBp: z.number().int().nullable(),
    newDueDate: z.string().nullable(),
    penaltyWaived: z.number().nullable(),
    givenOn: z.string(),
  }),
  z.object({ kind: z.literal('exit'), outcome: ZExitOutcome }),
]);
export type ShelterHistoryDetail = z.infer<typeof ZShelterHistoryDetail>;

export const ZShelterHistory = z.object({
  id: z.number().int(),
  at: z.string(),
  /** A ShelterTransition, or `apply`, `urge`, `help`. */
  action: z.string(),
  fromState: ZShelterState.nullable(),
  toState: ZShelterState.nullable(),
  actorName: z.string().nullable(),
  actorOrgName: z.string().nullable(),
  /** What a person wrote (a plan, a reason, an urge, a measure's note); older rows: the sentence composed then. */
  reason: z.string().nullable(),
  /** What the server composed, as data (null on rows written before issue 30 and on rows with nothing composed). */
  detail: ZShelterHistoryDetail.nullable(),
});

/** A list row. */
export const ZShelterSummary = z.object({
  id: z.number().int(),
  /** Display number, e.g. FC20261123000042. */
  code: z.string(),
  state: ZShelterState,
  enterpriseName: z.string(),
  creditCode: z.string(),
  regionCode: z.string(),
  regionName: z.string().nullable(),
  industry: ZIndustry,
  helpTypes: z.array(ZHelpType),
  /** Outstanding loans summed (万元). */
  loanTotal: z.number(),
  leadBankOrgId: z.number().int().nullable(),
  leadBankName: z.string().nullable(),
  appliedAt: z.string(),
  admittedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  measureCount: z.number().int(),
  /** The actions the viewer may take now (SHELTER_USER_ACTIONS order), from the rule that checks each request. */
  actions: z.array(ZShelterUserAction),
});
export type ShelterSummary = z.infer<typeof ZShelterSummary>;

export const ZShelterDetail = ZShelterSummary.extend({
  cause: z.string(),
  difficultySince: z.string(),
  expectedRecovery: z.string(),
  loans: z.array(ZShelterLoan),
  helpAsked: z.array(ZShelterHelpAsked),
  contactName: z.string(),
  /** Masked (138****0008) unless the viewer is the enterprise, a bank on the case, a supervisor who may act, or the operator. */
  contactPhone: z.string(),
  attachments: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })),
  publicOnRecovery: z.boolean(),
  banks: z.array(ZShelterBank),
  planNote: z.string().nullable(),
  refuseReason: z.string().nullable(),
  withdrawReason: z.string().nullable(),
  exitOutcome: ZExitOutcome.nullable(),
  exitNote: z.string().nullable(),
  urgeCount: z.number().int(),
  measures: z.array(ZShelterMeasure),
  plan: z.array(ZShelterPlanRow),
  history: z.array(ZShelterHistory),
});
export type ShelterDetail = z.infer<typeof ZShelterDetail>;

/** The figures (definitions in docs/statistics.md), kept by the writes per district. */
export const ZShelterFigures = z.object({
  applications: z.number().int(),
  admitted: z.number().int(),
  refused: z.number().int(),
  withdrawn: z.number().int(),
  inShelter: z.number().int(),
  exitedRecovered: z.number().int(),
  exitedOther: z.number().int(),
  measures: z.number().int(),
  /** 万元 */
  newCreditAmount: z.number(),
  extendedAmount: z.number(),
  renewedAmount: z.number(),
  rateCuts: z.number().int(),
  /** The average of the rate cuts in basis points (negative), 1 decimal; null without any. */
  avgRateCutBp: z.number().nullable(),
  penaltyWaived: z.number(),
  /** Average Beijing calendar days from application to admission, and from admission to the first help, 1 decimal. */
  avgDaysToAdmission: z.number().nullable(),
  avgDaysToFirstHelp: z.number().nullable(),
});
export type ShelterFigures = z.infer<typeof ZShelterFigures>;

/**
 * GET …/portal/figures.json (public). A district of fewer than SMALL_CELL_MIN applications (and the districts withheld
 * with it so that the total does not give it away) answers `figures: null`; so does the total below it
 * (docs/statistics.md "Small cells").
 */
export const ZShelterFiguresResponse = z.object({
  total: ZShelterFigures.nullable(),
  byDistrict: z.array(
    z.object({ regionCode: z.string(), regionName: z.string(), figures: ZShelterFigures.nullable() }),
  ),
});
export type ShelterFiguresResponse = z.infer<typeof ZShelterFiguresResponse>;

/** A bank in the pickers (loans, lead and helping banks): active bank organisations, linked by parentId. */
export const ZShelterBankOption = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  regionCode: z.string(),
});

/** The bank workbench's shelter card. */
export const ZShelterBankSummary = z.object({ inShelter: z.number().int(), latest: z.array(ZShelterSummary) });

// ---------------------------------------------------------------------------------------------------------------------
// Requests

export const ZShelterLoanInput = z
  .strictObject({
    /** A bank on the platform (the bank list), or */
    bankOrgId: ZId.optional(),
    /** the name of a bank not on the platform. */
    bankName: z.string().trim().min(2, '请填写银行名称').max(60, '银行名称不超过60个字').optional(),
    amount: ZAmount,
    dueDate: ZDay,
  })
  .refine((l) => (l.bankOrgId === undefined) !== (l.bankName === undefined), {
    message: '请选择贷款银行或填写银行名称（二选一）',
    path: ['bankOrgId'],
  });

export const ZShelterApplyRequest = z.strictObject({
  industry: ZIndustry,
  cause: ZText(SHELTER_CAUSE_MIN, SHELTER_CAUSE_MAX, '困难原因'),
  difficultySince: ZPastDay('困难开始日期'),
  /** A month (2027-06) or a short text. */
  expectedRecovery: ZText(1, 100, '预计恢复时间'),
  loans: z.array(ZShelterLoanInput).max(SHELTER_MAX_LOANS, `存量贷款不超过${SHELTER_MAX_LOANS}笔`).default([]),
  helpAsked: z
    .array(z.strictObject({ type: ZHelpType, amount: ZAmount.optional() }))
    .min(1, '请至少选择一项帮扶需求')
    .max(HELP_TYPES.length)
    .refine((l) => new Set(l.map((h) => h.type)).size === l.length, '帮扶需求不能重复'),
  contactName: ZText(1, 20, '联系人'),
  contactPhone: ZPhone,
  /** Ids of PRIVATE files the caller uploaded (/zscms/files/upload.json). */
  attachmentIds: z.array(ZFileId).max(SHELTER_MAX_ATTACHMENTS, `附件不超过${SHELTER_MAX_ATTACHMENTS}个`).default([]),
  /** May the platform show publicly that the enterprise was helped and recovered (the credit search reads it). */
  publicOnRecovery: z.boolean().default(false),
});
export type ShelterApplyRequest = z.input<typeof ZShelterApplyRequest>;

// ---------------------------------------------------------------------------------------------------------------------
// The draft (issue 30)

/**
 * A shelter application saved as a draft (DRAFT): the state before APPLIED, kept apart from the cases
 * (`shelter_drafts`, one per applicant account) so that no supervisor's or bank's list, export, figure, credit record
 * or statistic can ever count it. Only the account that saved it reads it (`draft.json`), saves it again, discards it
 * or submits it: submitting is `apply.json`, which removes the draft in the application's transaction. Its fields are
 * the application's, each optional (a draft may be half written) within the same bounds; the application's rules are
 * checked when it is submitted.
 */
export const SHELTER_DRAFT_ACTIONS = ['submit', 'discard'] as const;
export const ZShelterDraftAction = z.enum(SHELTER_DRAFT_ACTIONS);
export type ShelterDraftAction = z.infer<typeof ZShelterDraftAction>;

const ZDraftText = (max: number) => z.string().trim().max(max, `不超过${max}个字`).optional();
export const ZShelterDraftContent = z.strictObject({
  industry: ZIndustry.optional(),
  cause: ZDraftText(SHELTER_CAUSE_MAX),
  difficultySince: ZDay.optional(),
  expectedRecovery: ZDraftText(100),
  loans: z
    .array(
      z.strictObject({
        bankOrgId: ZId.optional(),
        bankName: ZDraftText(60),
        amount: ZAmount.optional(),
        dueDate: ZDay.optional(),
      }),
    )
    .max(SHELTER_MAX_LOANS, `存量贷款不超过${SHELTER_MAX_LOANS}笔`)
    .default([]),
  helpAsked: z
    .array(z.strictObject({ type: ZHelpType, amount: ZAmount.optional() }))
    .max(HELP_TYPES.length)
    .refine((l) => new Set(l.map((h) => h.type)).size === l.length, '帮扶需求不能重复')
    .default([]),
  contactName: ZDraftText(20),
  contactPhone: z.string().trim().max(20).optional(),
  attachmentIds: z.array(ZFileId).max(SHELTER_MAX_ATTACHMENTS, `附件不超过${SHELTER_MAX_ATTACHMENTS}个`).default([]),
  publicOnRecovery: z.boolean().default(false),
});
export type ShelterDraftContent = z.input<typeof ZShelterDraftContent>;

export const ZShelterDraft = z.object({
  content: ZShelterDraftContent,
  /** The draft's attachments still on the platform, with their names (the content's ids in order). */
  attachments: z.array(z.object({ id: z.string(), name: z.string() })),
  savedAt: z.string(),
  /** submit: the account may apply now (certified, no open case); discard: always. */
  actions: z.array(ZShelterDraftAction),
});
export type ShelterDraft = z.infer<typeof ZShelterDraft>;

export const ZShelterIdRequest = z.strictObject({ id: ZId });
export const ZShelterIdQuery = z.object({ id: ZIdText });
export const ZShelterAttachmentQuery = z.object({ id: ZIdText, fileId: ZFileId });

export const ZShelterAdmitRequest = z
  .strictObject({
    id: ZId,
    leadBankOrgId: ZId,
    helperBankOrgIds: z.array(ZId).max(SHELTER_MAX_HELPERS).default([]),
    planNote: ZText(2, 1000, '帮扶方案'),
  })
  .refine((r) => new Set([r.leadBankOrgId, ...r.helperBankOrgIds]).size === r.helperBankOrgIds.length + 1, {
    message: '主办银行和协办银行不能重复',
    path: ['helperBankOrgIds'],
  });
export const ZShelterRefuseRequest = z.strictObject({ id: ZId, reason: ZText(2, 500, '不予入舱原因') });
export const ZShelterWithdrawRequest = z.strictObject({ id: ZId, reason: z.string().trim().max(300).optional() });
export const ZShelterExitRequest = z
  .strictObject({
    id: ZId,
    outcome: ZExitOutcome,
    note: z.string().trim().max(500, '出舱说明不超过500个字').optional(),
  })
  .refine((r) => r.outcome !== 'OTHER' || (r.note?.length ?? 0) >= 2, { message: '请填写出舱说明', path: ['note'] });
export const ZShelterUrgeRequest = z.strictObject({ id: ZId, message: ZText(2, 300, '督办意见') });

/** A measure of help: the fields each type needs (HELP_NEEDS_AMOUNT, RATE_RELIEF, HELP_NEEDS_DUE_DATE, PENALTY_WAIVER). */
export const ZShelterMeasureRequest = z
  .strictObject({
    caseId: ZId,
    type: ZHelpType,
    amount: ZAmount.optional(),
    rateChangeBp: z
      .number()
      .int('基点须为整数')
      .min(-SHELTER_MAX_BP, '利率调整不超过1000个基点')
      .max(SHELTER_MAX_BP, '利率调整不超过1000个基点')
      .optional(),
    newDueDate: ZDay.optional(),
    penaltyWaived: ZSmallAmount.optional(),
    givenOn: ZPastDay('帮扶日期'),
    note: z.string().trim().max(500, '备注不超过500个字').optional(),
  })
  .superRefine((m, ctx) => {
    if (HELP_NEEDS_AMOUNT.includes(m.type) && m.amount === undefined)
      ctx.addIssue({ code: 'custom', message: '请填写金额', path: ['amount'] });
    if (m.type === 'RATE_RELIEF' && (m.rateChangeBp === undefined || m.rateChangeBp === 0))
      ctx.addIssue({ code: 'custom', message: '请填写利率调整基点', path: ['rateChangeBp'] });
    if (HELP_NEEDS_DUE_DATE.includes(m.type) && m.newDueDate === undefined)
      ctx.addIssue({ code: 'custom', message: '请填写新的到期日', path: ['newDueDate'] });
    if (m.type === 'PENALTY_WAIVER' && m.penaltyWaived === undefined)
      ctx.addIssue({ code: 'custom', message: '请填写减免罚息金额', path: ['penaltyWaived'] });
  });
export type ShelterMeasureRequest = z.input<typeof ZShelterMeasureRequest>;

/**
 * The fields the supervisors' and the banks' shelter lists sort by (issue 30, list-sort.ts; docs/lists.md): the day
 * applied, the loans the enterprise asks help with (万元), the day admitted (ascending: the longest in the shelter
 * first; a case not admitted sorts below every admitted one, as a missing amount does), each on an index (migration
 * 0040). Newest first without.
 */
export const SHELTER_SORT = ['appliedAt', 'loanTotal', 'admittedAt'] as const;

/** Filters of the supervisor's list and its Excel twin, with the list's sort. */
export const ZShelterFilter = z.object({
  view: z.enum(SHELTER_VIEWS).default('ALL'),
  regionCode: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
  industry: ZIndustry.optional(),
  /** A bank organisation that is lead or helping bank of the case. */
  bankOrgId: ZIdText.optional(),
  state: ZShelterState.optional(),
  /** Applied on or after / on or before (inclusive, Beijing days). */
  from: ZDay.optional(),
  to: ZDay.optional(),
  /** Enterprise name or case number. */
  keyword: z.string().trim().max(40).optional(),
  ...sortShape(SHELTER_SORT),
});
export const ZShelterPageQuery = ZPageQuery.extend(ZShelterFilter.shape);
export type ShelterPageQuery = z.input<typeof ZShelterPageQuery>;
/** The bank's list's filters, the same for its page and its Excel export. */
export const ZShelterBankFilter = z.object({
  state: ZShelterState.optional(),
  keyword: ZShelterFilter.shape.keyword,
  ...sortShape(SHELTER_SORT),
});
export const ZShelterBankPageQuery = ZPageQuery.extend(ZShelterBankFilter.shape);
export const ZShelterMyPageQuery = ZPageQuery.extend({ state: ZShelterState.optional() });
export const ZShelterPage = page(ZShelterSummary);
export const ZShelterFiguresQuery = z.object({
  regionCode: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});
/** The answer of every action: the case and the state it is in now. */
export const ZShelterActionResponse = z.object({ id: z.number().int(), state: ZShelterState });
