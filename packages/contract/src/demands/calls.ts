import { z } from 'zod';
import { ZAmount, ZDay, ZId, ZIdText, ZRate, ZTerm } from '../bounds.ts';
import { ZPageQuery, page } from '../envelope.ts';
import { ZPhone } from '../auth/sms.ts';
import { ZCreditCode } from '../auth/register.ts';
import { defineOperation } from '../operation.ts';
import { sortShape } from '../list-sort.ts';
import {
  ZImportFailures,
  ZImportFailuresQuery,
  ZImportJobPage,
  ZImportJobPageQuery,
  ZImportResult,
  ZImportUploadQuery,
} from '../orgs/user-import.ts';
import { ZGuaranteeMethod, ZIndustry } from '../products/product.ts';
import { ZDemandDetail, ZDemandStatus, ZDemandSummary, ZDemandType, ZRejectCode } from './demand.ts';
import { ZGuaranteeDemandRequest } from './guarantee-terms.ts';

const ZRegion = z.string().regex(/^\d{6}$/, '请选择地区');

/**
 * POST /finance/demand/create.json (a signed-in person or enterprise; the portal's /financing page and a product's
 * "apply"). ORIENTATION needs `productId` (its bank is the target) or `targetOrgId` (a bank); GUARANTEE needs
 * `targetOrgId` (a guarantee company); PUBLIC has neither. An uncertified account may post PUBLIC demands only.
 * One open demand per applicant per product. Through a product, the amount and the term must lie within the
 * product's ranges (bounds included), else DEMAND_OUTSIDE_PRODUCT_RANGE naming the fields (product-limits.ts).
 *
 * Duplicates are answered with the FIRST demand (its id, code and current status), never a second one:
 * - the same `idempotencyKey` from the same applicant (the web form makes one per opening of the form), whatever
 *   the rest of the body says;
 * - the same content (type, target, amount, term, purpose) from the same applicant while the first is not finished
 *   and is younger than DEMAND_DUPLICATE_WINDOW_MINUTES.
 */
export const ZCreateDemandRequest = z.strictObject({
  /** Made once per opening of the form (a UUID); retries and double submits of that form send the same one. */
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '幂等键须为8-64位字母、数字、_或-')
    .optional(),
  type: ZDemandType,
  productId: ZId.optional(),
  targetOrgId: ZId.optional(),
  amount: ZAmount,
  term: ZTerm,
  purpose: z.string().trim().min(5, '请说明资金用途（至少5个字）').max(500),
  guaranteeMethod: ZGuaranteeMethod,
  regionCode: ZRegion,
  industry: ZIndustry,
  contactName: z.string().trim().min(1, '请填写联系人').max(20),
  contactPhone: ZPhone,
  /** Ids of PRIVATE files the applicant uploaded (/zscms/files/upload.json). */
  attachmentIds: z.array(z.string().max(64)).max(10).default([]),
  /** The applicant consents to the receiving institution querying its credit record. Must be true. */
  creditConsent: z.literal(true, { error: '请同意授权查询征信' }),
});
export type CreateDemandRequest = z.input<typeof ZCreateDemandRequest>;
/** A duplicate gets the first demand's answer: its id, code and the state it is in now. */
export const ZCreateDemandResponse = z.object({ id: z.number().int(), code: z.string(), status: ZDemandStatus });
/** How long the same content from the same applicant counts as a duplicate of its first posting. */
export const DEMAND_DUPLICATE_WINDOW_MINUTES = 10;

/**
 * The fields every demand list sorts by (issue 30, list-sort.ts; docs/lists.md): the time posted and the amount applied
 * for, each walked in order on an index of the list's scope (migration 0040 for the amount). Not the term (five values,
 * 6 to 36 months: an order that says little) nor the running deadline (the workbench lists the soonest, the overdue
 * filter the passed ones): on a million demands each sorted a bank's or the operator's whole scope (~1 s) and would
 * need one more index per scope (docs/lists.md, the figures). Without a sort a list stays newest first.
 */
export const DEMAND_SORT = ['createdAt', 'amount'] as const;

