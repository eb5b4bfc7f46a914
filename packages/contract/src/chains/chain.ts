import { z } from 'zod';
import { ZAmount, ZDay, ZId, ZIdText, ZRate, ZTerm } from '../bounds.ts';
import { ZPageQuery, page } from '../envelope.ts';
import { sortShape } from '../list-sort.ts';
import { PHONE_MESSAGE, PHONE_RE, ZPhone } from '../auth/sms.ts';
import { ZCreditCode } from '../auth/register.ts';

/**
 * Industrial-chain finance (PRODUCT.md section 7, docs/chains.md): chains, the organisations taking part, their
 * managers, member enterprises (imported or added), bank visits (走访) and loans, and the figures kept by the writes.
 * Amounts are in 万元, rates in percent a year, terms in months, days YYYY-MM-DD in Beijing time, like demands.
 */

export const CHAIN_CATEGORIES = [
  'PLANTING',
  'LIVESTOCK',
  'AQUACULTURE',
  'FORESTRY',
  'PROCESSING',
  'MANUFACTURING',
  'SERVICES',
] as const;
export const ZChainCategory = z.enum(CHAIN_CATEGORIES);
export type ChainCategory = z.infer<typeof ZChainCategory>;

export const CHAIN_STATUSES = ['ACTIVE', 'ARCHIVED'] as const;
export const ZChainStatus = z.enum(CHAIN_STATUSES);

/** The three tiers of a chain; every member enterprise sits in one. */
export const CHAIN_TIERS = ['UPSTREAM', 'MIDSTREAM', 'DOWNSTREAM'] as const;
export const ZChainTier = z.enum(CHAIN_TIERS);
export type ChainTier = z.infer<typeof ZChainTier>;

/**
 * How an organisation takes part: the government chain-chief department (链长单位, one per chain), other
 * departments, the lead bank (链主银行, one per chain) and member banks. Government roles need a government-type
 * organisation (GOVERNMENT, JINRONGJU, RENSHEJUE), bank roles a bank (any level).
 */
export const CHAIN_ORG_ROLES = ['CHIEF_DEPARTMENT', 'MEMBER_DEPARTMENT', 'LEAD_BANK', 'MEMBER_BANK'] as const;
export const ZChainOrgRole = z.enum(CHAIN_ORG_ROLES);
export type ChainOrgRole = z.infer<typeof ZChainOrgRole>;
export const BANK_CHAIN_ROLES: readonly ChainOrgRole[] = ['LEAD_BANK', 'MEMBER_BANK'];

export const ENTERPRISE_SCALES = ['MICRO', 'SMALL', 'MEDIUM', 'LARGE'] as const;
export const ZEnterpriseScale = z.enum(ENTERPRISE_SCALES);

/** Tags an operator or a manager puts on a member (白名单: the banks' priority list). */
export const CHAIN_ENTERPRISE_TAGS = ['WHITELIST', 'LEADING', 'NEW_AGRI_ENTITY', 'FIRST_LOAN_NEEDED'] as const;
export const ZChainEnterpriseTag = z.enum(CHAIN_ENTERPRISE_TAGS);

/** What a visit found the enterprise wants. */
export const VISIT_INTENTIONS = ['HAS_NEED', 'NO_NEED', 'UNDECIDED'] as const;
export const ZVisitIntention = z.enum(VISIT_INTENTIONS);

/** Where a visit left things: a loan is following, still being followed up, or no loan (with its reason). */
export const VISIT_RESULTS = ['LOAN_FOLLOWING', 'FOLLOW_UP', 'NO_LOAN'] as const;
export const ZVisitResult = z.enum(VISIT_RESULTS);

/** Why a visit found no loan (PRODUCT.md section 7). */
export const NO_LOAN_REASONS = ['NO_NEED', 'NOT_ELIGIBLE', 'OTHER_BANK', 'REFUSED'] as const;
export const ZNoLoanReason = z.enum(NO_LOAN_REASONS);

/** A bank's claim on a member for a visit lasts this many days, then lapses; a visit or a loan ends it. */
export const CHAIN_CLAIM_DAYS = 30;
/**
 * The claiming bank is told this many days before its claim lapses (once per claim: an in-site message to its chain
 * workers and the CHAIN_CLAIM_LAPSING SMS), by the clock sweep (demand-jobs.ts), so it can visit or release in time.
 */
export const CHAIN_CLAIM_WARN_DAYS = 3;