/** Filters shared by every demand list (and its Excel export), with the list's sort. */
export const ZDemandFilter = z.object({
  type: ZDemandType.optional(),
  status: ZDemandStatus.optional(),
  /** Only demands whose running deadline has passed. */
  overdue: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  regionCode: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
  /** A bank head office: demands owned by or addressed to it or its units. */
  bankId: ZIdText.optional(),
  /** Created on or after / on or before (YYYY-MM-DD, inclusive). */
  from: ZDay.optional(),
  to: ZDay.optional(),
  /** Demand code or applicant name. */
  keyword: z.string().trim().max(40).optional(),
  ...sortShape(DEMAND_SORT),
});
export const ZDemandPageQuery = ZPageQuery.extend(ZDemandFilter.shape);
export type DemandPageQuery = z.input<typeof ZDemandPageQuery>;
export const ZDemandPageResponse = page(ZDemandSummary);

/**
 * Lists, each scoped on the server (GET, ZDemandPageQuery):
 * - /finance/demand/my/page.json: the applicant's own (an enterprise sub-account sees its enterprise's);
 * - /finance/demand/bank/page.json?scope=POOL|MINE: a bank's public pool of its regions (PENDING PUBLIC) or the
 *   demands addressed to or owned by its unit and subtree;
 * - /finance/demand/guarantee/page.json: a guarantee company's;
 * - /finance/demand/supervise/page.json: a supervisor's region (city level: all);
 * - /finance/demand/operate/page.json?view=public|assigned|guarantee|makeup: the operator's, every demand.
 * Each has an Excel twin at the same path with `export.json` instead of `page.json` (no paging; at most 50,000 rows),
 * saved by the client as `name_yyyyMMddHHmmss.xlsx`.
 * `total` is exact; with a date, overdue or keyword filter it is exact up to DEMAND_COUNT_CAP and DEMAND_COUNT_CAP
 * beyond (the pager never reaches further).
 */
export const DEMAND_COUNT_CAP = 10_000;
export const ZBankDemandPageQuery = ZDemandPageQuery.extend({ scope: z.enum(['POOL', 'MINE']).default('MINE') });
export const ZOperateDemandPageQuery = ZDemandPageQuery.extend({
  view: z.enum(['public', 'assigned', 'guarantee', 'makeup']).default('public'),
});

/** GET /finance/demand/detail.json?id= : one demand the viewer may see, with its timeline and the viewer's actions. */
export const ZDemandIdQuery = z.object({ id: ZIdText });

/** POST /finance/demand/accept.json, /guaranteeAccept.json, /returnToPool.json: `{ id }`. */
export const ZDemandIdRequest = z.strictObject({ id: ZId });
/** The answer of every action call: the demand and the state it is in now. */
export const ZDemandActionResponse = z.object({ id: z.number().int(), status: ZDemandStatus });

/**
 * GET /finance/demand/attachment.json?id=&fileId= : one attachment of a demand, to anyone who may see the demand
 * (the file itself is PRIVATE to its uploader; this is the `url` of ZDemandDetail's attachments).
 */
export const ZDemandAttachmentQuery = z.object({ id: ZIdText, fileId: z.string().min(1).max(64) });
/** POST /finance/demand/withdraw.json (applicant): a reason is required once the demand was accepted. */
export const ZWithdrawDemandRequest = z.strictObject({ id: ZId, reason: z.string().trim().max(300).optional() });
/**
 * POST /finance/demand/grant.json (owner bank). A grant whose amount, rate or term lies outside the range of the
 * demand's loan product is refused (DEMAND_GRANT_OUT_OF_RANGE, naming the fields) unless `outOfRangeConfirmed` says
 * the bank saw the warning and grants so anyway; the confirmation is written into the demand's history.
 */
export const ZGrantDemandRequest = z.strictObject({
  id: ZId,
  amount: ZAmount,
  rate: ZRate,
  term: ZTerm,
  grantedAt: ZDay,
  outOfRangeConfirmed: z.boolean().optional(),
});
/** POST /finance/demand/reject.json (owner bank) and /guaranteeReject.json (guarantee company): OTHER needs a reason. */
export const ZRejectDemandRequest = z
  .strictObject({ id: ZId, code: ZRejectCode, reason: z.string().trim().max(300).optional() })
  .refine((r) => r.code !== 'OTHER' || (r.reason?.length ?? 0) >= 2, { message: '请填写拒绝原因', path: ['reason'] });