const ZName = (max: number, what: string) =>
  z.string().trim().min(1, `请填写${what}`).max(max, `${what}不超过${max}个字`);
const ZOptionalText = (max: number) => z.string().trim().max(max).nullable().default(null);
const ZRegionCode = z.string().regex(/^\d{6}$/, '请选择地区');
/** An uploaded file's id (/zscms/files/upload.json). */
const ZFileId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, '文件无效');

// ---------------------------------------------------------------------------------------------------------------------
// Chains

export const ZChainTiers = z.object({
  UPSTREAM: z.string().trim().max(200),
  MIDSTREAM: z.string().trim().max(200),
  DOWNSTREAM: z.string().trim().max(200),
});

/** The figures of a chain (or of all chains, or of one bank in a chain); definitions in docs/statistics.md. */
export const ZChainFigures = z.object({
  enterprises: z.number().int(),
  banks: z.number().int(),
  visits: z.number().int(),
  enterprisesVisited: z.number().int(),
  enterprisesWithIntention: z.number().int(),
  enterprisesFinanced: z.number().int(),
  loans: z.number().int(),
  /** 万元 */
  loanAmount: z.number(),
  /** visited / members, intention / visited, financed / intention: 0..1, null when the base is 0. */
  visitRate: z.number().nullable(),
  intentionRate: z.number().nullable(),
  financedRate: z.number().nullable(),
});
export type ChainFigures = z.infer<typeof ZChainFigures>;

export const ZChainOrg = z.object({
  orgId: z.number().int(),
  name: z.string(),
  shortName: z.string().nullable(),
  classifiedType: z.string(),
  role: ZChainOrgRole,
});
export type ChainOrg = z.infer<typeof ZChainOrg>;

export const ZChainManager = z.object({
  userId: z.number().int(),
  name: z.string(),
  username: z.string(),
  orgId: z.number().int(),
  orgName: z.string(),
  kind: z.enum(['GOVERNMENT', 'BANK']),
});
export type ChainManager = z.infer<typeof ZChainManager>;

/** What a caller may do on a chain (the server's answer; the web shows exactly these). */
export const CHAIN_ACTIONS = [
  'edit',
  'archive',
  'activate',
  'editOrgs',
  'editManagers',
  'addEnterprise',
  'import',
] as const;
export const ZChainAction = z.enum(CHAIN_ACTIONS);

export const ZChainSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  category: ZChainCategory,
  regionCode: z.string(),
  regionName: z.string().nullable(),
  status: ZChainStatus,
  coverUrl: z.string().nullable(),
  leadBankName: z.string().nullable(),
  chiefDepartmentName: z.string().nullable(),
  figures: ZChainFigures,
  updatedAt: z.string(),
  actions: z.array(ZChainAction),
});
export type ChainSummary = z.infer<typeof ZChainSummary>;

/**
 * A chain as the portal's chain list shows it, on a card: what the card shows and no more. The list holds every active
 * chain (a hundred at city scale), so the rest of a summary would be half its bytes for nothing (issue 17).
 */
export const ZChainCard = ZChainSummary.pick({
  id: true,
  name: true,
  category: true,
  regionName: true,
  coverUrl: true,
  leadBankName: true,
  chiefDepartmentName: true,
}).extend({
  figures: ZChainFigures.pick({
    enterprises: true,
    enterprisesFinanced: true,
    loanAmount: true,
    visitRate: true,
    financedRate: true,
  }),
});
export type ChainCard = z.infer<typeof ZChainCard>;

export const ZChainDetail = ZChainSummary.extend({
  description: z.string(),
  tiers: ZChainTiers,
  leadEnterprises: z.array(z.string()),
  coverFileId: z.string().nullable(),
  orgs: z.array(ZChainOrg),
  managers: z.array(ZChainManager),
  createdAt: z.string(),
});
export type ChainDetail = z.infer<typeof ZChainDetail>;

/** The public view of a chain: no managers, no internal ids beyond the organisations' names and roles. */
export const ZPortalChain = ZChainSummary.omit({ actions: true }).extend({
  description: z.string(),
  tiers: ZChainTiers,
  leadEnterprises: z.array(z.string()),
  orgs: z.array(ZChainOrg.omit({ orgId: true, classifiedType: true })),
  /** Member enterprises per tier (counts only: members are not public). */
  tierCounts: z.object({ UPSTREAM: z.number().int(), MIDSTREAM: z.number().int(), DOWNSTREAM: z.number().int() }),
});
export type PortalChain = z.infer<typeof ZPortalChain>;

/** POST …/admin/save.json: create (no id) or edit a chain (operator). */
export const ZChainSaveRequest = z.strictObject({
  id: ZId.optional(),
  name: ZName(40, '产业链名称'),
  category: ZChainCategory,
  regionCode: ZRegionCode,
  description: z.string().trim().max(2000, '简介不超过2000字').default(''),
  tiers: ZChainTiers,
  leadEnterprises: z.array(z.string().trim().min(1).max(60)).max(20).default([]),
  /** A PUBLIC picture (/zscms/files/upload.json?visibility=PUBLIC). */
  coverFileId: ZFileId.nullable().default(null),
});
export type ChainSaveRequest = z.input<typeof ZChainSaveRequest>;

export const ZChainStatusRequest = z.strictObject({ id: ZId, status: ZChainStatus });

/**
 * POST …/admin/organizations/save.json: the whole list of taking-part organisations (replaces it). Exactly one
 * CHIEF_DEPARTMENT and one LEAD_BANK; an organisation appears once; a manager whose organisation leaves is removed.
 */
export const ZChainOrgsSaveRequest = z.strictObject({
  id: ZId,
  orgs: z
    .array(z.strictObject({ orgId: ZId, role: ZChainOrgRole }))
    .min(2)
    .max(100),
});

/** POST …/admin/managers/save.json: the whole list of managers (replaces it); each a user of a taking-part org. */
export const ZChainManagersSaveRequest = z.strictObject({ id: ZId, userIds: z.array(ZId).max(100) });

/**
 * The chain list's sortable fields (list-sort.ts; issue 30): member enterprises, the amount of their loans, when the
 * chain was made. Without a sort: newest chain first.
 */
export const CHAIN_SORT = ['enterprises', 'loanAmount', 'createdAt'] as const;

export const ZChainPageQuery = ZPageQuery.extend({
  ...sortShape(CHAIN_SORT),
  keyword: z.string().trim().max(40).optional(),
  category: ZChainCategory.optional(),
  status: ZChainStatus.optional(),
  regionCode: ZRegionCode.optional(),
});
export const ZChainPage = page(ZChainSummary);
export const ZChainIdQuery = z.object({ industrialChainId: ZIdText });
export const ZIdQuery = z.object({ id: ZIdText });

/** A chain in a picker. */
export const ZChainOption = z.object({ id: z.number().int(), name: z.string(), status: ZChainStatus });
export const ZChainOptions = z.array(ZChainOption);

export const ZChainCategoryData = z.array(
  z.object({
    category: ZChainCategory,
    chains: z.number().int(),
    enterprises: z.number().int(),
    loanAmount: z.number(),
  }),
);

/** The figures of one chain, in total and per taking-part bank (the funnel per bank). */
export const ZChainFiguresById = z.object({
  industrialChainId: z.number().int(),
  name: z.string(),
  total: ZChainFigures,
  byBank: z.array(z.object({ orgId: z.number().int(), name: z.string(), role: ZChainOrgRole, figures: ZChainFigures })),
  byTier: z.array(
    z.object({
      tier: ZChainTier,
      enterprises: z.number().int(),
      enterprisesFinanced: z.number().int(),
      loanAmount: z.number(),
    }),
  ),
});

// ---------------------------------------------------------------------------------------------------------------------
// Member enterprises

/** What a caller may do on a member enterprise. */
export const CHAIN_ENTERPRISE_ACTIONS = ['edit', 'remove', 'claim', 'release', 'visit', 'loan'] as const;
export const ZChainEnterpriseAction = z.enum(CHAIN_ENTERPRISE_ACTIONS);

export const ZChainEnterprise = z.object({
  id: z.number().int(),
  industrialChainId: z.number().int(),
  chainName: z.string(),
  creditCode: z.string(),
  name: z.string(),
  legalPerson: z.string().nullable(),
  contactName: z.string().nullable(),
  /** Masked (138****0000) for every caller but the operator and the chain's managers. */
  contactPhone: z.string().nullable(),
  scale: ZEnterpriseScale.nullable(),
  tier: ZChainTier,
  mainBusiness: z.string().nullable(),
  /** 万元, null when not stated. */
  financingNeed: z.number().nullable(),
  tags: z.array(ZChainEnterpriseTag),
  visits: z.number().int(),
  lastVisitDate: z.string().nullable(),
  loans: z.number().int(),
  loanAmount: z.number(),
  /** The bank holding a live claim for a visit, and until when. */
  claimedByOrgId: z.number().int().nullable(),
  claimedByOrgName: z.string().nullable(),
  claimedUntil: z.string().nullable(),
  source: z.enum(['IMPORT', 'MANUAL', 'REREGISTERED']),
  createdAt: z.string(),
  actions: z.array(ZChainEnterpriseAction),
});
export type ChainEnterprise = z.infer<typeof ZChainEnterprise>;