/** POST /finance/demand/guarantee.json (guarantee company): guarantee-terms.ts. */
export { ZGuaranteeDemandRequest };
/** POST /finance/demand/handToBank.json (guarantee company): the bank unit that takes it over as ACCEPTED. */
export const ZHandToBankRequest = z.strictObject({ id: ZId, bankOrgId: ZId });
/** POST /finance/demand/dispatch.json (a bank unit that owns or is addressed the demand): to a unit of its subtree. */
export const ZDispatchDemandRequest = z.strictObject({ id: ZId, orgId: ZId });
/** POST /finance/demand/reassign.json (supervisor): an expired or overdue pending demand to one bank unit. */
export const ZReassignDemandRequest = z.strictObject({
  id: ZId,
  bankOrgId: ZId,
  reason: z.string().trim().max(300).optional(),
});
/**
 * GET /finance/demand/bankUnits.json?regionCode= (guarantee companies, supervisors): the bank units a demand of the
 * region may be handed or reassigned to, for the pickers: the active units at the city level (head offices) and the
 * branches and sub-branches in the region (all regions' without one). Rows link by parentId into each bank's tree.
 */
export const ZBankUnitsQuery = z.object({
  regionCode: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});
export const ZBankUnit = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  regionCode: z.string(),
});
export const ZBankUnitsResponse = z.array(ZBankUnit);
/** POST /finance/demand/urge.json (supervisor, 督办): a message to the handling institution; no state change. */
export const ZUrgeDemandRequest = z.strictObject({
  id: ZId,
  message: z.string().trim().min(2, '请填写督办意见').max(300),
});

/** POST /finance/demand/makeup/save.json (operator): one offline loan recorded as GRANTED (source MAKEUP). */
export const ZMakeupRequest = z.strictObject({
  applicantName: z.string().trim().min(2).max(60),
  applicantType: z.enum(['PERSON', 'ENTERPRISE', 'FARMER', 'NEW_AGRI_ENTITY']),
  /** Enterprises (required for them: the service checks, as for the import): unified social credit code, check digit verified. */
  creditCode: ZCreditCode.optional(),
  bankOrgId: ZId,
  regionCode: ZRegion,
  industry: ZIndustry,
  guaranteeMethod: ZGuaranteeMethod,
  amount: ZAmount,
  rate: ZRate,
  term: ZTerm,
  grantedAt: ZDay,
  productId: ZId.optional(),
});
export type MakeupRequest = z.input<typeof ZMakeupRequest>;

/**
 * Makeup import (operator): GET /finance/demand/makeup/import/template.json (xlsx), POST
 * /finance/demand/makeup/import/upload.json?dryRun= (multipart `file`; answers the users import's ZImportResult),
 * GET /finance/demand/makeup/import/records.json and /failures.json?jobId= (ZImportJobPage, ZImportFailures of
 * orgs/user-import.ts).
 */
export const MAKEUP_IMPORT_COLUMNS = [
  { key: 'applicantName', header: '借款主体名称', required: true },
  { key: 'applicantType', header: '主体类型（个人/企业/农户/新型农业经营主体）', required: true },
  { key: 'creditCode', header: '统一社会信用代码（企业必填）', required: false },
  { key: 'bankName', header: '放款银行（全称，可含支行）', required: true },
  { key: 'region', header: '所在区县', required: true },
  { key: 'industry', header: '行业', required: true },
  { key: 'guaranteeMethod', header: '担保方式', required: true },
  { key: 'amount', header: '放款金额（万元）', required: true },
  { key: 'rate', header: '年利率（%）', required: true },
  { key: 'term', header: '期限（月）', required: true },
  { key: 'grantedAt', header: '放款日期（YYYY-MM-DD）', required: true },
] as const;

/**
 * GET /finance/demand/workbench.json (any signed-in role with a demand client): what waits for the viewer —
 * counts by state in the viewer's scope, the deadlines soonest first, and the latest demands.
 */