/** The member list's sortable fields (list-sort.ts): its own figures, kept by the writes (newest first by default). */
export const CHAIN_MEMBER_SORT = ['financingNeed', 'visits', 'loans', 'loanAmount'] as const;
/** The member list's filters and sort: its page and its Excel export take the same. */
export const ZChainEnterpriseFilter = z.object({
  ...sortShape(CHAIN_MEMBER_SORT),
  industrialChainId: ZIdText.optional(),
  keyword: z.string().trim().max(40).optional(),
  tier: ZChainTier.optional(),
  tag: ZChainEnterpriseTag.optional(),
  visited: z.enum(['true', 'false']).optional(),
  financed: z.enum(['true', 'false']).optional(),
  /** Only the members the caller's bank has claimed. */
  claimedByMe: z.enum(['true']).optional(),
});
export const ZChainEnterprisePageQuery = ZPageQuery.extend(ZChainEnterpriseFilter.shape);
export const ZChainEnterprisePage = page(ZChainEnterprise);

/** The editable fields of a member: one form, one import row, one re-registration. */
export const ZChainEnterpriseFields = z.strictObject({
  creditCode: ZCreditCode,
  name: ZName(60, '企业名称'),
  legalPerson: ZOptionalText(20),
  contactName: ZOptionalText(20),
  contactPhone: ZPhone.nullable().default(null),
  scale: ZEnterpriseScale.nullable().default(null),
  tier: ZChainTier,
  mainBusiness: ZOptionalText(200),
  financingNeed: ZAmount.nullable().default(null),
  tags: z.array(ZChainEnterpriseTag).max(4).default([]),
});
export type ChainEnterpriseFields = z.input<typeof ZChainEnterpriseFields>;

/** A member's phone as a caller who may not see it gets it (138****0000). */
export const MASKED_PHONE_RE = /^1[3-9]\d\*{4}\d{4}$/;

/**
 * POST …/enterprise/save.json: add (no id) or edit a member; a credit code is in a chain once (CHAIN_ENTERPRISE_DUPLICATE).
 * An edit may send the phone back masked as it was shown: when it is the stored phone's masked form, the stored phone
 * stays (anything else masked is refused on `contactPhone`).
 */
/** A phone, or a phone sent back masked as it was shown (the server decides whether the masked one stands for the stored). */
const ZPhoneOrShown = z
  .string()
  .trim()
  .refine((s) => PHONE_RE.test(s) || MASKED_PHONE_RE.test(s), PHONE_MESSAGE)
  .nullable()
  .default(null);

export const ZChainEnterpriseSaveRequest = ZChainEnterpriseFields.extend({
  id: ZId.optional(),
  industrialChainId: ZId,
  contactPhone: ZPhoneOrShown,
});
export const ZChainEnterpriseIdRequest = z.strictObject({ id: ZId });

/** The columns of the member import template, in order (the description sheet explains each). */
export const CHAIN_ENTERPRISE_IMPORT_COLUMNS = [
  { key: 'creditCode', header: '统一社会信用代码', required: true },
  { key: 'name', header: '企业名称', required: true },
  { key: 'tier', header: '所处环节（上游/中游/下游）', required: true },
  { key: 'legalPerson', header: '法定代表人', required: false },
  { key: 'contactName', header: '联系人', required: false },
  { key: 'contactPhone', header: '联系电话', required: false },
  { key: 'scale', header: '企业规模（微型/小型/中型/大型）', required: false },
  { key: 'mainBusiness', header: '主营业务', required: false },
  { key: 'financingNeed', header: '融资需求（万元）', required: false },
  { key: 'tags', header: '标签（白名单/龙头企业/新型农业经营主体/首贷需求，多个用、分隔）', required: false },
] as const;