export const ZDemandWorkbench = z.object({
  /** Demands by state in the viewer's scope; for a bank also `POOL`: the pending public demands it may accept. */
  counts: z.record(z.string(), z.number().int()),
  /** Demands with a running deadline the viewer must act on, soonest first (at most 10). */
  dueSoon: z.array(ZDemandSummary),
  latest: z.array(ZDemandSummary),
  overdue: z.number().int(),
});
export type DemandWorkbench = z.infer<typeof ZDemandWorkbench>;

/** The Excel twins of the lists: the same filters without paging, plus the list's own parameter. */
export const ZDemandExportQuery = ZDemandFilter;
export const ZBankDemandExportQuery = ZDemandExportQuery.extend({ scope: ZBankDemandPageQuery.shape.scope });
export const ZOperateDemandExportQuery = ZDemandExportQuery.extend({ view: ZOperateDemandPageQuery.shape.view });

/** The applicant's own list: posting accounts and view-only sub-accounts. */
const ownDemands = { anyPermission: ['demand:apply', 'demand:view'] } as const;
/** Any demand client: each sees what its scope allows (the service decides, a missing demand and a hidden one alike). */
const anyDemandClient = {
  anyPermission: [
    'demand:apply',
    'demand:view',
    'demand:handle',
    'demand:guarantee',
    'demand:supervise',
    'demand:manage',
  ],
} as const;
const apply = { permission: 'demand:apply' } as const;
const handle = { permission: 'demand:handle' } as const;
const guarantee = { permission: 'demand:guarantee' } as const;
const supervise = { permission: 'demand:supervise' } as const;
const manage = { permission: 'demand:manage' } as const;
/** A file operation answers with the file itself; an error is an envelope without data. */
const noData = z.null();
const done = ZDemandActionResponse;

/**
 * The financing demand calls (PRODUCT.md section 6): posting, the lists of every client and their Excel twins, the
 * detail, the actions of each client (keyed by the action's name, as the web's action hooks are), makeup and its import.
 */