/** POST …/enterprise/import.json?industrialChainId=&dryRun= (multipart `file`). */
export const ZChainImportQuery = z.object({
  industrialChainId: ZIdText,
  dryRun: z.enum(['true', 'false']).default('false'),
});
export const ZChainImportResult = z.object({
  importRecordId: z.number().int().nullable(),
  dryRun: z.boolean(),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** Rows whose credit code is already in the chain or earlier in the file. */
  duplicates: z.number().int(),
  /** Every refused row: its sheet row, the column at fault (null: the row as a whole) and why. */
  errors: z.array(z.object({ rowNo: z.number().int(), column: z.string().nullable(), reason: z.string() })),
});
export type ChainImportResult = z.infer<typeof ZChainImportResult>;

export const ZChainImportRecord = z.object({
  id: z.number().int(),
  industrialChainId: z.number().int(),
  chainName: z.string(),
  fileName: z.string(),
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  /** Failed rows not yet registered again. */
  pending: z.number().int(),
  userName: z.string().nullable(),
  orgName: z.string().nullable(),
  createdAt: z.string(),
});
export const ZChainImportRecordPageQuery = ZPageQuery.extend({ industrialChainId: ZIdText.optional() });
export const ZChainImportRecordPage = page(ZChainImportRecord);

/** A failed-registration record: the row as it was read, each error with its column, and whether it was fixed. */
export const ZChainFailRecord = z.object({
  id: z.number().int(),
  importRecordId: z.number().int(),
  industrialChainId: z.number().int(),
  chainName: z.string(),
  rowNo: z.number().int(),
  /**
   * The row's cells by column key, as read; `contactPhone` masked (138****0000) unless the caller is the operator or a
   * manager of the chain, as in the member list.
   */
  values: z.record(z.string(), z.string()),
  errors: z.array(z.object({ column: z.string().nullable(), reason: z.string() })),
  status: z.enum(['FAILED', 'REGISTERED']),
  enterpriseId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ChainFailRecord = z.infer<typeof ZChainFailRecord>;
/** The failed rows' filters, the same for their page and their Excel export (in the page's order: import, then row). */
export const ZChainFailRecordFilter = z.object({
  importRecordId: ZIdText.optional(),
  industrialChainId: ZIdText.optional(),
  status: z.enum(['FAILED', 'REGISTERED']).optional(),
});
export const ZChainFailRecordPageQuery = ZPageQuery.extend(ZChainFailRecordFilter.shape);
export const ZChainFailRecordPage = page(ZChainFailRecord);
/**
 * POST …/import/failRecord/registerEnterpriseAgain.json: the corrected fields of one failed record. The phone may come
 * back masked as the record showed it: when it is the masked form of the row's own (valid) phone cell, that phone is
 * registered; any other masked text is refused on `contactPhone`.
 */
export const ZRegisterAgainRequest = ZChainEnterpriseFields.extend({ failRecordId: ZId, contactPhone: ZPhoneOrShown });
export const ZImportRecordIdQuery = z.object({ importRecordId: ZIdText });

/** GET /finance/enterprise/getEnterpriseName?creditCode= : the registered name, or null when the registry has none. */
export const ZEnterpriseNameQuery = z.object({ creditCode: z.string().trim().toUpperCase().max(18) });
export const ZEnterpriseNameResponse = z.object({
  creditCode: z.string(),
  name: z.string().nullable(),
  legalPerson: z.string().nullable(),
});

// ---------------------------------------------------------------------------------------------------------------------
// Visits (走访, interview records) and loans

export const ZChainVisit = z.object({
  id: z.number().int(),
  industrialChainId: z.number().int(),
  chainName: z.string(),
  enterpriseId: z.number().int(),
  enterpriseName: z.string(),
  creditCode: z.string(),
  orgId: z.number().int(),
  orgName: z.string(),
  visitDate: z.string(),
  staff: z.string(),
  content: z.string(),
  intention: ZVisitIntention,
  /** 万元, when the enterprise named an amount. */
  intendedAmount: z.number().nullable(),
  result: ZVisitResult,
  noLoanReason: ZNoLoanReason.nullable(),
  photos: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type ChainVisit = z.infer<typeof ZChainVisit>;
/** The visit list's sortable fields (list-sort.ts): the day of the visit (the default, newest first), the amount named. */
export const CHAIN_VISIT_SORT = ['visitDate', 'intendedAmount'] as const;
/** The visit list's filters and sort: its page and its Excel export take the same. */
export const ZChainVisitFilter = z.object({
  ...sortShape(CHAIN_VISIT_SORT),
  industrialChainId: ZIdText.optional(),
  enterpriseId: ZIdText.optional(),
  orgId: ZIdText.optional(),
  intention: ZVisitIntention.optional(),
  result: ZVisitResult.optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
  keyword: z.string().trim().max(40).optional(),
});
export const ZChainVisitPageQuery = ZPageQuery.extend(ZChainVisitFilter.shape);
export const ZChainVisitPage = page(ZChainVisit);

/** POST …/enterprise/interview/save.json: a bank's visit to a member of one of its chains (NO_LOAN needs a reason). */
export const ZChainVisitSaveRequest = z
  .strictObject({
    enterpriseId: ZId,
    visitDate: ZDay,
    staff: ZName(60, '走访人员'),
    content: z.string().trim().min(5, '请填写走访内容（至少5个字）').max(2000),
    intention: ZVisitIntention,
    intendedAmount: ZAmount.nullable().default(null),
    result: ZVisitResult,
    noLoanReason: ZNoLoanReason.nullable().default(null),
    /** PRIVATE files uploaded by the caller (/zscms/files/upload.json). */
    photoIds: z.array(ZFileId).max(9).default([]),
  })
  .refine((v) => (v.result === 'NO_LOAN') === (v.noLoanReason !== null), {
    path: ['noLoanReason'],
    message: '未放款时请选择原因',
  });

export const ZChainLoan = z.object({
  id: z.number().int(),
  industrialChainId: z.number().int(),
  chainName: z.string(),
  enterpriseId: z.number().int(),
  enterpriseName: z.string(),
  creditCode: z.string(),
  orgId: z.number().int(),
  orgName: z.string(),
  /** 万元 */
  amount: z.number(),
  rate: z.number(),
  term: z.number().int(),
  loanDate: z.string(),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type ChainLoan = z.infer<typeof ZChainLoan>;
/** The loan list's sortable fields (list-sort.ts): the day (the default, newest first), amount, rate and term. */
export const CHAIN_LOAN_SORT = ['loanDate', 'amount', 'rate', 'term'] as const;
/** The loan list's filters and sort: its page and its Excel export take the same. */
export const ZChainLoanFilter = z.object({
  ...sortShape(CHAIN_LOAN_SORT),
  industrialChainId: ZIdText.optional(),
  enterpriseId: ZIdText.optional(),
  orgId: ZIdText.optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
  keyword: z.string().trim().max(40).optional(),
});
export const ZChainLoanPageQuery = ZPageQuery.extend(ZChainLoanFilter.shape);
export const ZChainLoanPage = page(ZChainLoan);
/** POST …/enterprise/loanRecord/save.json: a bank's loan to a member of one of its chains; the product must be its own. */
export const ZChainLoanSaveRequest = z.strictObject({
  enterpriseId: ZId,
  amount: ZAmount,
  rate: ZRate,
  term: ZTerm,
  loanDate: ZDay,
  productId: ZId.nullable().default(null),
});
export const ZRecordIdQuery = z.object({ recordId: ZIdText });

// ---------------------------------------------------------------------------------------------------------------------
// Membership checks and pickers (the spec's calls; docs/chains.md says what each answers)

export const ZChainMembership = z.object({
  /** The caller's organisation takes part in at least one active chain, or the caller manages one. */
  exists: z.boolean(),
  /** The caller may work in a chain client (/financialChain, /govermentChain) now. */
  canOperate: z.boolean(),
  kind: z.enum(['BANK', 'GOVERNMENT', 'PLATFORM', 'ENTERPRISE', 'NONE']),
  chains: ZChainOptions,
});
export type ChainMembership = z.infer<typeof ZChainMembership>;

export const ZOrgIdQuery = z.object({ orgId: ZIdText });
export const ZOrgIdsQuery = z.object({
  orgIds: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,49}$/)
    .transform((s) => s.split(',').map(Number)),
});
export const ZChainOrgOption = z.object({
  orgId: z.number().int(),
  name: z.string(),
  classifiedType: z.string(),
  chains: z.number().int(),
});
export const ZManagerOption = z.object({
  userId: z.number().int(),
  name: z.string(),
  username: z.string(),
  orgId: z.number().int(),
  orgName: z.string(),
});
export const ZFindUserQuery = z.object({ userId: ZIdText, type: z.enum(['GOVERNMENT', 'BANK']) });