export const demandOps = {
  create: defineOperation({
    method: 'POST',
    path: '/finance/demand/create.json',
    auth: apply,
    body: ZCreateDemandRequest,
    response: ZCreateDemandResponse,
  }),

  myPage: defineOperation({
    method: 'GET',
    path: '/finance/demand/my/page.json',
    auth: ownDemands,
    query: ZDemandPageQuery,
    response: ZDemandPageResponse,
  }),
  myExport: defineOperation({
    method: 'GET',
    path: '/finance/demand/my/export.json',
    auth: ownDemands,
    query: ZDemandExportQuery,
    response: noData,
    answers: 'file',
  }),
  bankPage: defineOperation({
    method: 'GET',
    path: '/finance/demand/bank/page.json',
    auth: handle,
    query: ZBankDemandPageQuery,
    response: ZDemandPageResponse,
  }),
  bankExport: defineOperation({
    method: 'GET',
    path: '/finance/demand/bank/export.json',
    auth: handle,
    query: ZBankDemandExportQuery,
    response: noData,
    answers: 'file',
  }),
  guaranteePage: defineOperation({
    method: 'GET',
    path: '/finance/demand/guarantee/page.json',
    auth: guarantee,
    query: ZDemandPageQuery,
    response: ZDemandPageResponse,
  }),
  guaranteeExport: defineOperation({
    method: 'GET',
    path: '/finance/demand/guarantee/export.json',
    auth: guarantee,
    query: ZDemandExportQuery,
    response: noData,
    answers: 'file',
  }),
  supervisePage: defineOperation({
    method: 'GET',
    path: '/finance/demand/supervise/page.json',
    auth: supervise,
    query: ZDemandPageQuery,
    response: ZDemandPageResponse,
  }),
  superviseExport: defineOperation({
    method: 'GET',
    path: '/finance/demand/supervise/export.json',
    auth: supervise,
    query: ZDemandExportQuery,
    response: noData,
    answers: 'file',
  }),
  operatePage: defineOperation({
    method: 'GET',
    path: '/finance/demand/operate/page.json',
    auth: manage,
    query: ZOperateDemandPageQuery,
    response: ZDemandPageResponse,
  }),
  operateExport: defineOperation({
    method: 'GET',
    path: '/finance/demand/operate/export.json',
    auth: manage,
    query: ZOperateDemandExportQuery,
    response: noData,
    answers: 'file',
  }),

  detail: defineOperation({
    method: 'GET',
    path: '/finance/demand/detail.json',
    auth: anyDemandClient,
    query: ZDemandIdQuery,
    response: ZDemandDetail,
  }),
  attachment: defineOperation({
    method: 'GET',
    path: '/finance/demand/attachment.json',
    auth: anyDemandClient,
    query: ZDemandAttachmentQuery,
    response: noData,
    answers: 'file',
    signedLink: true,
  }),
  workbench: defineOperation({
    method: 'GET',
    path: '/finance/demand/workbench.json',
    auth: anyDemandClient,
    response: ZDemandWorkbench,
  }),

  withdraw: defineOperation({
    method: 'POST',
    path: '/finance/demand/withdraw.json',
    auth: apply,
    body: ZWithdrawDemandRequest,
    response: done,
  }),
  accept: defineOperation({
    method: 'POST',
    path: '/finance/demand/accept.json',
    auth: handle,
    body: ZDemandIdRequest,
    response: done,
  }),
  grant: defineOperation({
    method: 'POST',
    path: '/finance/demand/grant.json',
    auth: handle,
    body: ZGrantDemandRequest,
    response: done,
  }),
  reject: defineOperation({
    method: 'POST',
    path: '/finance/demand/reject.json',
    auth: handle,
    body: ZRejectDemandRequest,
    response: done,
  }),
  dispatch: defineOperation({
    method: 'POST',
    path: '/finance/demand/dispatch.json',
    auth: handle,
    body: ZDispatchDemandRequest,
    response: done,
  }),
  guaranteeAccept: defineOperation({
    method: 'POST',
    path: '/finance/demand/guaranteeAccept.json',
    auth: guarantee,
    body: ZDemandIdRequest,
    response: done,
  }),
  guaranteeReject: defineOperation({
    method: 'POST',
    path: '/finance/demand/guaranteeReject.json',
    auth: guarantee,
    body: ZRejectDemandRequest,
    response: done,
  }),
  guarantee: defineOperation({
    method: 'POST',
    path: '/finance/demand/guarantee.json',
    auth: guarantee,
    body: ZGuaranteeDemandRequest,
    response: done,
  }),
  handToBank: defineOperation({
    method: 'POST',
    path: '/finance/demand/handToBank.json',
    auth: guarantee,
    body: ZHandToBankRequest,
    response: done,
  }),
  reassign: defineOperation({
    method: 'POST',
    path: '/finance/demand/reassign.json',
    auth: supervise,
    body: ZReassignDemandRequest,
    response: done,
  }),
  bankUnits: defineOperation({
    method: 'GET',
    path: '/finance/demand/bankUnits.json',
    auth: { anyPermission: ['demand:guarantee', 'demand:supervise'] },
    query: ZBankUnitsQuery,
    response: ZBankUnitsResponse,
  }),
  returnToPool: defineOperation({
    method: 'POST',
    path: '/finance/demand/returnToPool.json',
    auth: supervise,
    body: ZDemandIdRequest,
    response: done,
  }),
  urge: defineOperation({
    method: 'POST',
    path: '/finance/demand/urge.json',
    auth: supervise,
    body: ZUrgeDemandRequest,
    response: done,
  }),

  makeupSave: defineOperation({
    method: 'POST',
    path: '/finance/demand/makeup/save.json',
    auth: manage,
    body: ZMakeupRequest,
    response: ZCreateDemandResponse,
  }),
  makeupTemplate: defineOperation({
    method: 'GET',
    path: '/finance/demand/makeup/import/template.json',
    auth: manage,
    response: noData,
    answers: 'file',
  }),
  makeupUpload: defineOperation({
    method: 'POST',
    path: '/finance/demand/makeup/import/upload.json',
    auth: manage,
    encoding: 'multipart',
    query: ZImportUploadQuery,
    response: ZImportResult,
  }),
  makeupRecords: defineOperation({
    method: 'GET',
    path: '/finance/demand/makeup/import/records.json',
    auth: manage,
    query: ZImportJobPageQuery,
    response: ZImportJobPage,
  }),
  makeupFailures: defineOperation({
    method: 'GET',
    path: '/finance/demand/makeup/import/failures.json',
    auth: manage,
    query: ZImportFailuresQuery,
    response: ZImportFailures,
  }),
};
